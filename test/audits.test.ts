import { and, eq, inArray } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { control } from "../src/sandbox/testing/sandbox-test-kit.js";
import {
  annotationAuditSessions,
  annotationEvents,
  annotationMetadata,
  annotationSuggestions,
  users,
} from "../src/server/db/schema/index.js";
import { createAuditsRepository } from "../src/server/features/audits/audits-repository.js";
import { applyClaimLeaseMs } from "../src/server/features/audits/audits-service.js";
import type { AuditReviewer } from "../src/server/features/audits/audit-reviewer.js";
import { createOfflineReviewer } from "../src/server/features/audits/offline-reviewer.js";
import { categoryPresets } from "../src/shared/categories.js";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import type { CategoryListResponse } from "../src/shared/contracts/categories.js";
import type {
  AuditApplyResponse,
  AuditDetailResponse,
  AuditSession,
  AuditSuggestion,
} from "../src/shared/contracts/audits.js";
import { errorMessages } from "../src/shared/contracts/errors.js";
import {
  appClient,
  requestAs,
  sameOrigin,
  setUpPerson,
  signInWithEmailLink,
  startAppHarness,
  type AppHarness,
  type CookieJar,
  type TestPerson,
} from "./app-harness.js";
import { auditFixtures } from "./fixtures/audit-annotations.js";
import { googleSide, type GoogleSide } from "./google-side.js";

const betaEmails = Array.from({ length: 20 }, (_, index) => `auditor${index}@example.com`);
let nextBeta = 0;

/** The reviewer the app uses; a test may swap in a failing one for a while. */
const offline = createOfflineReviewer({ batchSize: 20 });
let reviewer: AuditReviewer = offline;
const switchable: AuditReviewer = {
  kind: "offline",
  batchSize: 20,
  review: (batch, context) => reviewer.review(batch, context),
};
let clock: Date | null = null;

let harness: AppHarness;
beforeAll(async () => {
  harness = await startAppHarness({
    config: { auditBetaEmails: betaEmails },
    deps: { auditReviewer: switchable, auditSleep: async () => {}, now: () => clock ?? new Date() },
  });
});
afterAll(async () => {
  await harness?.close();
});
beforeEach(async () => {
  reviewer = offline;
  clock = null;
  await control(harness.sandbox.url, "POST", "/reset");
});

const inject = (options: InjectOptions) => harness.app.inject(options);
const get = (jar: CookieJar, url: string) => requestAs(harness, jar, "GET", url);
const send = (jar: CookieJar, method: "POST" | "PATCH", url: string, payload?: unknown) =>
  requestAs(harness, jar, method, url, payload);

interface Auditor extends TestPerson {
  google: GoogleSide;
  /** The fixture annotations' ids, in fixture order. */
  ids: string[];
}

/** A beta user with the sixty-odd fixture annotations (in 2015, apart from the seeded ones). */
async function auditor(fixtures = auditFixtures): Promise<Auditor> {
  const who = await setUpPerson(harness, "premium", { email: betaEmails[nextBeta++]! });
  const google = await googleSide(harness.sandbox.url, {
    email: who.email,
    propertyId: who.propertyId,
    clientId: appClient.clientId,
  });
  const ids: string[] = [];
  for (const fixture of fixtures) ids.push(await google.create(fixture));
  return { ...who, google, ids };
}

const year2015 = { startDate: "2015-01-01", endDate: "2015-12-31" };

async function createAudit(who: TestPerson, body: object = year2015): Promise<AuditSession> {
  const response = await send(who.jar, "POST", "/api/audits", {
    propertyId: who.propertyId,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().session as AuditSession;
}

async function waitForAudit(who: TestPerson, id: string): Promise<AuditDetailResponse> {
  const deadline = Date.now() + 40_000;
  for (;;) {
    const detail = (await get(who.jar, `/api/audits/${id}`)).json() as AuditDetailResponse;
    if (detail.session.status === "completed" || detail.session.status === "failed") return detail;
    if (Date.now() > deadline) throw new Error(`audit still ${detail.session.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function runAudit(who: TestPerson, body: object = year2015) {
  const session = await createAudit(who, body);
  expect((await send(who.jar, "POST", `/api/audits/${session.id}/start`)).statusCode).toBe(202);
  return waitForAudit(who, session.id);
}

describe("who may use the audit", () => {
  const routes = (id = "00000000-0000-4000-8000-000000000000") =>
    [
      ["POST", "/api/audits"],
      ["GET", "/api/audits/history"],
      ["GET", `/api/audits/${id}`],
      ["POST", `/api/audits/${id}/start`],
      ["PATCH", `/api/audits/${id}/suggestions/${id}`],
      ["POST", `/api/audits/${id}/apply`],
    ] as const;

  it("refuses the signed-out (401), the free plan and premium outside the beta (403)", async () => {
    for (const [method, url] of routes()) {
      const response = await inject({ method, url, headers: sameOrigin, payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    const free = await setUpPerson(harness, "freemium");
    const premium = await setUpPerson(harness, "premium");
    for (const [who, code] of [
      [free, "premium_required"],
      [premium, "audit_beta_only"],
    ] as const) {
      for (const [method, url] of routes()) {
        const response = await inject({
          method,
          url,
          headers: { ...sameOrigin, cookie: who.jar.header() },
          payload: { propertyId: who.propertyId },
        });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().code).toBe(code);
      }
    }
    const me = (await get(premium.jar, "/api/auth/user")).json();
    expect(me.isAuditBetaUser).toBe(false);
  });
});

describe("creating an audit", () => {
  it("checks the property and the dates", async () => {
    const who = await setUpPerson(harness, "premium", { email: betaEmails[nextBeta++]! });
    const create = (body: unknown) => send(who.jar, "POST", "/api/audits", body);
    const cases: [unknown, string][] = [
      [{}, "Please select a GA4 property to audit"],
      [{ propertyId: "" }, "Please select a GA4 property to audit"],
      [{ propertyId: "G-ABC" }, "Property IDs are numbers, like 123456789"],
      [{ propertyId: who.propertyId, startDate: "2015-02-30" }, "That date does not exist"],
      [{ propertyId: who.propertyId, endDate: "yesterday" }, "Dates are written YYYY-MM-DD"],
      [
        { propertyId: who.propertyId, startDate: "2015-03-02", endDate: "2015-03-01" },
        "The start date must be on or before the end date",
      ],
      [{ propertyId: who.propertyId, extra: 1 }, "The request must be a JSON object"],
    ];
    for (const [body, message] of cases) {
      const response = await create(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error, JSON.stringify(body)).toBe(message);
    }
    // A property the person has not saved (or cannot reach) is refused, not audited.
    const elsewhere = await create({ propertyId: "999999999" });
    expect(elsewhere.statusCode).toBeGreaterThanOrEqual(400);
    expect(elsewhere.statusCode).toBeLessThan(500);

    // Blank dates mean "all annotations".
    const all = await create({ propertyId: who.propertyId, startDate: "", endDate: null });
    expect(all.statusCode).toBe(201);
    expect(all.json().session).toMatchObject({
      status: "pending",
      startDate: null,
      endDate: null,
      propertyId: who.propertyId,
    });
  });

  it("runs one audit at a time per person and property", async () => {
    const who = await setUpPerson(harness, "premium", { email: betaEmails[nextBeta++]! });
    const first = await createAudit(who, {});
    // Created but never started: asking again gives the same audit back.
    expect((await createAudit(who, {})).id).toBe(first.id);
    await send(who.jar, "POST", `/api/audits/${first.id}/start`);
    const second = await send(who.jar, "POST", "/api/audits", { propertyId: who.propertyId });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe("audit_in_progress");
    await waitForAudit(who, first.id);
    expect(
      (await send(who.jar, "POST", "/api/audits", { propertyId: who.propertyId })).statusCode,
    ).toBe(201);
  });
});

describe("running an audit", () => {
  it("reviews the annotations in range once, however often it is started", async () => {
    const who = await auditor();
    const session = await createAudit(who);
    const starts = await Promise.all([
      send(who.jar, "POST", `/api/audits/${session.id}/start`),
      send(who.jar, "POST", `/api/audits/${session.id}/start`),
    ]);
    expect(starts.map((r) => r.statusCode)).toEqual([202, 202]);
    const { session: done, suggestions } = await waitForAudit(who, session.id);
    expect(done).toMatchObject({
      status: "completed",
      totalAnnotations: auditFixtures.length,
      processedAnnotations: auditFixtures.length,
      errorMessage: null,
      lastStep: "Done",
    });
    expect(done.completedAt).not.toBeNull();
    const expected = auditFixtures.filter((f) => !f.expected.none).length;
    expect(suggestions).toHaveLength(expected);
    expect(new Set(suggestions.map((s) => s.annotationId)).size).toBe(expected);
    expect(suggestions.every((s) => who.ids.includes(s.annotationId))).toBe(true);
    // Past Audits counts this audit's suggestions, not none.
    const history = (await get(who.jar, "/api/audits/history")).json().sessions as AuditSession[];
    expect(history.find((h) => h.id === session.id)?.suggestionCount).toBe(expected);
    // Starting a finished audit again runs nothing.
    await send(who.jar, "POST", `/api/audits/${session.id}/start`);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await get(who.jar, `/api/audits/${session.id}`)).json().suggestions).toHaveLength(
      expected,
    );
    const sale = suggestions.find((s) => s.annotationId === who.ids[0])!;
    expect(sale).toMatchObject({
      originalTitle: "Spring sale launch",
      suggestedTitle: "CAMPAIGN · Spring sale launch",
      suggestedColor: "PURPLE",
      suggestedCategoryId: null,
      suggestedCategoryName: "Campaigns & Promos",
      suggestedCategoryColor: "PURPLE",
      status: "pending",
      applicable: true,
    });
  });

  it("moves pending → in progress → completed, reporting each step", async () => {
    const fixtures = auditFixtures.slice(0, 45);
    const who = await auditor(fixtures);
    clock = new Date("2026-01-02T03:04:05.000Z");
    const seen: AuditSession[] = [];
    reviewer = {
      ...offline,
      async review(batch, context) {
        const history = (await get(who.jar, "/api/audits/history")).json().sessions;
        seen.push(history[0]);
        return offline.review(batch, context);
      },
    };
    const session = await createAudit(who);
    expect(session).toMatchObject({ status: "pending", lastStep: null, totalAnnotations: 0 });
    await send(who.jar, "POST", `/api/audits/${session.id}/start`);
    const { session: done } = await waitForAudit(who, session.id);
    expect(
      seen.map((s) => [s.status, s.processedAnnotations, s.totalAnnotations, s.lastStep]),
    ).toEqual([
      ["in_progress", 0, 45, "Reviewing 1–20 of 45"],
      ["in_progress", 20, 45, "Reviewing 21–40 of 45"],
      ["in_progress", 40, 45, "Reviewing 41–45 of 45"],
    ]);
    expect(done.completedAt).toBe("2026-01-02T03:04:05.000Z");
    const history = (await get(who.jar, "/api/audits/history")).json().sessions as AuditSession[];
    expect(history[0]).toMatchObject({ id: session.id, status: "completed" });
  });

  it("completes with what it has when one batch keeps failing", async () => {
    const who = await auditor(auditFixtures.slice(0, 50));
    let calls = 0;
    let failing: string[] = [];
    reviewer = {
      ...offline,
      async review(batch, context) {
        calls += 1;
        // The second batch fails on every attempt.
        if (calls === 2) failing = batch.map((annotation) => annotation.annotationId);
        if (failing.includes(batch[0]!.annotationId)) throw new Error("model unavailable");
        return offline.review(batch, context);
      },
    };
    const { session, suggestions } = await runAudit(who);
    expect(session.status).toBe("completed");
    expect(session.skippedAnnotations).toBe(20);
    expect(session.errorMessage).toBe(
      "20 of 50 annotations could not be reviewed, because the reviewer kept failing on them (21–40). The suggestions below cover the rest; run another audit to review them.",
    );
    expect(calls).toBe(1 + 3 + 1);
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.some((s) => failing.includes(s.annotationId))).toBe(false);
  });

  it("fails with Google's reason, its stack kept on the server, and shows it to its owner only", async () => {
    const who = await auditor(auditFixtures.slice(0, 3));
    // Google no longer honours the connection (revoked in the Google account).
    await control(harness.sandbox.url, "POST", "/tokens/revoke-refresh", { email: who.email });
    await control(harness.sandbox.url, "POST", "/tokens/expire", { email: who.email });
    const { session } = await runAudit(who);
    expect(session.status).toBe("failed");
    expect(session.lastStep).toBe("Reading annotations");
    expect(session.errorMessage).toMatch(/connect/i);
    expect(session).not.toHaveProperty("errorStack");
    const [stored] = await harness.database.db
      .select({ errorStack: annotationAuditSessions.errorStack })
      .from(annotationAuditSessions)
      .where(eq(annotationAuditSessions.id, session.id));
    expect(stored?.errorStack).toContain("AppError");
    const stranger = await setUpPerson(harness, "premium", { email: betaEmails[nextBeta++]! });
    expect((await get(stranger.jar, `/api/audits/${session.id}`)).statusCode).toBe(404);
    const history = (await get(stranger.jar, "/api/audits/history")).json().sessions;
    expect(history).toEqual([]);
  });
});

describe("deciding on suggestions", () => {
  let who: Auditor;
  let detail: AuditDetailResponse;
  beforeAll(async () => {
    who = await auditor(auditFixtures.slice(0, 12));
    detail = await runAudit(who);
  });
  const patch = (suggestionId: string, body: unknown, jar = who.jar) =>
    send(jar, "PATCH", `/api/audits/${detail.session.id}/suggestions/${suggestionId}`, body);
  const suggestionFor = (index: number) =>
    detail.suggestions.find((s) => s.annotationId === who.ids[index])!;

  it("takes exactly one kind of change, each checked", async () => {
    const sale = suggestionFor(0);
    const cases: [unknown, number, string][] = [
      [
        {},
        400,
        "Send one of: {status}, {modifiedTitle, modifiedDescription} or {modifiedCategoryId}",
      ],
      [{ status: "applied" }, 400, ""],
      [{ status: "accepted", modifiedTitle: "x" }, 400, ""],
      [{ modifiedTitle: "   " }, 400, "Title is required"],
      [{ modifiedTitle: "x".repeat(101) }, 400, "Title must be 100 characters or fewer"],
      [{ modifiedTitle: "bad\u0000title" }, 400, ""],
      [{ modifiedCategoryId: "not-a-uuid" }, 400, ""],
      [
        { modifiedCategoryId: "00000000-0000-4000-8000-000000000000" },
        400,
        "That category was not found.",
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await patch(sale.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      if (message) expect(response.json().error, JSON.stringify(body)).toBe(message);
    }
    const accepted = await patch(sale.id, { status: "accepted" });
    expect(accepted.json().suggestion.status).toBe("accepted");
    const edited = await patch(sale.id, {
      modifiedTitle: "CAMPAIGN · Spring sale launch · Web",
      modifiedDescription: "Spring sale started on the web shop.",
    });
    expect(edited.json().suggestion).toMatchObject({
      status: "accepted",
      modifiedTitle: "CAMPAIGN · Spring sale launch · Web",
      modifiedDescription: "Spring sale started on the web shop.",
    });
    expect((await patch(sale.id, { status: "rejected" })).json().suggestion.status).toBe(
      "rejected",
    );
  });

  it("refuses to accept a vague-title note until it is edited", async () => {
    const vague = suggestionFor(5); // "update", nothing to go on
    expect(vague.applicable).toBe(false);
    const refused = await patch(vague.id, { status: "accepted" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("nothing_to_apply");
    await patch(vague.id, { modifiedTitle: "Pricing page copy update" });
    expect((await patch(vague.id, { status: "accepted" })).statusCode).toBe(200);
  });

  it("answers 404 for another person's audit or suggestion, and for nonsense ids", async () => {
    const stranger = await setUpPerson(harness, "premium", { email: betaEmails[nextBeta++]! });
    const id = detail.session.id;
    const sid = suggestionFor(0).id;
    for (const [method, url] of [
      ["GET", `/api/audits/${id}`],
      ["POST", `/api/audits/${id}/start`],
      ["POST", `/api/audits/${id}/apply`],
      ["PATCH", `/api/audits/${id}/suggestions/${sid}`],
      ["GET", "/api/audits/not-an-id"],
    ] as const) {
      const response = await inject({
        method,
        url,
        headers: { ...sameOrigin, cookie: stranger.jar.header() },
        payload: { status: "accepted" },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(
      (await patch("00000000-0000-4000-8000-000000000000", { status: "accepted" })).statusCode,
    ).toBe(404);
  });
});

describe("applying accepted suggestions", () => {
  it("writes each once with only its changed fields, and fails those changed or deleted since", async () => {
    const who = await auditor(auditFixtures.slice(0, 14));
    const detail = await runAudit(who);
    const audit = detail.session.id;
    const byIndex = (index: number) =>
      detail.suggestions.find((s) => s.annotationId === who.ids[index]) as AuditSuggestion;
    // Accept: the sale (0), deploy (1), tracking (2), A/B (3), Easter (4), CDN (11), Release (12).
    const chosen = [0, 1, 2, 3, 4, 11, 12].map(byIndex);
    for (const suggestion of chosen) {
      const response = await send(
        who.jar,
        "PATCH",
        `/api/audits/${audit}/suggestions/${suggestion.id}`,
        { status: "accepted" },
      );
      expect(response.statusCode).toBe(200);
    }
    // The person's own category, created from the suggestion, linked to the sale.
    const created = await send(who.jar, "POST", "/api/categories", {
      name: byIndex(0).suggestedCategoryName,
      color: byIndex(0).suggestedCategoryColor,
      description: byIndex(0).suggestedCategoryDescription,
    });
    expect(created.statusCode).toBe(201);
    const categoryId = created.json().id as string;
    await send(who.jar, "PATCH", `/api/audits/${audit}/suggestions/${byIndex(0).id}`, {
      modifiedCategoryId: categoryId,
    });
    // Meanwhile, in Google Analytics: one is edited, one deleted.
    await who.google.patch(who.ids[2]!, { title: "Tracking broken on checkout (fixed)" });
    await who.google.remove(who.ids[3]!);
    await control(harness.sandbox.url, "DELETE", "/counters");
    // And Google stumbles once on a write; the retry lands it once.
    await control(harness.sandbox.url, "POST", "/faults", {
      method: "*reportingDataAnnotations.patch",
      kind: "unavailable",
      times: 1,
    });
    const before = (await get(who.jar, "/api/auth/user")).json().dailyAnnotationCount;

    const [first, second] = await Promise.all([
      send(who.jar, "POST", `/api/audits/${audit}/apply`),
      send(who.jar, "POST", `/api/audits/${audit}/apply`),
    ]);
    const results = [first.json(), second.json()];
    const total = results.reduce(
      (sum, r) => ({ applied: sum.applied + r.applied, failed: sum.failed + r.failed }),
      { applied: 0, failed: 0 },
    );
    expect(total).toEqual({ applied: 5, failed: 2 });
    const { counters } = await control<{ counters: Record<string, number> }>(
      harness.sandbox.url,
      "GET",
      "/counters",
    );
    const patches = Object.entries(counters)
      .filter(([name]) => name.endsWith("reportingDataAnnotations.patch"))
      .reduce((sum, [, count]) => sum + count, 0);
    // Five writes plus the one retried after the 503.
    expect(patches).toBe(6);
    expect((await send(who.jar, "POST", `/api/audits/${audit}/apply`)).json()).toEqual({
      applied: 0,
      failed: 0,
      unconfirmed: 0,
      stillApplying: 0,
    });

    const after = (await get(who.jar, `/api/audits/${audit}`)).json() as AuditDetailResponse;
    const status = (index: number) =>
      after.suggestions.find((s) => s.annotationId === who.ids[index])!;
    expect(status(2)).toMatchObject({
      status: "failed",
      failureReason: "It was changed in Google Analytics since the audit, so it was left as it is.",
    });
    expect(status(3)).toMatchObject({
      status: "failed",
      failureReason: "It was deleted in Google Analytics since the audit.",
    });
    expect(status(0).status).toBe("applied");

    const list = (await get(who.jar, `/api/annotations/${who.propertyId}`)).json()
      .reportingDataAnnotations as Annotation[];
    const sale = list.find((a) => a.annotationId === who.ids[0])!;
    expect(sale).toMatchObject({
      title: "CAMPAIGN · Spring sale launch",
      color: "PURPLE",
      categoryId,
    });
    // Its empty description stays empty: the audit makes up no words from the title and date.
    expect(sale.description).toBe("");
    const tracking = list.find((a) => a.annotationId === who.ids[2])!;
    expect(tracking.title).toBe("Tracking broken on checkout (fixed)");

    const [owner] = await harness.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, who.email));
    const events = await harness.database.db
      .select()
      .from(annotationEvents)
      .where(
        and(eq(annotationEvents.userId, owner!.id), eq(annotationEvents.eventType, "updated")),
      );
    expect(events).toHaveLength(5);
    const linked = await harness.database.db
      .select()
      .from(annotationMetadata)
      .where(eq(annotationMetadata.annotationId, who.ids[0]!));
    expect(linked[0]?.categoryId).toBe(categoryId);
    // Edits are not creations: the daily allowance is untouched.
    expect((await get(who.jar, "/api/auth/user")).json().dailyAnnotationCount).toBe(before);
  });

  it("makes a proposed new category on apply, once for every suggestion naming it, and links it", async () => {
    // Two campaigns and a release, none in a category the person has.
    const who = await auditor([auditFixtures[0]!, auditFixtures[1]!, auditFixtures[0]!]);
    const detail = await runAudit(who);
    const audit = detail.session.id;
    const proposing = detail.suggestions.filter((s) => s.suggestedCategoryName !== null);
    expect(proposing.length).toBeGreaterThanOrEqual(3);
    // Each card can say which day its annotation is on.
    expect(
      detail.suggestions.every(
        (s) =>
          s.annotationDate === auditFixtures[0]!.date ||
          s.annotationDate === auditFixtures[1]!.date,
      ),
    ).toBe(true);
    for (const suggestion of proposing) {
      expect(suggestion.applicable).toBe(true);
      await send(who.jar, "PATCH", `/api/audits/${audit}/suggestions/${suggestion.id}`, {
        status: "accepted",
      });
    }
    const result = (await send(who.jar, "POST", `/api/audits/${audit}/apply`)).json();
    expect(result).toMatchObject({ applied: proposing.length, failed: 0 });

    const categories = (await get(who.jar, "/api/categories")).json() as CategoryListResponse;
    const names = categories.categories.map((category) => category.name).sort();
    expect(names).toEqual(["Campaigns & Promos", "Site/App Releases"]);
    const campaigns = categories.categories.find((c) => c.name === "Campaigns & Promos")!;
    // Made as the preset it is, with its template, and it now holds both campaigns.
    expect(campaigns.titleTemplate).toBe(categoryPresets[0]!.titleTemplate);
    expect(categories.annotationCounts[campaigns.id]).toBe(2);
    const list = (await get(who.jar, `/api/annotations/${who.propertyId}`)).json()
      .reportingDataAnnotations as Annotation[];
    for (const index of [0, 2])
      expect(list.find((a) => a.annotationId === who.ids[index])?.categoryId).toBe(campaigns.id);

    const after = (await get(who.jar, `/api/audits/${audit}`)).json() as AuditDetailResponse;
    expect(after.suggestions.filter((s) => s.status === "applied")).toHaveLength(proposing.length);
    const history = (await get(who.jar, "/api/audits/history")).json().sessions as AuditSession[];
    expect(history[0]).toMatchObject({ id: audit, appliedCount: proposing.length, started: true });
  });

  it("refuses to apply an audit that has not finished", async () => {
    const who = await setUpPerson(harness, "premium", { email: betaEmails[nextBeta++]! });
    const session = await createAudit(who, {});
    const response = await send(who.jar, "POST", `/api/audits/${session.id}/apply`);
    expect(response.statusCode).toBe(409);
    await harness.database.db
      .delete(annotationAuditSessions)
      .where(eq(annotationAuditSessions.id, session.id));
  });
});

describe("applying after lost answers and crashes", () => {
  const patchCounter = "analyticsadmin.properties.reportingDataAnnotations.patch";
  const patches = async () =>
    (await control<{ counters: Record<string, number> }>(harness.sandbox.url, "GET", "/counters"))
      .counters[patchCounter] ?? 0;
  const fault = (rule: Record<string, unknown>) =>
    control(harness.sandbox.url, "POST", "/faults", { method: patchCounter, ...rule });
  const apply = async (who: TestPerson, audit: string) => {
    const response = await send(who.jar, "POST", `/api/audits/${audit}/apply`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AuditApplyResponse;
  };
  const suggestionsOf = async (who: TestPerson, audit: string) =>
    ((await get(who.jar, `/api/audits/${audit}`)).json() as AuditDetailResponse).suggestions;

  /** An audit of the first fixtures, and the suggestions that change Google's fields. */
  async function auditWithSuggestions(count: number) {
    const who = await auditor(auditFixtures.slice(0, 6));
    const detail = await runAudit(who);
    const writable = detail.suggestions.filter(
      (suggestion) =>
        suggestion.applicable &&
        suggestion.suggestedTitle !== null &&
        suggestion.suggestedTitle !== suggestion.originalTitle,
    );
    expect(writable.length).toBeGreaterThanOrEqual(count);
    return { who, audit: detail.session.id, chosen: writable.slice(0, count) };
  }

  const accept = async (who: TestPerson, audit: string, suggestion: AuditSuggestion) =>
    expect(
      (
        await send(who.jar, "PATCH", `/api/audits/${audit}/suggestions/${suggestion.id}`, {
          status: "accepted",
        })
      ).statusCode,
    ).toBe(200);

  /** What Google holds for the annotation, read through the product. */
  const inGoogle = async (who: TestPerson, annotationId: string) =>
    (
      (await get(who.jar, `/api/annotations/${who.propertyId}`)).json()
        .reportingDataAnnotations as Annotation[]
    ).find((annotation) => annotation.annotationId === annotationId)!;

  it("settles a suggestion by what Google holds when its answers were lost", async () => {
    const { who, audit, chosen } = await auditWithSuggestions(2);
    const [landed, refused] = chosen as [AuditSuggestion, AuditSuggestion];

    // Applied, then the connection dropped; the retries are refused: it is in Google, so applied.
    await accept(who, audit, landed);
    await fault({ kind: "commit-then-drop", times: 1 });
    await fault({ kind: "unavailable", times: 3 });
    expect(await apply(who, audit)).toEqual({
      applied: 1,
      failed: 0,
      unconfirmed: 0,
      stillApplying: 0,
    });
    await control(harness.sandbox.url, "DELETE", "/faults");
    expect((await inGoogle(who, landed.annotationId)).title).toBe(landed.suggestedTitle);

    // Every attempt refused with a 503: not in Google, and not a failure either. It stays
    // accepted, says why, and the next apply writes it.
    await accept(who, audit, refused);
    await fault({ kind: "unavailable", times: 4 });
    expect(await apply(who, audit)).toEqual({
      applied: 0,
      failed: 0,
      unconfirmed: 1,
      stillApplying: 0,
    });
    await control(harness.sandbox.url, "DELETE", "/faults");
    const waiting = (await suggestionsOf(who, audit)).find((s) => s.id === refused.id)!;
    expect(waiting).toMatchObject({
      status: "accepted",
      failureReason: errorMessages.editUnconfirmed,
    });
    expect((await inGoogle(who, refused.annotationId)).title).toBe(refused.originalTitle);

    expect(await apply(who, audit)).toEqual({
      applied: 1,
      failed: 0,
      unconfirmed: 0,
      stillApplying: 0,
    });
    const after = await suggestionsOf(who, audit);
    for (const suggestion of chosen)
      expect(after.find((s) => s.id === suggestion.id)).toMatchObject({
        status: "applied",
        failureReason: null,
      });
    expect((await inGoogle(who, refused.annotationId)).title).toBe(refused.suggestedTitle);
  });

  it("keeps a suggestion Google was too busy for accepted, and the next apply writes it", async () => {
    const { who, audit, chosen } = await auditWithSuggestions(1);
    const [busy] = chosen as [AuditSuggestion];
    await accept(who, audit, busy);
    // Every attempt answered 429: Google did nothing, and the suggestion is not lost to it.
    await fault({ kind: "resource-exhausted", times: 4 });
    expect(await apply(who, audit)).toEqual({
      applied: 0,
      failed: 0,
      unconfirmed: 1,
      stillApplying: 0,
    });
    await control(harness.sandbox.url, "DELETE", "/faults");
    expect((await suggestionsOf(who, audit)).find((s) => s.id === busy.id)).toMatchObject({
      status: "accepted",
      failureReason: "Google Analytics is busy right now. Please try again in a minute.",
    });
    expect(await apply(who, audit)).toMatchObject({ applied: 1, failed: 0, unconfirmed: 0 });
    expect((await inGoogle(who, busy.annotationId)).title).toBe(busy.suggestedTitle);
  });

  it("takes up a crashed apply's claims within a minute, and ends one already in Google applied", async () => {
    const { who, audit, chosen } = await auditWithSuggestions(3);
    const [written, unwritten, fresh] = chosen as [
      AuditSuggestion,
      AuditSuggestion,
      AuditSuggestion,
    ];
    for (const suggestion of chosen) await accept(who, audit, suggestion);
    clock = new Date();
    const crashedAt = new Date(clock.getTime() - 20_000);
    // An instance claimed two suggestions, wrote one to Google and died before recording it.
    await harness.database.db
      .update(annotationSuggestions)
      .set({ status: "applying", updatedAt: crashedAt })
      .where(inArray(annotationSuggestions.id, [written.id, unwritten.id]));
    await who.google.patch(written.annotationId, {
      title: written.suggestedTitle!,
      ...(written.suggestedDescription !== null
        ? { description: written.suggestedDescription }
        : {}),
      ...(written.suggestedColor !== null ? { color: written.suggestedColor } : {}),
    });
    await control(harness.sandbox.url, "DELETE", "/counters");

    // Twenty seconds on, its claims could still be a live apply's: they are left alone, and the
    // person is told how many are still being applied.
    expect(await apply(who, audit)).toEqual({
      applied: 1,
      failed: 0,
      unconfirmed: 0,
      stillApplying: 2,
    });
    expect(await patches()).toBe(1);
    expect((await suggestionsOf(who, audit)).find((s) => s.id === fresh.id)!.status).toBe(
      "applied",
    );

    // Well within a minute of the crash, its claims have gone without a heartbeat long enough:
    // the page offers them to apply again, and the next apply takes them up.
    clock = new Date(crashedAt.getTime() + 45_000);
    const offered = await suggestionsOf(who, audit);
    for (const suggestion of [written, unwritten])
      expect(offered.find((s) => s.id === suggestion.id)!.status).toBe("accepted");
    expect(await apply(who, audit)).toEqual({
      applied: 2,
      failed: 0,
      unconfirmed: 0,
      stillApplying: 0,
    });
    // The one already in Google is recognised, not written again nor called changed since the
    // audit; only the other is written.
    expect(await patches()).toBe(2);
    const after = await suggestionsOf(who, audit);
    for (const suggestion of chosen)
      expect(after.find((s) => s.id === suggestion.id)).toMatchObject({
        status: "applied",
        failureReason: null,
      });
    for (const suggestion of chosen)
      expect((await inGoogle(who, suggestion.annotationId)).title).toBe(suggestion.suggestedTitle);
  });

  it("keeps a live apply's claims while its heartbeat goes on", async () => {
    const { who, audit, chosen } = await auditWithSuggestions(1);
    const [suggestion] = chosen as [AuditSuggestion];
    await accept(who, audit, suggestion);
    const repository = createAuditsRepository(harness.database.db);
    const start = new Date();
    const lease = (at: Date) => new Date(at.getTime() - applyClaimLeaseMs);
    expect(await repository.claimAccepted(audit, start, lease(start))).toHaveLength(1);
    // Renewed by its apply now and then, it is never taken by another apply...
    for (let beat = 1; beat <= 6; beat += 1) {
      const at = new Date(start.getTime() + (beat * applyClaimLeaseMs) / 2);
      await repository.renewClaims([suggestion.id], at);
      expect(await repository.claimAccepted(audit, at, lease(at))).toHaveLength(0);
      expect(await repository.countApplying(audit)).toBe(1);
    }
    // ...until the beats stop for longer than the lease.
    const silent = new Date(start.getTime() + 3 * applyClaimLeaseMs + applyClaimLeaseMs + 1);
    expect(await repository.claimAccepted(audit, silent, lease(silent))).toHaveLength(1);
  });
});

describe("the current user", () => {
  it("tells the web app that a beta user may run audits", async () => {
    const jar = await signInWithEmailLink(harness, betaEmails[nextBeta++]!);
    const me = (await get(jar, "/api/auth/user")).json();
    expect(me.isAuditBetaUser).toBe(true);
  });
});
