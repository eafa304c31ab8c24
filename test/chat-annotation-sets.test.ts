import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { annotationSetMembers, properties, users } from "../src/server/db/schema/index.js";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import {
  requestAs,
  sameOrigin,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";

/** "Add it to all my properties" through the offline assistant (decision 0058). */
let harness: AppHarness;
/** A fixed clock: Monday 2026-11-23, mid-afternoon UTC. */
const clock = new Date("2026-11-23T15:00:00Z");

beforeAll(async () => {
  harness = await startAppHarness({ deps: { now: () => clock } });
});
afterAll(async () => {
  await harness?.close();
});

type Person = TestPerson & { sessionId?: string; others: string[] };

/** A person with every property the sandbox lets them edit saved; UTC days. */
async function person(tier: "freemium" | "premium", email: string): Promise<Person> {
  const who = await setUpPerson(harness, tier, { email });
  const reachable = (await requestAs(harness, who.jar, "GET", "/api/ga4/properties")).json()
    .properties as { propertyId: string; canEdit: boolean }[];
  const others = reachable
    .filter((p) => p.canEdit && p.propertyId !== who.propertyId)
    .map((p) => p.propertyId);
  if (tier === "premium") {
    for (const propertyId of others)
      await requestAs(harness, who.jar, "POST", "/api/properties", { propertyId });
    const [row] = await harness.database.db.select().from(users).where(eq(users.email, email));
    await harness.database.db
      .update(properties)
      .set({ timeZone: "UTC" })
      .where(and(eq(properties.userId, row!.id), inArray(properties.propertyId, others)));
  }
  return { ...who, others: tier === "premium" ? others : [] };
}

async function say(who: Person, message: string) {
  const response = await harness.app.inject({
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
  expect(response.statusCode, response.body).toBe(200);
  who.sessionId = response.json().sessionId;
  return response.json() as { reply: string; confirmation: unknown };
}

const titled = async (who: Person, propertyId: string, title: string) =>
  (
    (await requestAs(harness, who.jar, "GET", `/api/annotations/${propertyId}`)).json()
      .reportingDataAnnotations as Annotation[]
  ).filter((annotation) => annotation.title === title);

describe("the assistant's create on all the person's properties", () => {
  it("adds it to each saved property, linked as one set, and names each in the reply", async () => {
    const who = await person("premium", "copies.1@example.com");
    expect(who.others).toHaveLength(1);
    const { reply } = await say(who, "Add “Spring sale” on 2026-11-20 to all my properties");
    expect(reply).toMatch(/^Created “Spring sale” on 2026-11-20 in .+ and .+\.$/);
    const made = [
      ...(await titled(who, who.propertyId, "Spring sale")),
      ...(await titled(who, who.others[0]!, "Spring sale")),
    ];
    expect(made).toHaveLength(2);
    expect(made.map((annotation) => annotation.source)).toEqual(["assistant", "assistant"]);
    const members = await harness.database.db
      .select()
      .from(annotationSetMembers)
      .where(
        inArray(
          annotationSetMembers.annotationId,
          made.map((annotation) => annotation.annotationId),
        ),
      );
    expect(members).toHaveLength(2);
    expect(members[0]!.setId).toBe(members[1]!.setId);
  });

  it("reads 'on every property' too, and never puts the words in the title", async () => {
    const who = await person("premium", "copies.2@example.com");
    const { reply } = await say(who, "log “Price rise” on 2026-11-21 on every property");
    expect(reply).toMatch(/^Created “Price rise”/);
    for (const propertyId of [who.propertyId, ...who.others])
      expect(await titled(who, propertyId, "Price rise")).toHaveLength(1);
  });

  it("writes nothing when the request is read with a doubt, and says how to ask", async () => {
    const who = await person("premium", "copies.4@example.com");
    const { reply, confirmation } = await say(who, "add it to all my properties, call it Launch");
    expect(confirmation).toBeNull();
    expect(reply).toContain("Nothing was added.");
    for (const propertyId of [who.propertyId, ...who.others])
      expect(await titled(who, propertyId, "Launch")).toEqual([]);
  });

  it("makes it on Free's one property", async () => {
    const who = await person("freemium", "copies.6@example.com");
    const { reply } = await say(who, "Add “Spring sale” on 2026-11-20 to all my properties");
    expect(reply).toMatch(/^Created “Spring sale” on 2026-11-20 in [^;]+\.$/);
    expect(await titled(who, who.propertyId, "Spring sale")).toHaveLength(1);
  });
});
