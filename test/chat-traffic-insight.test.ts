import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLlmAssistant } from "../src/server/features/chat/llm-assistant.js";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import type { TrafficReport } from "../src/shared/contracts/traffic.js";
import { unexplainedChanges } from "../src/shared/traffic-explanations.js";
import {
  sameOrigin,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";
import { ScriptedModel } from "./scripted-model.js";

/**
 * The assistant's trafficInsight tool: 'what happened on Nov 12?' and 'anything
 * unexplained last month?' answered from the chart's own analysis, through /api/chat on a
 * scripted language model against the sandbox's seeded traffic. (The offline engine answers the
 * same questions through the same action: test/chat-offline-traffic.test.ts.)
 */
const scripted = new ScriptedModel();
let harness: AppHarness;

beforeAll(async () => {
  harness = await startAppHarness({
    deps: {
      assistantEngine: {
        kind: "llm",
        assistant: createLlmAssistant({ model: scripted.model, timeoutMs: 5_000 }),
      },
    },
  });
});
afterAll(async () => {
  await harness?.close();
});

const get = (who: TestPerson, url: string) =>
  harness.app.inject({ method: "GET", url, headers: { cookie: who.jar.header() } });

/**
 * The chart over 90 days: the sandbox seeds its unexplained spike in the last four weeks only
 * where its seeded annotations leave room, and further back otherwise (a long campaign can cover
 * those weeks), so 28 days would hold it only on some properties.
 */
async function chart(
  who: TestPerson,
): Promise<{ report: TrafficReport; annotations: Annotation[] }> {
  const report = await get(who, `/api/traffic/${who.propertyId}?metric=sessions&range=90d`);
  expect(report.statusCode, report.body).toBe(200);
  const listed = await get(who, `/api/annotations/${who.propertyId}`);
  return {
    report: report.json<TrafficReport>(),
    annotations: listed.json<{ reportingDataAnnotations: Annotation[] }>().reportingDataAnnotations,
  };
}

/** Asks through /api/chat, the model calling trafficInsight once; returns what the tool gave it. */
async function ask(who: TestPerson, message: string, input: Record<string, unknown>) {
  scripted.script({ toolCalls: [{ toolName: "trafficInsight", input }] }, { text: "Answered." });
  const response = await harness.app.inject({
    method: "POST",
    url: "/api/chat",
    headers: { ...sameOrigin, cookie: who.jar.header() },
    payload: { message, propertyId: who.propertyId, timeZone: "UTC" },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json<{ reply: string }>().reply).toBe("Answered.");
  return toolOutput(scripted.calls[1]!);
}

/** The tool's result as the model's second call received it. */
function toolOutput(call: LanguageModelV3CallOptions): Record<string, unknown> {
  for (const message of call.prompt) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type !== "tool-result") continue;
      const { output } = part;
      if (output.type !== "json")
        throw new Error(`unexpected tool output ${JSON.stringify(output)}`);
      // Every tool answers { ok: true, value } or { ok: false, error }.
      expect(output.value).toMatchObject({ ok: true });
      return (output.value as { value: Record<string, unknown> }).value;
    }
  }
  throw new Error("the model was given no tool result");
}

describe("the assistant's trafficInsight tool", () => {
  it("answers 'what happened on <day>?' with the chart's value, week-on-week change and unusual day", async () => {
    const who = await setUpPerson(harness, "premium");
    const { report, annotations } = await chart(who);
    const spike = unexplainedChanges(report.changes, annotations, report.dismissedDates).find(
      (change) => change.direction === "spike",
    );
    if (!spike) throw new Error("the sandbox seeds an unexplained spike in the last 90 days");
    const shown = report.days.find((day) => day.date === spike.date)!;

    const answer = await ask(who, `what happened on ${spike.date}?`, { date: spike.date });

    expect(answer).toMatchObject({
      date: spike.date,
      metric: "sessions",
      value: shown.value,
      unusual: { date: spike.date, direction: "spike", value: shown.value },
      annotations: [],
      dismissed: false,
    });
    const weekEarlier = report.days.find(
      (day) => Date.parse(spike.date) - Date.parse(day.date) === 7 * 86_400_000,
    );
    if (weekEarlier) {
      expect(answer.weekEarlier).toBe(weekEarlier.value);
      expect(answer.changeFromWeekEarlier).toBeCloseTo(
        (shown.value - weekEarlier.value) / weekEarlier.value,
        10,
      );
    }
  });

  it("answers 'anything unexplained last month?' with the days the chart shows hollow, and drops one once annotated", async () => {
    const who = await setUpPerson(harness, "premium");
    const { report, annotations } = await chart(who);
    const open = unexplainedChanges(report.changes, annotations, report.dismissedDates);
    expect(open.length).toBeGreaterThan(0);
    const period = { startDate: report.startDate, endDate: report.endDate };

    const before = await ask(who, "anything unexplained last month?", period);
    const listed = (before.unexplained as { date: string }[]).map((change) => change.date);
    for (const change of open) expect(listed).toContain(change.date);

    const [first] = open;
    const created = await harness.app.inject({
      method: "POST",
      url: `/api/annotations/${who.propertyId}`,
      headers: { ...sameOrigin, cookie: who.jar.header() },
      payload: {
        title: "Explains it",
        annotationDate: {
          year: Number(first!.date.slice(0, 4)),
          month: Number(first!.date.slice(5, 7)),
          day: Number(first!.date.slice(8, 10)),
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);

    const after = await ask(who, "anything unexplained last month?", period);
    expect((after.unexplained as { date: string }[]).map((change) => change.date)).not.toContain(
      first!.date,
    );
    expect(after.explainedCount).toBe((before.explainedCount as number) + 1);

    const day = await ask(who, `what happened on ${first!.date}?`, { date: first!.date });
    expect(day.annotations).toEqual([expect.objectContaining({ title: "Explains it" })]);
  });
});
