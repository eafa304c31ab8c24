import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import type { SendChatResponse } from "../src/shared/contracts/chat.js";
import {
  sameOrigin,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";

/**
 * The offline engine writes only what it understood: a reading that may be a guess becomes a
 * preview, written on Confirm; a request of several parts is done whole or not at all.
 */
const clock = new Date("2026-11-23T15:00:00Z");
let harness: AppHarness;
beforeAll(async () => {
  harness = await startAppHarness({ deps: { now: () => clock } });
});
afterAll(async () => {
  await harness?.close();
});

type Person = TestPerson & { sessionId?: string };

async function say(who: Person, message: string): Promise<SendChatResponse> {
  const response = await harness.app.inject({
    method: "POST",
    url: "/api/chat",
    headers: { ...sameOrigin, cookie: who.jar.header() },
    payload: { message, propertyId: who.propertyId, sessionId: who.sessionId ?? null },
  });
  expect(response.statusCode, response.body).toBe(200);
  who.sessionId = response.json().sessionId;
  return response.json();
}

async function settle(who: Person, confirmationId: string, decision: "confirm" | "cancel") {
  const response = await harness.app.inject({
    method: "POST",
    url: `/api/chat/${who.sessionId}/confirmation`,
    headers: { ...sameOrigin, cookie: who.jar.header() },
    payload: { confirmationId, decision },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SendChatResponse;
}

const annotationsOf = async (who: Person) =>
  (
    await harness.app.inject({
      method: "GET",
      url: `/api/annotations/${who.propertyId}`,
      headers: { cookie: who.jar.header() },
    } as InjectOptions)
  ).json().reportingDataAnnotations as Annotation[];

describe("the offline engine never writes a guess", { timeout: 60_000 }, () => {
  it("a title made from a story waits as a preview, and Confirm writes it", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    const before = (await annotationsOf(who)).length;
    const preview = await say(who, "I paused all Google ads yesterday, please log that");
    expect(preview.confirmation?.summary).toMatch(/^Create “Paused all Google ads” \(2026-11-22\)/);
    expect(preview.reply).toMatch(/^I'm not sure I read that right/);
    expect(await annotationsOf(who)).toHaveLength(before);
    const done = await settle(who, preview.confirmation!.id, "confirm");
    expect(done.reply).toMatch(/^Created “Paused all Google ads” \(2026-11-22\)/);
    expect((await annotationsOf(who)).some((a) => a.title === "Paused all Google ads")).toBe(true);
  });

  it("a time word left in the title with no day read is a preview, never today's annotation", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    const before = (await annotationsOf(who)).length;
    const preview = await say(who, "add Checkout outage around lunchtime");
    expect(preview.confirmation).not.toBeNull();
    expect(preview.reply).toMatch(/I took “around lunchtime” as today/);
    await settle(who, preview.confirmation!.id, "cancel");
    expect(await annotationsOf(who)).toHaveLength(before);
  });

  it("a clear request still writes at once", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    const created = await say(who, 'add "Pricing v2" on Nov 12 in green');
    expect(created.confirmation).toBeNull();
    expect(created.reply).toMatch(/^Created “Pricing v2” \(2026-11-12\)/);
  });
});

describe("several parts, all or none", { timeout: 60_000 }, () => {
  it("rename and recolour and describe: every part is made, and the reply names each", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    await say(who, 'add "Spring sale" on Nov 3');
    const changed = await say(
      who,
      'rename "Spring sale" to "Spring sale week", make it red and describe it as Ran all week',
    );
    expect(changed.confirmation).toBeNull();
    const after = (await annotationsOf(who)).find((a) => a.title === "Spring sale week");
    expect(after).toMatchObject({ color: "RED", description: "Ran all week" });
  });

  it("move and describe: both parts, or nothing when one cannot be read", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    await say(who, 'add "Launch" on Nov 3');
    await say(who, 'move "Launch" to Nov 5 and describe it as Moved after QA');
    const moved = (await annotationsOf(who)).find((a) => a.title === "Launch");
    expect(moved).toMatchObject({ description: "Moved after QA" });
    expect(moved?.annotationDate).toMatchObject({ year: 2026, month: 11, day: 5 });

    const refused = await say(who, 'move "Launch" to Nov 6 and frobnicate it sideways');
    expect(refused.reply).not.toMatch(/Updated/);
    const still = (await annotationsOf(who)).find((a) => a.title === "Launch");
    expect(still?.annotationDate).toMatchObject({ year: 2026, month: 11, day: 5 });
  });
});
