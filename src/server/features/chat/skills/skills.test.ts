import { describe, expect, it } from "vitest";
import { fromIsoDate } from "../../../../shared/calendar-date.js";
import { errorMessages } from "../../../../shared/contracts/errors.js";
import { normalise } from "../offline-engine/normalise.js";
import { readIntent } from "./reading.js";
import type { ToolContext } from "./tool-turn.js";
import { newTurnRecord } from "./tool-turn.js";
import { readSlots } from "./reading.js";
import { assistantTools, modelWrites, skillFor, skills, slotReaders } from "./registry.js";
import { modelTools } from "../../../operations/doors/model.js";
import { operations } from "../../../operations/registry.js";

/**
 * Each capability file, through the registry: the intents it claims route to it, its slot reader
 * reads a request of its own kind, its own model tools are offered under their names, and the
 * catalogue writes it has a chat policy for are named.
 */
const today = fromIsoDate("2026-11-23");
const read = (message: string) => {
  const normalised = normalise(message);
  return readSlots(readIntent(normalised.text), normalised, today, ["Campaigns", "Incidents"]);
};
const context = { actions: {}, turn: newTurnRecord(), asked: () => true } as unknown as ToolContext;

const cases: {
  skill: string;
  message: string;
  read: object;
  tools: string[];
  writes?: string[];
}[] = [
  {
    skill: "create-annotation",
    message: "log 'Deploy v2' yesterday in red",
    read: { intent: "create", title: "Deploy v2", color: "RED", missing: [] },
    tools: ["suggestRequest"],
    writes: ["createAnnotation"],
  },
  {
    skill: "update-annotation",
    message: 'rename "Sale" to "Winter sale" and make it green',
    read: { intent: "update", newTitle: "Winter sale", color: "GREEN" },
    tools: [],
    writes: ["updateAnnotation"],
  },
  {
    skill: "delete-annotations",
    message: "delete all the red ones from last week",
    read: { intent: "delete", everyMatch: true, color: "RED" },
    tools: ["deleteAnnotations"],
  },
  {
    skill: "list-annotations",
    message: "is there a note for the site migration?",
    read: { intent: "list", titleContains: "site migration" },
    tools: ["listAnnotations"],
  },
  {
    skill: "traffic-insight",
    message: "why did sessions drop on Nov 12?",
    read: { intent: "traffic_day", metric: "sessions" },
    tools: ["trafficInsight"],
  },
  {
    skill: "small-talk",
    message: "how many annotations do I have left today?",
    read: { intent: "allowance" },
    tools: [],
  },
  {
    skill: "inbox-suggestions",
    message: "accept the release suggestion",
    read: { intent: "inbox" },
    tools: [],
    writes: ["acceptSuggestion"],
  },
];

describe("the capabilities, one file each", () => {
  it("registers each capability once, under its file's name", () => {
    const names = skills.map((skill) => skill.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(cases.map((c) => c.skill)));
  });

  for (const each of cases) {
    describe(each.skill, () => {
      const skill = skills.find((candidate) => candidate.name === each.skill)!;

      it("answers the intents it claims", () => {
        for (const intent of skill.intents) expect(skillFor(intent)).toBe(skill);
        expect(skill.patterns.length).toBeGreaterThan(0);
      });

      it("reads a request of its own kind", () => {
        const understanding = read(each.message);
        expect(understanding).toMatchObject(each.read);
        expect(skill.intents).toContain(understanding.intent);
        if (skill.readSlots) expect(slotReaders[understanding.intent]).toBe(skill.readSlots);
      });

      it("offers the model its tools", () => {
        expect(Object.keys(skill.tools?.(context) ?? {}).sort()).toEqual([...each.tools].sort());
      });

      it("has a chat policy for the catalogue writes it gives the model, and no other", () => {
        expect(Object.keys(skill.writes ?? {}).sort()).toEqual([...(each.writes ?? [])].sort());
      });
    });
  }

  it("gives the model every capability's tools and the catalogue's, each guarded", async () => {
    // As the assistant builds them: the capabilities' own tools, then the catalogue's operations
    // marked for the model, its writes through the capabilities' policies.
    const failures: unknown[] = [];
    const guarded = { ...context, turn: newTurnRecord(), failed: (e: unknown) => failures.push(e) };
    const all = assistantTools(
      guarded,
      modelTools(operations, {
        ...modelWrites(guarded),
        propertyId: "123456789",
        run: () => Promise.reject(new Error("select * from annotations failed")),
      }),
    );
    expect(Object.keys(all)).toEqual(
      expect.arrayContaining([
        ...cases.flatMap((c) => [...c.tools, ...(c.writes ?? [])]),
        "listCategories",
        "getAnnotationImpact",
        "listProperties",
        "listSuggestions",
      ]),
    );
    // Guarded: a failure of ours reaches the model and the person as our sentence, not its text.
    const answer = await all["listCategories"]!.execute!({}, { toolCallId: "1", messages: [] });
    expect(answer).toEqual({ ok: false, error: errorMessages.internal });
    expect(guarded.turn.errors).toEqual([errorMessages.internal]);
    expect(failures).toHaveLength(1);
  });
});
