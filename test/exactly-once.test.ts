import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { control, mintTokens } from "../src/sandbox/testing/sandbox-test-kit.js";
import { users } from "../src/server/db/schema/index.js";
import { unconfirmedCreateWindowMs } from "../src/server/features/annotations/annotations-service.js";
import { createCreateRequestsRepository } from "../src/server/features/annotations/create-requests-repository.js";
import { analyticsScopes } from "../src/server/integrations/google/google-oauth.js";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import { calendarDateOf } from "../src/shared/calendar-date.js";
import {
  sameOrigin,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";

/**
 * Writes to Google under faults, judged by Google's real final state: what the product reported
 * and counted must match what Google holds.
 */
let harness: AppHarness;
let clock = new Date();
const createMethod = "analyticsadmin.properties.reportingDataAnnotations.create";
const listMethod = "analyticsadmin.properties.reportingDataAnnotations.list";
const deleteMethod = "analyticsadmin.properties.reportingDataAnnotations.delete";
const patchMethod = "analyticsadmin.properties.reportingDataAnnotations.patch";
const clientTimeoutMs = 250;
/** The server's warnings, one parsed JSON line each. */
const warnings: Record<string, unknown>[] = [];
const logger = pino(
  { level: "warn" },
  new Writable({
    write(line: Buffer, _encoding, done) {
      warnings.push(JSON.parse(line.toString("utf8")) as Record<string, unknown>);
      done();
    },
  }),
);

beforeAll(async () => {
  harness = await startAppHarness({
    deps: { now: () => clock, googleRequestTimeoutMs: clientTimeoutMs, logger },
  });
});
afterAll(async () => {
  await harness?.close();
});
beforeEach(async () => {
  clock = new Date();
  await control(harness.sandbox.url, "POST", "/reset");
});

const inject = (options: InjectOptions) => harness.app.inject(options);
const fault = (rule: Record<string, unknown>) =>
  control(harness.sandbox.url, "POST", "/faults", rule);
const create = (who: TestPerson, payload: Record<string, unknown>) =>
  inject({
    method: "POST",
    url: `/api/annotations/${who.propertyId}`,
    headers: { ...sameOrigin, cookie: who.jar.header() },
    payload,
  });
const dailyCount = async (who: TestPerson) =>
  (await harness.database.db.select().from(users).where(eq(users.email, who.email)))[0]!
    .dailyAnnotationCount;

/** What Google holds, read straight from the sandbox (not through the product). */
async function googleTitles(who: TestPerson): Promise<string[]> {
  const tokens = await mintTokens(harness.sandbox.url, {
    email: who.email,
    scopes: [analyticsScopes.edit],
  });
  const response = await fetch(
    `${harness.sandbox.url}/v1alpha/properties/${who.propertyId}/reportingDataAnnotations?pageSize=200`,
    { headers: { authorization: `Bearer ${tokens.access_token}` } },
  );
  const body = (await response.json()) as { reportingDataAnnotations?: { title: string }[] };
  return (body.reportingDataAnnotations ?? []).map((annotation) => annotation.title);
}

const count = (values: string[], value: string) => values.filter((v) => v === value).length;
const settleLatecomers = () => new Promise((resolve) => setTimeout(resolve, 4 * clientTimeoutMs));

describe("creates under Google faults", () => {
  it("never duplicates, never reports a create that exists as failed, and counts what Google holds", async () => {
    const who = await setUpPerson(harness, "premium");
    const date = calendarDateOf(clock);
    await fault({ method: createMethod, kind: "unavailable", probability: 0.15, seed: 11 });
    await fault({ method: createMethod, kind: "commit-then-drop", probability: 0.2, seed: 12 });
    await fault({
      method: createMethod,
      kind: "latency",
      latencyMs: clientTimeoutMs * 3,
      probability: 0.12,
      seed: 13,
    });
    await fault({ method: listMethod, kind: "unavailable", probability: 0.3, seed: 14 });

    const outcomes = new Map<string, "created" | "unconfirmed" | "failed">();
    const titles = Array.from({ length: 30 }, (_, n) => `Exactly ${n + 1}`);
    // Two intentional creates with the same title and date are two annotations.
    titles.push("Twin", "Twin");
    const twinOutcomes: string[] = [];
    for (const title of titles) {
      const response = await create(who, { title, annotationDate: date });
      const outcome =
        response.statusCode === 201
          ? "created"
          : response.json().code === "google_unconfirmed"
            ? "unconfirmed"
            : "failed";
      expect(response.statusCode).not.toBe(500);
      if (title === "Twin") twinOutcomes.push(outcome);
      else outcomes.set(title, outcome);
    }
    await settleLatecomers();
    // Every kind of fault happened.
    const rules = await control<{ faults: { kind: string; fired: number }[] }>(
      harness.sandbox.url,
      "GET",
      "/faults",
    );
    for (const rule of rules.faults) expect(rule.fired, rule.kind).toBeGreaterThan(0);
    await control(harness.sandbox.url, "DELETE", "/faults");

    const held = await googleTitles(who);
    for (const [title, outcome] of outcomes) {
      const copies = count(held, title);
      expect(copies, `${title} was reported ${outcome}`).toBeLessThanOrEqual(1);
      if (outcome === "created") expect(copies, title).toBe(1);
      if (outcome === "failed") expect(copies, title).toBe(0);
    }
    const twins = count(held, "Twin");
    const twinsReported = twinOutcomes.filter((o) => o === "created").length;
    const twinsMaybe = twinOutcomes.filter((o) => o === "unconfirmed").length;
    expect(twins).toBeGreaterThanOrEqual(twinsReported);
    expect(twins).toBeLessThanOrEqual(twinsReported + twinsMaybe);

    const ours = held.filter((title) => title.startsWith("Exactly ") || title === "Twin");
    // Unconfirmed creates hold their slot until a listing settles them.
    expect(await dailyCount(who)).toBeGreaterThanOrEqual(ours.length);

    clock = new Date(clock.getTime() + unconfirmedCreateWindowMs + 60_000);
    const listing = await inject({
      method: "GET",
      url: `/api/annotations/${who.propertyId}`,
      headers: { cookie: who.jar.header() },
    });
    expect(listing.statusCode).toBe(200);
    expect(await dailyCount(who)).toBe(ours.length);
    // Every annotation Google holds is one the product now knows it made.
    const listed = listing.json().reportingDataAnnotations as Annotation[];
    for (const annotation of listed.filter((a) => a.title.startsWith("Exactly "))) {
      expect(annotation.dateAdded, annotation.title).not.toBeNull();
    }
  });

  it("does not send a timed-out create again; the same request id never makes a second one", async () => {
    const who = await setUpPerson(harness, "premium");
    const date = calendarDateOf(clock);
    const requestId = crypto.randomUUID();
    await fault({
      method: createMethod,
      kind: "latency",
      latencyMs: clientTimeoutMs * 3,
      times: 1,
    });
    const first = await create(who, { title: "Slow one", annotationDate: date, requestId });
    expect(first.statusCode).toBe(504);
    expect(first.json()).toMatchObject({
      code: "google_unconfirmed",
      error: expect.stringMatching(/^Google did not confirm/),
    });
    expect(await dailyCount(who)).toBe(1);
    await settleLatecomers();
    const counters = await control<{ counters: Record<string, number> }>(
      harness.sandbox.url,
      "GET",
      "/counters",
    );
    expect(counters.counters[createMethod]).toBe(1);

    // The person (or the browser) tries again with the same request: it is found, not re-sent.
    const again = await create(who, { title: "Slow one", annotationDate: date, requestId });
    expect(again.statusCode).toBe(201);
    expect(
      (await control<{ counters: Record<string, number> }>(harness.sandbox.url, "GET", "/counters"))
        .counters[createMethod],
    ).toBe(1);
    const third = await create(who, { title: "Slow one", annotationDate: date, requestId });
    expect(third.statusCode).toBe(201);
    expect(third.json().annotationId).toBe(again.json().annotationId);
    expect(count(await googleTitles(who), "Slow one")).toBe(1);
    expect(await dailyCount(who)).toBe(1);
  });

  it("keeps the slot of a create whose answer was lost and whose list failed", async () => {
    const who = await setUpPerson(harness, "premium");
    await fault({ method: createMethod, kind: "commit-then-drop", times: 1 });
    await fault({ method: listMethod, kind: "unavailable", times: 10 });
    warnings.length = 0;
    const response = await create(who, {
      title: "Lost answer",
      annotationDate: calendarDateOf(clock),
    });
    expect(response.statusCode).toBe(504);
    expect(response.json().code).toBe("google_unconfirmed");
    // Why it ended unconfirmed is logged, and nothing secret with it.
    const logged = warnings.filter((line) => String(line.msg).includes("create unconfirmed"));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      google: { status: 0, code: "ECONNRESET", reusedSocket: false, outcomeUnknown: true },
      listFailure: { status: 503 },
    });
    expect(JSON.stringify(logged[0])).not.toMatch(/Bearer|ya29|access_token/i);
    await control(harness.sandbox.url, "DELETE", "/faults");
    expect(count(await googleTitles(who), "Lost answer")).toBe(1);
    expect(await dailyCount(who)).toBe(1);
    // The next listing recognises it as ours.
    const listing = await inject({
      method: "GET",
      url: `/api/annotations/${who.propertyId}`,
      headers: { cookie: who.jar.header() },
    });
    const lost = (listing.json().reportingDataAnnotations as Annotation[]).find(
      (a) => a.title === "Lost answer",
    );
    expect(lost?.dateAdded).not.toBeNull();
    expect(await dailyCount(who)).toBe(1);
  });

  it("answers concurrent lists' checks for open creates together, each for its own person and property", async () => {
    const [first, second] = await Promise.all([
      setUpPerson(harness, "premium"),
      setUpPerson(harness, "premium"),
    ]);
    const requests = createCreateRequestsRepository(harness.database.db);
    const userIdOf = async (who: TestPerson) =>
      (await harness.database.db.select().from(users).where(eq(users.email, who.email)))[0]!.id;
    const [firstId, secondId] = [await userIdOf(first), await userIdOf(second)];
    const open = (userId: string, propertyId: string) =>
      requests.open({
        id: crypto.randomUUID(),
        userId,
        propertyId,
        body: { title: "Open" },
        quotaDay: clock,
      });
    await open(firstId, "1001");
    await open(secondId, "1002");
    const ask = () =>
      Promise.all([
        requests.hasUnsettled(firstId, "1001"),
        requests.hasUnsettled(firstId, "1002"),
        requests.hasUnsettled(secondId, "1001"),
        requests.hasUnsettled(secondId, "1002"),
      ]);
    // Asked in one turn, they share one query over both people and both properties, and each
    // answer is still its own pair's.
    expect(await ask()).toEqual([true, false, false, true]);
    for (const request of await requests.unsettled(firstId, "1001"))
      await requests.settle(request.id, "failed");
    expect(await ask()).toEqual([false, false, false, true]);
  });

  it("gives the slot back for a create Google refused every time", async () => {
    const who = await setUpPerson(harness, "premium");
    await fault({ method: createMethod, kind: "unavailable", times: 10 });
    const refused = await create(who, { title: "Never", annotationDate: calendarDateOf(clock) });
    expect(refused.statusCode).toBe(503);
    expect(await dailyCount(who)).toBe(0);
    expect(count(await googleTitles(who), "Never")).toBe(0);
  });
});

describe("edits and deletes under Google faults", () => {
  it("treats a retried delete of a gone annotation as a success", async () => {
    const who = await setUpPerson(harness, "premium");
    const made = await create(who, { title: "Delete me", annotationDate: calendarDateOf(clock) });
    const id = (made.json() as Annotation).annotationId;
    const remove = () =>
      inject({
        method: "DELETE",
        url: `/api/annotations/${who.propertyId}/${id}`,
        headers: { ...sameOrigin, cookie: who.jar.header() },
      });
    await fault({ method: deleteMethod, kind: "commit-then-drop", times: 1 });
    expect((await remove()).statusCode).toBe(200);
    expect(count(await googleTitles(who), "Delete me")).toBe(0);
    // The person's own retry (say, after a dropped page) succeeds too.
    expect((await remove()).statusCode).toBe(200);
  });

  it("applies an edit whose answer was lost exactly as asked", async () => {
    const who = await setUpPerson(harness, "premium");
    const made = await create(who, { title: "Edit me", annotationDate: calendarDateOf(clock) });
    const id = (made.json() as Annotation).annotationId;
    await fault({ method: patchMethod, kind: "commit-then-drop", times: 1 });
    const edit = await inject({
      method: "PATCH",
      url: `/api/annotations/${who.propertyId}/${id}`,
      headers: { ...sameOrigin, cookie: who.jar.header() },
      payload: { title: "Edited" },
    });
    expect(edit.statusCode).toBe(200);
    const held = await googleTitles(who);
    expect(count(held, "Edited")).toBe(1);
    expect(count(held, "Edit me")).toBe(0);
  });
});
