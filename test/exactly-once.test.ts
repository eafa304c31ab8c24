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
import { errorMessages } from "../src/shared/contracts/errors.js";
import { calendarDateOf, toIsoDate } from "../src/shared/calendar-date.js";
import {
  appClient,
  sameOrigin,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";
import { googleSide } from "./google-side.js";

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
const listing = (who: TestPerson) =>
  inject({
    method: "GET",
    url: `/api/annotations/${who.propertyId}`,
    headers: { cookie: who.jar.header() },
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

const counters = async () =>
  (await control<{ counters: Record<string, number> }>(harness.sandbox.url, "GET", "/counters"))
    .counters;
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
    const listed = await listing(who);
    expect(listed.statusCode).toBe(200);
    expect(await dailyCount(who)).toBe(ours.length);
    // Every annotation Google holds is one the product now knows it made.
    const annotations = listed.json().reportingDataAnnotations as Annotation[];
    for (const annotation of annotations.filter((a) => a.title.startsWith("Exactly "))) {
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
    const lost = ((await listing(who)).json().reportingDataAnnotations as Annotation[]).find(
      (a) => a.title === "Lost answer",
    );
    expect(lost?.dateAdded).not.toBeNull();
    expect(await dailyCount(who)).toBe(1);
  });

  it("keeps a lost create's category and source for the listing that finds it", async () => {
    const who = await setUpPerson(harness, "premium");
    const category = await inject({
      method: "POST",
      url: "/api/categories",
      headers: { ...sameOrigin, cookie: who.jar.header() },
      payload: { name: "Launches", color: "GREEN" },
    });
    expect(category.statusCode, category.body).toBe(201);
    const categoryId = category.json().id as string;
    const requestId = crypto.randomUUID();
    await fault({ method: createMethod, kind: "commit-then-drop", times: 1 });
    await fault({ method: listMethod, kind: "unavailable", times: 10 });
    const payload = {
      title: "Lost with its category",
      annotationDate: calendarDateOf(clock),
      categoryId,
      requestId,
    };
    const response = await create(who, payload);
    expect(response.statusCode).toBe(504);
    expect(response.json().code).toBe("google_unconfirmed");
    await control(harness.sandbox.url, "DELETE", "/faults");

    const found = ((await listing(who)).json().reportingDataAnnotations as Annotation[]).filter(
      (a) => a.title === "Lost with its category",
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      categoryId,
      source: "tidemark",
      dateAdded: expect.any(String),
    });
    // The same request again is answered with it, extras and all, and sends nothing.
    const creates = (await counters())[createMethod];
    const again = await create(who, payload);
    expect(again.statusCode).toBe(201);
    // With the change its first create recorded, as every create's answer names it.
    expect(again.json()).toEqual({ ...found[0], changeId: expect.any(String) });
    expect((await counters())[createMethod]).toBe(creates);
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
        extras: { categoryId: null, source: "tidemark" },
        quotaDay: clock,
        settleAfter: clock,
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
  const getMethod = "analyticsadmin.properties.reportingDataAnnotations.get";
  const edit = (who: TestPerson, id: string, payload: Record<string, unknown>) =>
    inject({
      method: "PATCH",
      url: `/api/annotations/${who.propertyId}/${id}`,
      headers: { ...sameOrigin, cookie: who.jar.header() },
      payload,
    });
  const remove = (who: TestPerson, id: string) =>
    inject({
      method: "DELETE",
      url: `/api/annotations/${who.propertyId}/${id}`,
      headers: { ...sameOrigin, cookie: who.jar.header() },
    });
  async function made(who: TestPerson, title: string): Promise<string> {
    const response = await create(who, { title, annotationDate: calendarDateOf(clock) });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as Annotation).annotationId;
  }

  it("treats a retried delete of a gone annotation as a success", async () => {
    const who = await setUpPerson(harness, "premium");
    const id = await made(who, "Delete me");
    await fault({ method: deleteMethod, kind: "commit-then-drop", times: 1 });
    expect((await remove(who, id)).statusCode).toBe(200);
    expect(count(await googleTitles(who), "Delete me")).toBe(0);
    // The person's own retry (say, after a dropped page) succeeds too.
    expect((await remove(who, id)).statusCode).toBe(200);
  });

  it("applies an edit whose answer was lost exactly as asked", async () => {
    const who = await setUpPerson(harness, "premium");
    const id = await made(who, "Edit me");
    await fault({ method: patchMethod, kind: "commit-then-drop", times: 1 });
    const response = await edit(who, id, { title: "Edited" });
    expect(response.statusCode).toBe(200);
    const held = await googleTitles(who);
    expect(count(held, "Edited")).toBe(1);
    expect(count(held, "Edit me")).toBe(0);
  });

  it("reports each edit under commit-then-drop faults as Google holds it", async () => {
    const who = await setUpPerson(harness, "premium");
    const ids: string[] = [];
    for (let n = 1; n <= 12; n += 1) ids.push(await made(who, `Soak ${n}`));
    const before = (await googleTitles(who)).length;
    // Every attempt may be applied and its answer lost, or refused with a 503 (nothing applied):
    // four attempts each, so some edits end with every answer lost.
    await fault({ method: patchMethod, kind: "commit-then-drop", probability: 0.2, seed: 21 });
    await fault({ method: patchMethod, kind: "unavailable", probability: 0.9, seed: 22 });
    const outcomes: { title: string; status: number; body: Record<string, unknown> }[] = [];
    for (const [index, id] of ids.entries()) {
      const title = `Soak ${index + 1} edited`;
      const response = await edit(who, id, { title });
      outcomes.push({ title, status: response.statusCode, body: response.json() });
    }
    await control(harness.sandbox.url, "DELETE", "/faults");

    const held = await googleTitles(who);
    for (const outcome of outcomes) {
      const copies = count(held, outcome.title);
      if (outcome.status === 200) {
        // A success is what Google holds, answered with the annotation as Google has it.
        expect(copies, outcome.title).toBe(1);
        expect(outcome.body.title).toBe(outcome.title);
      } else {
        // Never a plain failure: 'unconfirmed', and then the change is truly not there.
        expect(outcome.status, JSON.stringify(outcome.body)).toBe(504);
        expect(outcome.body).toEqual({
          code: "google_unconfirmed",
          error: errorMessages.editUnconfirmed,
        });
        expect(copies, outcome.title).toBe(0);
      }
    }
    // Both kinds of lost answer happened: edits applied though every answer was lost (each
    // attempt answered by a dropped connection or a 503), and edits Google never took.
    const statuses = outcomes.map((outcome) => outcome.status);
    expect(statuses).toContain(200);
    expect(statuses).toContain(504);
    expect((await counters())[patchMethod]).toBeGreaterThan(ids.length);
    // Edits never add or remove an annotation.
    expect(held).toHaveLength(before);
  });

  it("answers a success when every answer was lost but the change is in Google", async () => {
    const who = await setUpPerson(harness, "premium");
    const id = await made(who, "Dropped four times");
    await fault({ method: patchMethod, kind: "commit-then-drop", times: 1 });
    await fault({ method: patchMethod, kind: "unavailable", times: 3 });
    const response = await edit(who, id, { title: "Renamed all the same", color: "GREEN" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      annotationId: id,
      title: "Renamed all the same",
      color: "GREEN",
    });
    // Four PATCHes, and two reads: what it held before (for its history), what Google holds after.
    const sent = await counters();
    expect(sent[patchMethod]).toBe(4);
    expect(sent[getMethod]).toBe(2);
  });

  it("says a change it could not check was not confirmed, and never calls it a failure", async () => {
    const who = await setUpPerson(harness, "premium");
    const id = await made(who, "Unchecked");
    await fault({ method: patchMethod, kind: "commit-then-drop", times: 4 });
    // The read before the edit (for its history) answers; the reads after it fail.
    await fault({ method: getMethod, kind: "unavailable", skip: 1, times: 4 });
    warnings.length = 0;
    const response = await edit(who, id, { title: "Unchecked edit" });
    expect(response.statusCode).toBe(504);
    expect(response.json()).toEqual({
      code: "google_unconfirmed",
      error: errorMessages.editUnverified,
    });
    const logged = warnings.filter((line) => String(line.msg).includes("edit unconfirmed"));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      google: { status: 0, outcomeUnknown: true },
      readFailure: { name: "AppError" },
    });
    // It was in fact applied; the next look at the table shows it.
    expect(count(await googleTitles(who), "Unchecked edit")).toBe(1);
  });

  it("settles a delete whose answers were lost by what Google holds", async () => {
    const who = await setUpPerson(harness, "premium");
    const gone = await made(who, "Gone after all");
    const kept = await made(who, "Still here");
    // The first attempt deletes and its answer is lost; the other three are refused.
    await fault({ method: deleteMethod, kind: "commit-then-drop", times: 1 });
    await fault({ method: deleteMethod, kind: "unavailable", times: 3 });
    expect((await remove(who, gone)).statusCode).toBe(200);
    // Every attempt refused with a 503: the annotation is still there, and the person is told so.
    await fault({ method: deleteMethod, kind: "unavailable", times: 4 });
    const refused = await remove(who, kept);
    expect(refused.statusCode).toBe(504);
    expect(refused.json()).toEqual({
      code: "google_unconfirmed",
      error: errorMessages.deleteUnconfirmed,
    });
    await control(harness.sandbox.url, "DELETE", "/faults");
    const held = await googleTitles(who);
    expect(count(held, "Gone after all")).toBe(0);
    expect(count(held, "Still here")).toBe(1);
    // It can be deleted now, once.
    expect((await remove(who, kept)).statusCode).toBe(200);
    expect(count(await googleTitles(who), "Still here")).toBe(0);
  });
});

describe("unconfirmed creates that never landed", () => {
  const requestState = async (id: string) =>
    (await createCreateRequestsRepository(harness.database.db).find(id))?.state;

  /**
   * A create Google refused (503) whose checks of the list failed too (the one before a retry,
   * and every attempt of the read-back after): unconfirmed, not made.
   */
  async function unconfirmedNeverMade(who: TestPerson, title: string, requestId: string) {
    await fault({ method: createMethod, kind: "unavailable", times: 1 });
    await fault({ method: listMethod, kind: "unavailable", times: 5 });
    const response = await create(who, {
      title,
      annotationDate: calendarDateOf(clock),
      requestId,
    });
    expect(response.statusCode).toBe(504);
    expect(response.json().code).toBe("google_unconfirmed");
    await control(harness.sandbox.url, "DELETE", "/faults");
  }

  it("frees the quota slot at the first listing that started after the create ended", async () => {
    const who = await setUpPerson(harness, "premium");
    const requestId = crypto.randomUUID();
    await unconfirmedNeverMade(who, "Never made", requestId);
    expect(await dailyCount(who)).toBe(1);
    expect(count(await googleTitles(who), "Never made")).toBe(0);

    // A listing that began as the create was ending (instances' clocks may differ a little)
    // proves nothing: the slot stays spent.
    expect((await listing(who)).statusCode).toBe(200);
    expect(await dailyCount(who)).toBe(1);
    expect(await requestState(requestId)).toBe("unconfirmed");

    // The table's next refresh, seconds later, shows it is not there: the slot is given back.
    clock = new Date(clock.getTime() + 5_000);
    expect((await listing(who)).statusCode).toBe(200);
    expect(await dailyCount(who)).toBe(0);
    expect(await requestState(requestId)).toBe("failed");
    // Another listing gives nothing back twice.
    expect((await listing(who)).statusCode).toBe(200);
    expect(await dailyCount(who)).toBe(0);

    // The same request again is told plainly that it did not happen; nothing is sent.
    const creates = (await counters())[createMethod];
    const again = await create(who, {
      title: "Never made",
      annotationDate: calendarDateOf(clock),
      requestId,
    });
    expect(again.statusCode).toBe(503);
    expect((await counters())[createMethod]).toBe(creates);
    expect(count(await googleTitles(who), "Never made")).toBe(0);
  });

  it("settles a repeated request id from its own listing", async () => {
    const who = await setUpPerson(harness, "premium");
    const requestId = crypto.randomUUID();
    await unconfirmedNeverMade(who, "Asked twice", requestId);
    clock = new Date(clock.getTime() + 5_000);
    const again = await create(who, {
      title: "Asked twice",
      annotationDate: calendarDateOf(clock),
      requestId,
    });
    expect(again.statusCode).toBe(503);
    expect(again.json().error).toBe("That create did not happen. Please try again.");
    expect(await dailyCount(who)).toBe(0);
    // A new request makes it, once.
    const fresh = await create(who, {
      title: "Asked twice",
      annotationDate: calendarDateOf(clock),
    });
    expect(fresh.statusCode).toBe(201);
    expect(count(await googleTitles(who), "Asked twice")).toBe(1);
    expect(await dailyCount(who)).toBe(1);
  });

  it("waits for a timed-out create Google may still be making, then counts it", async () => {
    const who = await setUpPerson(harness, "premium");
    const requestId = crypto.randomUUID();
    // Google takes far longer than the client waits, and then makes it.
    await fault({
      method: createMethod,
      kind: "latency",
      latencyMs: clientTimeoutMs * 8,
      times: 1,
    });
    const response = await create(who, {
      title: "Late lander",
      annotationDate: calendarDateOf(clock),
      requestId,
    });
    expect(response.statusCode).toBe(504);
    // Seconds later, before Google is done: a listing without it proves nothing yet.
    clock = new Date(clock.getTime() + 5_000);
    expect((await listing(who)).statusCode).toBe(200);
    expect(await dailyCount(who)).toBe(1);
    expect(await requestState(requestId)).toBe("unconfirmed");
    await new Promise((resolve) => setTimeout(resolve, clientTimeoutMs * 10));
    const later = await listing(who);
    const lander = (later.json().reportingDataAnnotations as Annotation[]).filter(
      (a) => a.title === "Late lander",
    );
    expect(lander).toHaveLength(1);
    expect(lander[0]!.dateAdded).not.toBeNull();
    expect(await requestState(requestId)).toBe("created");
    expect(await dailyCount(who)).toBe(1);
  });

  it("leaves a property listed in several pages to the ten-minute window", async () => {
    const who = await setUpPerson(harness, "premium");
    const google = await googleSide(harness.sandbox.url, {
      email: who.email,
      propertyId: who.propertyId,
      clientId: appClient.clientId,
    });
    const iso = toIsoDate(calendarDateOf(clock));
    const held = (await googleTitles(who)).length;
    for (let n = held; n <= 200; n += 1)
      await google.create({ title: `Filler ${n}`, color: "BLUE", date: iso });
    const requestId = crypto.randomUUID();
    await unconfirmedNeverMade(who, "On a big property", requestId);
    // Two pages are two snapshots: an annotation can slip between them, so absence proves nothing.
    clock = new Date(clock.getTime() + 5_000);
    expect((await listing(who)).statusCode).toBe(200);
    expect(await requestState(requestId)).toBe("unconfirmed");
    expect(await dailyCount(who)).toBe(1);
    clock = new Date(clock.getTime() + unconfirmedCreateWindowMs);
    expect((await listing(who)).statusCode).toBe(200);
    expect(await requestState(requestId)).toBe("failed");
    expect(await dailyCount(who)).toBe(0);
  });
});
