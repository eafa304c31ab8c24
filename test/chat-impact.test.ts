import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { control } from "../src/sandbox/testing/sandbox-test-kit.js";
import { createLlmAssistant } from "../src/server/features/chat/llm-assistant.js";
import { calendarDateOf, fromIsoDate, toIsoDate } from "../src/shared/calendar-date.js";
import type { AnnotationImpact } from "../src/shared/contracts/impact.js";
import type { SendChatResponse } from "../src/shared/contracts/chat.js";
import { addDays } from "../src/shared/contracts/traffic.js";
import {
  requestAs,
  sameOrigin,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";
import { ScriptedModel } from "./scripted-model.js";
import { clearSeededAnnotationsNear } from "./seeded-annotations.js";

/**
 * The assistant answers "did it work?" and "why did it move?" with the impact service's own
 * figures (the same as the table, REST and MCP), on effects planted in the sandbox's traffic.
 */
let harness: AppHarness;
const today = toIsoDate(calendarDateOf(new Date()));
const saleStart = addDays(today, -24);
const saleEnd = addDays(today, -18);
const outage = addDays(today, -10);

beforeAll(async () => {
  harness = await startAppHarness();
});
afterAll(async () => {
  await harness?.close();
});

async function plantedPerson(tier: "premium" | "freemium"): Promise<TestPerson> {
  const person = await setUpPerson(harness, tier);
  // The seeded sales and outages move with the date; without them the planted effects are alone.
  await control(harness.sandbox.url, "DELETE", `/traffic-effects/${person.propertyId}`);
  for (const effect of [
    { factor: 1.5, startDate: saleStart, endDate: saleEnd },
    { factor: 0.35, startDate: outage, endDate: addDays(outage, 3) },
  ])
    await control(harness.sandbox.url, "POST", "/traffic-effects", {
      propertyId: person.propertyId,
      shape: "step",
      ...effect,
    });
  // What ranks first must not depend on the seeded annotations of the day (Free cannot delete,
  // and is shown no ranking).
  if (tier === "premium")
    await clearSeededAnnotationsNear(harness, person, [saleStart, saleEnd, outage]);
  for (const body of [
    {
      title: "Winter clearance",
      annotationDateRange: { startDate: fromIsoDate(saleStart), endDate: fromIsoDate(saleEnd) },
    },
    { title: "Cart outage", annotationDate: fromIsoDate(outage), color: "RED" },
  ]) {
    const made = await requestAs(
      harness,
      person.jar,
      "POST",
      `/api/annotations/${person.propertyId}`,
      body,
    );
    expect(made.statusCode, made.body).toBe(201);
  }
  return person;
}

async function say(person: TestPerson & { sessionId?: string }, message: string) {
  const response = await harness.app.inject({
    method: "POST",
    url: "/api/chat",
    headers: { ...sameOrigin, cookie: person.jar.header() },
    payload: {
      message,
      propertyId: person.propertyId,
      ...(person.sessionId ? { sessionId: person.sessionId } : {}),
      timeZone: "UTC",
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  person.sessionId = response.json().sessionId;
  return response.json<SendChatResponse>().reply;
}

describe("the assistant on impact", () => {
  it("says whether an annotated sale worked, with the table's figures and interval", async () => {
    const person = await plantedPerson("premium");
    const listed = await requestAs(
      harness,
      person.jar,
      "GET",
      `/api/properties/${person.propertyId}/impact?metric=sessions`,
    );
    const sale = (listed.json().impacts as AnnotationImpact[]).find(
      (impact) => impact.startDate === saleStart,
    )!;
    expect(sale.estimate?.verdict).toBe("up");

    const answer = await say(person, "did the winter clearance work?");
    expect(answer).toContain(`“Winter clearance” (${saleStart} to ${saleEnd}): ${sale.sentence}.`);
    expect(answer).toMatch(/likely: 90 % interval \+\d+ % to \+\d+ %/);
    // "it" is the annotation the conversation is about now.
    const keyEvents = await say(person, "and how did it perform on key events?");
    expect(keyEvents).toMatch(/^“Winter clearance” .*key events/i);

    const cost = await say(person, "what did the cart outage cost us?");
    expect(cost).toMatch(/^“Cart outage” \(\S+\): Sessions −\d+ % in the 7 days from it/);
    expect(await say(person, "did the spring relaunch pay off?")).toBe(
      "I couldn't find an annotation called “spring relaunch” in this property.",
    );
  });

  it("ranks the annotation that began with a drop first when asked why it moved", async () => {
    const person = await plantedPerson("premium");
    const answer = await say(person, `why did sessions drop on ${outage}?`);
    expect(answer).toContain("That is a drop");
    expect(answer).toMatch(
      /Likely causes, best first:\n1\. “Cart outage”: .*began the day the change did/,
    );
  });

  it("keeps other metrics and ranked causes for Premium, as the plans say", async () => {
    const person = await plantedPerson("freemium");
    expect(await say(person, "did the winter clearance work?")).toMatch(
      /^“Winter clearance” .*Sessions \+\d+ %/,
    );
    expect(await say(person, "did the winter clearance work on key events?")).toMatch(/Premium/);
    const why = await say(person, `why did sessions drop on ${outage}?`);
    expect(why).toContain("That is a drop");
    expect(why).not.toContain("Likely causes");
  });
});

describe("the language-model assistant on impact", () => {
  it("reads the catalogue's impact operation, the same figures, for the conversation's property", async () => {
    const scripted = new ScriptedModel();
    const model = await startAppHarness({
      deps: {
        assistantEngine: {
          kind: "llm",
          assistant: createLlmAssistant({ model: scripted.model, timeoutMs: 5_000 }),
        },
      },
    });
    try {
      const person = await setUpPerson(model, "premium");
      await control(model.sandbox.url, "DELETE", `/traffic-effects/${person.propertyId}`);
      await control(model.sandbox.url, "POST", "/traffic-effects", {
        propertyId: person.propertyId,
        factor: 1.5,
        startDate: saleStart,
        endDate: saleEnd,
      });
      const made = await requestAs(
        model,
        person.jar,
        "POST",
        `/api/annotations/${person.propertyId}`,
        {
          title: "Winter clearance",
          annotationDateRange: { startDate: fromIsoDate(saleStart), endDate: fromIsoDate(saleEnd) },
        },
      );
      const { annotationId } = made.json<{ annotationId: string }>();
      const page = await requestAs(
        model,
        person.jar,
        "GET",
        `/api/properties/${person.propertyId}/annotations/${annotationId}/impact`,
      );
      scripted.script(
        { toolCalls: [{ toolName: "getAnnotationImpact", input: { annotationId } }] },
        { text: "It worked." },
      );
      const response = await model.app.inject({
        method: "POST",
        url: "/api/chat",
        headers: { ...sameOrigin, cookie: person.jar.header() },
        payload: { message: "did the winter clearance work?", propertyId: person.propertyId },
      });
      expect(response.statusCode, response.body).toBe(200);
      // What the model was handed: the operation's output, as the page's route answers it.
      const toModel = JSON.stringify(scripted.calls[1]?.prompt);
      expect(toModel).toContain(
        JSON.stringify(page.json<AnnotationImpact>().sentence).slice(1, -1),
      );
      // The property is the conversation's: the model is not asked for it.
      const offered = JSON.stringify(scripted.calls[0]?.tools);
      expect(offered).toContain("getAnnotationImpact");
      // Why a day moved reaches the model through its traffic tool, within the prompt's budget.
      expect(offered).not.toContain("explainChange");
    } finally {
      await model.close();
    }
  });
});

describe("an impact question that names several annotations", () => {
  it("lists them and asks again, measuring none", async () => {
    const person = await setUpPerson(harness, "premium");
    for (const day of [addDays(today, -30), addDays(today, -20)]) {
      const made = await requestAs(
        harness,
        person.jar,
        "POST",
        `/api/annotations/${person.propertyId}`,
        {
          title: "Newsletter blast",
          annotationDate: fromIsoDate(day),
        },
      );
      expect(made.statusCode, made.body).toBe(201);
    }
    const answer = await say(person, "did the newsletter blast work?");
    expect(answer).toMatch(
      /^More than one annotation is called “newsletter blast”:\n1\. “Newsletter blast”/i,
    );
    expect(answer).toContain("Ask again with the full title of the one you mean.");
  });
});
