import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Annotation } from "../../../../shared/contracts/annotations.js";
import type { Category } from "../../../../shared/contracts/categories.js";
import { chatMessageMaxLength } from "../../../../shared/contracts/chat.js";
import type { AssistantActions } from "../assistant-actions.js";
import type { ConversationMemory, PendingQuestion } from "../conversation-state.js";
import {
  describeHostilePlan,
  hostileLeads,
  hostileMaterial,
  hostileMessage,
  hostileUnits,
  type HostilePlan,
} from "./hostile-messages.js";
import { runPipeline } from "../skills/pipeline.js";

/**
 * The engine's CPU bound: no message up to the chat's longest, whatever it is made of, costs the
 * engine more than this much CPU time (its whole turn: reading, resolving and acting, with
 * actions that answer at once). The slowest found costs a small fraction of it (`npm run bench`
 * prints it); the margin is for a slower or busier machine, whose CPU time per message grows too.
 */
const maxCpuMs = 50;
const today = { year: 2026, month: 11, day: 23 };

const category = (id: string, name: string): Category => ({
  id,
  name,
  color: "BLUE",
  description: null,
  titleTemplate: null,
  isDefault: false,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});
const annotation = (id: string, title: string, day: number): Annotation => ({
  annotationId: id,
  name: `properties/1/reportingDataAnnotations/${id}`,
  title,
  description: "",
  annotationDate: { year: 2026, month: 11, day },
  color: "BLUE",
  dateAdded: null,
  categoryId: null,
  systemGenerated: false,
});

/**
 * Actions that answer at once, so the CPU time measured is the engine's: a few annotations and
 * categories to read against, creates that succeed, and every other action refused as a person
 * without the plan for it would be.
 */
const answering = {
  usableCategories: async () => [category("c1", "Campaigns"), category("c2", "Paid Social")],
  dailyAllowance: () => ({ used: 1, quota: 5 }),
  listAnnotations: async () => ({
    ok: true,
    value: {
      propertyId: "1",
      annotations: [annotation("1", "Black Friday sale", 20), annotation("2", "Launch", 12)],
    },
  }),
  createAnnotation: async (request: { title: string }) => ({
    ok: true,
    value: annotation("9", request.title, 23),
  }),
};
const actions = new Proxy(answering, {
  get: (target, name) =>
    name in target
      ? target[name as keyof typeof target]
      : async () => ({ ok: false, error: "That needs Premium.", code: "premium_required" }),
}) as unknown as AssistantActions;

const questions: (PendingQuestion | undefined)[] = [
  undefined,
  { intent: "create", asked: "title", known: { date: "2026-11-12" } },
  { intent: "update", asked: "change", known: { targetId: "2" } },
  {
    intent: "delete",
    asked: "choice",
    known: {},
    options: [{ annotationId: "1", title: "Black Friday sale", date: "2026-11-20" }],
  },
  { intent: "create", asked: "category", known: { title: "Launch" }, categoryOptions: ["Promos"] },
];

/**
 * The CPU time of the thread the engine runs on: the process's other threads (the collector's,
 * the compiler's) run beside it and grow with the machine's load, not with the message.
 */
const cpuUsage = (before?: NodeJS.CpuUsage) =>
  process.threadCpuUsage ? process.threadCpuUsage(before) : process.cpuUsage(before);

/** The CPU time the engine spends on one whole turn for the message. */
async function engineCpuMs(message: string, question?: PendingQuestion): Promise<number> {
  const memory: ConversationMemory = question ? { question } : {};
  const before = cpuUsage();
  const turn = await runPipeline({ actions, message, today, propertyId: "1", memory });
  const used = cpuUsage(before);
  expect(turn.reply).not.toBe("");
  return (used.user + used.system) / 1000;
}

const longest = (units: readonly string[], woven = false): HostilePlan => ({
  units,
  woven,
  length: chatMessageMaxLength,
});

beforeAll(async () => {
  // The first readings compile the engine's patterns; the bound is for the ones after. Made-up
  // words are left out, so that the engine meets them first where they are measured.
  for (const message of ["create Launch on Nov 12 in red, thanks", "show last week's", "yes"])
    await engineCpuMs(message);
  const { prose: _, ...known } = hostileMaterial;
  const kinds = Object.values(known);
  for (const [index, lead] of hostileLeads.entries())
    await engineCpuMs(hostileMessage({ ...longest(kinds[index % kinds.length]!, true), lead }));
});

describe("the offline engine on hostile messages", () => {
  it("reads each unit of hostile material, repeated to the longest message, within the bound", async () => {
    const over: string[] = [];
    for (const [index, unit] of hostileUnits.entries()) {
      const plan = longest([unit]);
      const cpuMs = await engineCpuMs(hostileMessage(plan), questions[index % questions.length]);
      if (cpuMs > maxCpuMs) over.push(`${cpuMs.toFixed(1)} ms: ${describeHostilePlan(plan)}`);
    }
    expect(over).toEqual([]);
  });

  it("reads mixes of them after any request, in runs or woven, within the bound", async () => {
    const plans = fc.record({
      lead: fc.constantFrom(...hostileLeads),
      units: fc.array(fc.constantFrom(...hostileUnits), { minLength: 2, maxLength: 5 }),
      woven: fc.boolean(),
      length: fc.oneof(
        fc.constant(chatMessageMaxLength),
        fc.integer({ min: 1, max: chatMessageMaxLength }),
      ),
    });
    await fc.assert(
      fc.asyncProperty(plans, fc.constantFrom(...questions), async (plan, question) => {
        const cpuMs = await engineCpuMs(hostileMessage(plan), question);
        expect(cpuMs, describeHostilePlan(plan)).toBeLessThanOrEqual(maxCpuMs);
      }),
      { numRuns: 40, seed: 2911 },
    );
  });
});
