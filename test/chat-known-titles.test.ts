import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import {
  sameOrigin,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";

/**
 * The offline assistant reading a message against the property's own titles, end to end: a
 * statement of fact about an annotation is the change it asks for, made through the annotations
 * service on the Google sandbox, and words it cannot place make it a preview instead.
 */
let harness: AppHarness;
const clock = new Date("2026-11-23T15:00:00Z");

beforeAll(async () => {
  harness = await startAppHarness({ deps: { now: () => clock } });
});
afterAll(async () => {
  await harness?.close();
});

const inject = (options: InjectOptions) => harness.app.inject(options);
type Person = TestPerson & { sessionId?: string };

async function say(who: Person, message: string) {
  const response = await inject({
    method: "POST",
    url: "/api/chat",
    headers: { ...sameOrigin, cookie: who.jar.header() },
    payload: {
      message,
      propertyId: who.propertyId,
      ...(who.sessionId ? { sessionId: who.sessionId } : {}),
      timeZone: "UTC",
    },
  });
  expect(response.statusCode).toBe(200);
  who.sessionId = response.json().sessionId;
  return response.json() as { reply: string; confirmation: { summary: string } | null };
}

const annotationsOf = async (who: Person) =>
  (
    await inject({
      method: "GET",
      url: `/api/annotations/${who.propertyId}`,
      headers: { cookie: who.jar.header() },
    })
  ).json().reportingDataAnnotations as Annotation[];

const named = async (who: Person, title: string) =>
  (await annotationsOf(who)).find((annotation) => annotation.title === title);

describe("the offline assistant and the property's titles", () => {
  it("changes the annotation a stated fact is about, and writes nothing for words it cannot place", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    await say(who, "add “Loyalty app 3.1” on the 4th");
    expect((await named(who, "Loyalty app 3.1"))?.annotationDate).toEqual({
      year: 2026,
      month: 11,
      day: 4,
    });

    const moved = await say(who, "loyalty app 3.1 really shipped on the 6th");
    expect(moved.reply).toContain("Loyalty app 3.1");
    expect((await named(who, "Loyalty app 3.1"))?.annotationDate).toEqual({
      year: 2026,
      month: 11,
      day: 6,
    });

    const count = (await annotationsOf(who)).length;
    const unsure = await say(who, "Loyalty app 3.1 shipped on the 9th with the banner swap");
    expect(unsure.reply).not.toMatch(/^Updated/);
    expect((await named(who, "Loyalty app 3.1"))?.annotationDate.day).toBe(6);
    expect((await annotationsOf(who)).length).toBe(count);
  });

  it("takes “it can go” as a deletion that still asks first, and empties a field it names", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    await say(who, "add “Spring lookbook” on the 2nd, description “12 looks”");
    expect((await named(who, "Spring lookbook"))?.description).toBe("12 looks");
    const emptied = await say(who, "spring lookbook doesn't need a description any more");
    expect(emptied.confirmation).toBeNull();
    expect((await named(who, "Spring lookbook"))?.description ?? "").toBe("");

    const deletion = await say(who, "Spring lookbook can go");
    expect(deletion.confirmation?.summary).toContain("Spring lookbook");
    expect(await named(who, "Spring lookbook")).toBeDefined();
  });
});
