import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { control } from "../src/sandbox/testing/sandbox-test-kit.js";
import { properties, users } from "../src/server/db/schema/index.js";
import type {
  AllAnnotationsKeysResponse,
  AllAnnotationsResponse,
} from "../src/shared/contracts/all-annotations.js";
import { maxBulkItems } from "../src/shared/contracts/bulk-annotations.js";
import { calendarDateOf } from "../src/shared/calendar-date.js";
import {
  requestAs,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";

/** GET /api/annotations: every saved property's annotations, for the signed-in person only. */
let harness: AppHarness;

beforeAll(async () => {
  harness = await startAppHarness();
});
afterAll(async () => {
  await harness?.close();
});
beforeEach(async () => {
  await control(harness.sandbox.url, "POST", "/reset");
});

const listCalls = async () =>
  (await control<{ counters: Record<string, number> }>(harness.sandbox.url, "GET", "/counters"))
    .counters["analyticsadmin.properties.reportingDataAnnotations.list"] ?? 0;
const view = async (who: TestPerson, query = "") => {
  const response = await requestAs(harness, who.jar, "GET", `/api/annotations${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AllAnnotationsResponse>();
};

/** Saves every property the person's Google account reaches (Premium holds up to five). */
async function saveAll(who: TestPerson): Promise<{ propertyId: string; displayName: string }[]> {
  const reachable = (await requestAs(harness, who.jar, "GET", "/api/ga4/properties")).json()
    .properties as { propertyId: string; displayName: string }[];
  for (const { propertyId } of reachable) {
    const saved = await requestAs(harness, who.jar, "POST", "/api/properties", { propertyId });
    expect([200, 201], saved.body).toContain(saved.statusCode);
  }
  return reachable;
}

describe("GET /api/annotations", () => {
  it("lists every saved property's annotations by name, one Google list per property per view", async () => {
    const who = await setUpPerson(harness, "premium");
    const reachable = await saveAll(who);
    expect(reachable.length).toBeGreaterThanOrEqual(2);
    await requestAs(harness, who.jar, "POST", `/api/annotations/${who.propertyId}`, {
      title: "Made for the overview",
      annotationDate: calendarDateOf(new Date()),
    });

    await control(harness.sandbox.url, "DELETE", "/counters");
    const first = await view(who);
    expect(await listCalls()).toBe(reachable.length);
    expect(first.properties.map((p) => p.name).sort()).toEqual(
      reachable.map((p) => p.displayName).sort(),
    );
    expect(first.properties.every((p) => p.problem === null && p.fetchedAt !== null)).toBe(true);
    const names = new Map(reachable.map((p) => [p.propertyId, p.displayName]));
    expect(first.rows.every((row) => row.propertyName === names.get(row.propertyId))).toBe(true);
    expect(new Set(first.rows.map((row) => row.propertyId)).size).toBe(reachable.length);

    // The cached repeat, another page and a search: no Google call.
    await control(harness.sandbox.url, "DELETE", "/counters");
    const again = await view(who);
    expect(again.total).toBe(first.total);
    await view(who, "?offset=10&limit=10");
    const search = await view(who, "?q=made%20for%20THE");
    expect(search.rows.map((row) => row.annotation.title)).toEqual(["Made for the overview"]);
    expect(search.rows[0]).toMatchObject({ propertyId: who.propertyId });
    expect(search.rows[0]!.annotation.source).toBe("tidemark");
    expect(await listCalls()).toBe(0);

    // Refresh: one list per property again.
    await view(who, "?refresh=1");
    expect(await listCalls()).toBe(reachable.length);
  });

  it("shows the person's own changes on the next view", async () => {
    const who = await setUpPerson(harness, "premium");
    await view(who);
    await requestAs(harness, who.jar, "POST", `/api/annotations/${who.propertyId}`, {
      title: "Straight after",
      annotationDate: calendarDateOf(new Date()),
    });
    await control(harness.sandbox.url, "DELETE", "/counters");
    const after = await view(who, "?q=straight%20after");
    expect(after.total).toBe(1);
    expect(await listCalls()).toBe(1);
  });

  it("never shows another person's properties: one saved but unreachable is a notice", async () => {
    const owner = await setUpPerson(harness, "premium");
    const other = await setUpPerson(harness, "premium");
    const [user] = await harness.database.db
      .select()
      .from(users)
      .where(eq(users.email, owner.email));
    // A property the owner's Google account cannot reach (it is the other person's).
    await harness.database.db.insert(properties).values({
      userId: user!.id,
      propertyId: other.propertyId,
      name: "Shop AU",
      timeZone: "Australia/Sydney",
    });
    const answer = await view(owner);
    expect(answer.rows.every((row) => row.propertyId === owner.propertyId)).toBe(true);
    expect(answer.total).toBeGreaterThan(0);
    const notice = answer.properties.find((p) => p.propertyId === other.propertyId);
    expect(notice?.problem).toMatch(/^Could not read 'Shop AU': /);
    const theirs = await view(other);
    expect(theirs.rows.every((row) => row.propertyId === other.propertyId)).toBe(true);
  });

  it("shows a free account its one property", async () => {
    const who = await setUpPerson(harness, "freemium");
    const answer = await view(who);
    expect(answer.properties.map((p) => p.propertyId)).toEqual([who.propertyId]);
    expect(answer.categories).toEqual([]);
  });

  it("answers no properties with an empty list, and refuses the signed-out and bad queries", async () => {
    const signedOut = await harness.app.inject({ method: "GET", url: "/api/annotations" });
    expect(signedOut.statusCode).toBe(401);
    const who = await setUpPerson(harness, "premium");
    const bad = await requestAs(harness, who.jar, "GET", "/api/annotations?sort=id&limit=5000");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/Sort by one of|limit must be at most/);
    const [user] = await harness.database.db.select().from(users).where(eq(users.email, who.email));
    await harness.database.db.delete(properties).where(eq(properties.userId, user!.id));
    await control(harness.sandbox.url, "DELETE", "/counters");
    expect(await view(who)).toMatchObject({ rows: [], total: 0, properties: [] });
    expect(await listCalls()).toBe(0);
  });

  it("fields=keys: every matching annotation's key in the view's order, the person's own only", async () => {
    const owner = await setUpPerson(harness, "premium");
    const other = await setUpPerson(harness, "premium");
    for (const [who, title] of [
      [owner, "Keys sale one"],
      [owner, "Keys sale two"],
      [other, "Keys sale theirs"],
    ] as const) {
      const made = await requestAs(harness, who.jar, "POST", `/api/annotations/${who.propertyId}`, {
        title,
        annotationDate: calendarDateOf(new Date()),
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    // The other person's property saved on the owner's account: still never their rows.
    const [user] = await harness.database.db
      .select()
      .from(users)
      .where(eq(users.email, owner.email));
    await harness.database.db.insert(properties).values({
      userId: user!.id,
      propertyId: other.propertyId,
      name: "Theirs",
      timeZone: "UTC",
    });

    const keys = async (query: string) => {
      const response = await requestAs(
        harness,
        owner.jar,
        "GET",
        `/api/annotations?fields=keys${query}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AllAnnotationsKeysResponse>();
    };
    const sale = await keys("&q=keys%20sale&sort=title&dir=asc&offset=1&limit=1");
    expect(sale).toEqual({
      items: [
        expect.objectContaining({ propertyId: owner.propertyId, title: "Keys sale one" }),
        expect.objectContaining({ propertyId: owner.propertyId, title: "Keys sale two" }),
      ],
      total: 2,
      limit: maxBulkItems,
    });
    // Offset and limit do not apply; the keys are the page's rows' keys.
    const page = await view(owner, "?q=keys%20sale&sort=title&dir=asc");
    expect(
      sale.items.map(({ propertyId, annotationId }) => ({ propertyId, annotationId })),
    ).toEqual(
      page.rows.map((row) => ({
        propertyId: row.propertyId,
        annotationId: row.annotation.annotationId,
      })),
    );
    const everything = await keys("");
    expect(everything.total).toBe((await view(owner)).total);
    expect(everything.items.every((item) => item.propertyId === owner.propertyId)).toBe(true);
    expect(everything.items.map((item) => item.title)).not.toContain("Keys sale theirs");

    const bad = await requestAs(harness, owner.jar, "GET", "/api/annotations?fields=ids");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/fields is keys or absent/);
  });
});
