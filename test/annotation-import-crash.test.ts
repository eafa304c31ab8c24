import Papa from "papaparse";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { control } from "../src/sandbox/testing/sandbox-test-kit.js";
import { annotationImports, users } from "../src/server/db/schema/index.js";
import { createSettledWithinMs } from "../src/server/features/annotations/annotations-service.js";
import { createCreateRequestsRepository } from "../src/server/features/annotations/create-requests-repository.js";
import { createDailyQuotaRepository } from "../src/server/features/annotations/daily-quota-repository.js";
import { defaultAnnotationColor } from "../src/shared/annotation-colors.js";
import { addDays, calendarDateOf, toIsoDate } from "../src/shared/calendar-date.js";
import {
  importOutcomeText,
  type ImportPreviewResponse,
  type ImportStatusResponse,
} from "../src/shared/contracts/annotation-import.js";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import { errorMessages } from "../src/shared/contracts/errors.js";
import { startOfUtcDay } from "../src/shared/daily-quota.js";
import {
  appClient,
  requestAs,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";
import { googleSide } from "./google-side.js";

/**
 * Imports never lose a row to Google's failures or to a crash (decisions 0057, 0066): a row in
 * flight when its process was killed is looked for in Google on resume and written only if it
 * is not there, and a row Google failed waits to be written instead of being marked failed.
 * Judged by what the sandbox's GA4 holds: every row once.
 */
let harness: AppHarness;
/** The app's clock: a day passes for the quota, and an import's waits move it on. */
let clock = new Date();

beforeAll(async () => {
  harness = await startAppHarness({
    deps: {
      now: () => clock,
      importSleep: async (ms) => {
        clock = new Date(clock.getTime() + ms);
      },
    },
  });
});
afterAll(async () => {
  await harness?.close();
});
beforeEach(async () => {
  clock = new Date();
  await control(harness.sandbox.url, "POST", "/reset");
});

const day = (offset: number) => toIsoDate(addDays(calendarDateOf(clock), offset));
const csv = (rows: string[][]) => Papa.unparse(rows, { newline: "\r\n" });
const db = () => harness.database.db;

async function start(who: TestPerson, titles: string[]): Promise<string> {
  const body = {
    fileName: "crash.csv",
    targetPropertyId: who.propertyId,
    text: csv([["date", "title"], ...titles.map((title, i) => [day(-1 - i), title])]),
  };
  const shown = await requestAs(harness, who.jar, "POST", "/api/annotation-imports/preview", body);
  expect(shown.statusCode, shown.body).toBe(200);
  const importId = crypto.randomUUID();
  const started = await requestAs(harness, who.jar, "POST", "/api/annotation-imports", {
    ...body,
    mapping: shown.json<ImportPreviewResponse>().mapping,
    importId,
  });
  expect(started.statusCode, started.body).toBe(202);
  return importId;
}

const statusOf = async (who: TestPerson, id: string) =>
  (
    await requestAs(harness, who.jar, "GET", `/api/annotation-imports/${id}`)
  ).json<ImportStatusResponse>();

/** Waits for the import's job by looking again, a bounded number of times. */
async function settled(who: TestPerson, id: string): Promise<ImportStatusResponse> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const status = await statusOf(who, id);
    if (status.status !== "running") return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the import never stopped running");
}

const resume = (who: TestPerson, id: string) =>
  requestAs(harness, who.jar, "POST", `/api/annotation-imports/${id}/resume`);
const googleCreates = async () =>
  (await control<{ counters: Record<string, number> }>(harness.sandbox.url, "GET", "/counters"))
    .counters["analyticsadmin.properties.reportingDataAnnotations.create"] ?? 0;
const google = (who: TestPerson) =>
  googleSide(harness.sandbox.url, {
    email: who.email,
    propertyId: who.propertyId,
    clientId: appClient.clientId,
  });
async function inGoogle(who: TestPerson, titles: string[]): Promise<Record<string, number>> {
  const found = await (await google(who)).list();
  return Object.fromEntries(titles.map((t) => [t, found.filter((a) => a.title === t).length]));
}
const once = (titles: string[]) => Object.fromEntries(titles.map((title) => [title, 1]));
const personOf = async (who: TestPerson) =>
  (await db().select().from(users).where(eq(users.email, who.email)))[0]!;

/**
 * An import whose run was killed while writing its first row: the import still "running" and
 * that row's create opened — its request recorded and the day's slot taken, exactly what a create
 * writes before it is sent — with Google holding it (the request reached Google before the kill)
 * or not. The rows are made by a real start, stopped before any row by a spent daily quota; the
 * next day the run is cut off in its first row.
 */
async function killedInFirstRow(
  who: TestPerson,
  titles: string[],
  reachedGoogle: boolean,
): Promise<string> {
  const person = await personOf(who);
  await db()
    .update(users)
    .set({
      dailyAnnotationCount: person.annotationQuota,
      dailyCountResetAt: startOfUtcDay(clock),
    })
    .where(eq(users.id, person.id));
  const importId = await start(who, titles);
  expect(await settled(who, importId)).toMatchObject({ status: "waiting_for_quota", imported: 0 });
  clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000);

  const [record] = await db()
    .select()
    .from(annotationImports)
    .where(eq(annotationImports.id, importId));
  const row = record!.rows[0]!;
  const request = row.request!;
  await db()
    .update(annotationImports)
    .set({ status: "running" })
    .where(eq(annotationImports.id, importId));
  const quotaDay = startOfUtcDay(clock);
  expect(await createDailyQuotaRepository(db()).take(person.id, quotaDay)).toBe(true);
  const opened = await createCreateRequestsRepository(db()).open({
    id: request.requestId,
    userId: person.id,
    propertyId: row.propertyId!,
    body: {
      title: request.title,
      color: defaultAnnotationColor,
      annotationDate: request.annotationDate,
    },
    extras: { categoryId: null, source: "import" },
    quotaDay,
    settleAfter: new Date(clock.getTime() + createSettledWithinMs),
  });
  expect(opened).toBe(true);
  if (reachedGoogle)
    await (
      await google(who)
    ).create({
      title: request.title,
      color: defaultAnnotationColor,
      date: toIsoDate(request.annotationDate!),
    });
  return importId;
}

// Each runs an import twice (stopped by the quota, then resumed) after a sign-up: more than the
// default 30 s on a busy machine.
describe("an import whose process was killed mid-row", { timeout: 90_000 }, () => {
  for (const reachedGoogle of [true, false]) {
    it(`resumes and writes every row exactly once (the row in flight ${
      reachedGoogle ? "had reached" : "never reached"
    } Google)`, async () => {
      const who = await setUpPerson(harness, "freemium");
      const titles = reachedGoogle
        ? ["Reached launch", "Reached sale", "Reached outage"]
        : ["Unsent launch", "Unsent sale", "Unsent outage"];
      const creates = await googleCreates();
      const importId = await killedInFirstRow(who, titles, reachedGoogle);
      expect(await inGoogle(who, titles)).toEqual({
        [titles[0]!]: reachedGoogle ? 1 : 0,
        [titles[1]!]: 0,
        [titles[2]!]: 0,
      });

      const resumed = await resume(who, importId);
      expect(resumed.statusCode, resumed.body).toBe(200);
      const done = await settled(who, importId);
      expect(done).toMatchObject({ status: "done", imported: 3, failed: 0, left: 0 });
      expect(done.failures).toEqual([]);
      expect(done.waiting).toEqual([]);

      // Each row once in GA4, three creates in all (the killed run's included).
      expect(await inGoogle(who, titles)).toEqual(once(titles));
      expect((await googleCreates()) - creates).toBe(3);
      // The row in flight is the import's, and the day counts three.
      const listed = (
        await requestAs(harness, who.jar, "GET", `/api/annotations/${who.propertyId}`)
      ).json<{ reportingDataAnnotations: Annotation[] }>().reportingDataAnnotations;
      expect(listed.find((annotation) => annotation.title === titles[0])).toMatchObject({
        source: "import",
      });
      expect((await personOf(who)).dailyAnnotationCount).toBe(3);
    });
  }
});

describe("an import Google fails", () => {
  it("keeps the rows Google did not take waiting, not failed, and a resume writes each once", async () => {
    const who = await setUpPerson(harness, "premium");
    const titles = ["Waiting launch", "Waiting sale"];
    await control(harness.sandbox.url, "POST", "/faults", {
      method: "*reportingDataAnnotations.create",
      kind: "unavailable",
    });
    const importId = await start(who, titles);
    const stopped = await settled(who, importId);
    expect(stopped).toMatchObject({
      status: "waiting_for_google",
      imported: 0,
      failed: 0,
      left: 2,
    });
    expect(importOutcomeText(stopped)).toBe("0 imported, 2 waiting for Google");
    expect(stopped.waiting.map((row) => row.title)).toEqual(titles);
    expect(await inGoogle(who, titles)).toEqual({ [titles[0]!]: 0, [titles[1]!]: 0 });

    await control(harness.sandbox.url, "DELETE", "/faults");
    expect((await resume(who, importId)).statusCode).toBe(200);
    expect(await settled(who, importId)).toMatchObject({ status: "done", imported: 2, left: 0 });
    expect(await inGoogle(who, titles)).toEqual(once(titles));
  });

  it("settles a row whose answer was lost by what Google holds, and never writes it twice", async () => {
    const who = await setUpPerson(harness, "premium");
    const titles = ["Dropped launch", "Dropped sale"];
    // The first create lands and its answer is lost; every look at the list after the preview's
    // and the start's own fails for a while.
    await control(harness.sandbox.url, "POST", "/faults", {
      method: "*reportingDataAnnotations.create",
      kind: "commit-then-drop",
      times: 1,
    });
    await control(harness.sandbox.url, "POST", "/faults", {
      method: "*reportingDataAnnotations.list",
      kind: "unavailable",
      skip: 2,
      times: 5,
    });
    const creates = await googleCreates();
    const importId = await start(who, titles);
    const done = await settled(who, importId);
    expect(done).toMatchObject({ status: "done", imported: 2, failed: 0, left: 0 });
    expect(await inGoogle(who, titles)).toEqual(once(titles));
    expect((await googleCreates()) - creates).toBe(2);
    // Every look failed while the run first tried the row: it was left unconfirmed, then found.
    const { faults } = await control<{ faults: { method: string; fired: number }[] }>(
      harness.sandbox.url,
      "GET",
      "/faults",
    );
    expect(faults.find((rule) => rule.method.endsWith(".list"))?.fired).toBe(5);
    expect(done.failures.map((row) => row.message)).not.toContain(errorMessages.createUnconfirmed);
  });
});
