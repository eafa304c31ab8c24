import Papa from "papaparse";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { control } from "../src/sandbox/testing/sandbox-test-kit.js";
import { annotationImports, type ImportRowRecord } from "../src/server/db/schema/index.js";
import { addDays, calendarDateOf, toIsoDate } from "../src/shared/calendar-date.js";
import {
  importOutcomeText,
  type ImportPreviewResponse,
  type ImportStatusResponse,
} from "../src/shared/contracts/annotation-import.js";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import {
  requestAs,
  sameOrigin,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";

/** CSV imports through HTTP, on a real database, the job queue and the Google sandbox. */
let harness: AppHarness;
/** The app's clock; tests move it a day on to see the quota come back. */
let clock = new Date();

beforeAll(async () => {
  harness = await startAppHarness({ deps: { now: () => clock } });
});
afterAll(async () => {
  await harness?.close();
});
beforeEach(() => {
  clock = new Date();
});

const day = (offset: number) => toIsoDate(addDays(calendarDateOf(clock), offset));
const csv = (rows: string[][]) => Papa.unparse(rows, { newline: "\r\n" });

const preview = (who: TestPerson, body: Record<string, unknown>) =>
  requestAs(harness, who.jar, "POST", "/api/annotation-imports/preview", body);

async function start(who: TestPerson, body: Record<string, unknown>) {
  const shown = await preview(who, body);
  expect(shown.statusCode, shown.body).toBe(200);
  const { mapping } = shown.json<ImportPreviewResponse>();
  const importId = crypto.randomUUID();
  const started = await requestAs(harness, who.jar, "POST", "/api/annotation-imports", {
    ...body,
    mapping,
    importId,
  });
  return { started, importId, mapping };
}

const statusOf = async (who: TestPerson, id: string) =>
  (
    await requestAs(harness, who.jar, "GET", `/api/annotation-imports/${id}`)
  ).json<ImportStatusResponse>();

/** Waits for the import's job by looking again, a bounded number of times; every answer seen. */
async function settled(who: TestPerson, id: string): Promise<ImportStatusResponse[]> {
  const seen: ImportStatusResponse[] = [];
  for (let attempt = 0; attempt < 600; attempt++) {
    const status = await statusOf(who, id);
    seen.push(status);
    if (status.status !== "running") return seen;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the import never stopped running: ${JSON.stringify(seen.at(-1))}`);
}

const resume = (who: TestPerson, id: string) =>
  requestAs(harness, who.jar, "POST", `/api/annotation-imports/${id}/resume`);

const listAnnotations = async (who: TestPerson) =>
  (await requestAs(harness, who.jar, "GET", `/api/annotations/${who.propertyId}`)).json()
    .reportingDataAnnotations as Annotation[];

const googleCreates = async () =>
  (await control<{ counters: Record<string, number> }>(harness.sandbox.url, "GET", "/counters"))
    .counters["analyticsadmin.properties.reportingDataAnnotations.create"] ?? 0;

describe("previewing a file", () => {
  it("lists every bad row with its line number and what is wrong with it", async () => {
    const who = await setUpPerson(harness, "premium");
    const existing = await requestAs(
      harness,
      who.jar,
      "POST",
      `/api/annotations/${who.propertyId}`,
      {
        title: "Already there",
        annotationDate: calendarDateOf(new Date(`${day(-10)}T12:00:00Z`)),
      },
    );
    expect(existing.statusCode, existing.body).toBe(201);
    const text = csv([
      ["Date", "Title", "Colour", "Description"],
      [day(-1), "Fine", "green", "A good row"],
      ["next tuesday", "Bad date", "", ""],
      [day(3), "Future start", "", ""],
      [day(-2), "Unknown colour", "pink", ""],
      [day(-2), "T".repeat(120), "", ""],
      [day(-10), "already THERE", "", ""],
      [day(-1), "fine", "blue", "Same title and day as line 2"],
      [day(-3), "Long description", "", "D".repeat(1001)],
    ]);
    const response = await preview(who, {
      text,
      fileName: "bad.csv",
      targetPropertyId: who.propertyId,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<ImportPreviewResponse>();
    expect(answer.mapping).toMatchObject({ startDate: 0, title: 1, color: 2, description: 3 });
    expect(answer.validCount).toBe(1);
    expect(answer.invalidCount).toBe(7);
    const byLine = Object.fromEntries(answer.rows.map((row) => [row.line, row.problems]));
    expect(byLine[2]).toEqual([]);
    expect(byLine[3]).toEqual(['"next tuesday" is not a date: write it as YYYY-MM-DD.']);
    expect(byLine[4]![0]).toMatch(/in the future/);
    expect(byLine[5]![0]).toMatch(/"pink" is not a colour/);
    expect(byLine[6]).toEqual(["The title is 120 characters long; the most is 100."]);
    expect(byLine[7]![0]).toMatch(/is already in Google Analytics: it would be a duplicate/);
    expect(byLine[8]).toEqual(["Same title and day as line 2: it would be a duplicate."]);
    expect(byLine[9]![0]).toMatch(/Description/);
  });

  it("flags rows for a property the person can only view, instead of calling them ready", async () => {
    // The sandbox seeds this address with a property it may only view.
    const who = await setUpPerson(harness, "premium", { email: "copies.2@example.com" });
    const reachable = (await requestAs(harness, who.jar, "GET", "/api/ga4/properties")).json()
      .properties as { propertyId: string; canEdit: boolean; displayName: string }[];
    const viewOnly = reachable.find((p) => !p.canEdit)!;
    const saved = await requestAs(harness, who.jar, "POST", "/api/properties", {
      propertyId: viewOnly.propertyId,
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const name = viewOnly.displayName;
    const response = await preview(who, {
      text: csv([
        ["date", "title"],
        [day(-5), "Launch"],
      ]),
      targetPropertyId: viewOnly.propertyId,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<ImportPreviewResponse>();
    expect(answer).toMatchObject({ validCount: 0, invalidCount: 1 });
    expect(answer.rows[0]!.problems).toEqual([
      `${name} is read-only for your Google account: your role in Google Analytics lets you view it, not add annotations.`,
    ]);
    // The one they can edit is still ready.
    const editable = await preview(who, {
      text: csv([
        ["date", "title"],
        [day(-5), "Launch"],
      ]),
      targetPropertyId: who.propertyId,
    });
    expect(editable.json<ImportPreviewResponse>()).toMatchObject({ validCount: 1 });
  });

  it("reads semicolon files with a byte order mark, and says what is missing from the mapping", async () => {
    const who = await setUpPerson(harness, "premium");
    const text = `\uFEFF${Papa.unparse(
      [
        ["Datum", "Titel"],
        [day(-1), "Eins, zwei"],
      ],
      { delimiter: ";" },
    )}`;
    const answer = (await preview(who, { text })).json<ImportPreviewResponse>();
    expect(answer.delimiter).toBe(";");
    expect(answer.headers).toEqual(["Datum", "Titel"]);
    expect(answer.rows).toEqual([]);
    expect(answer.mappingProblems).toEqual([
      "Choose the column that holds the date.",
      "Choose the column that holds the title.",
      "The file has no property column: choose the property to import to.",
    ]);
    const mapped = await preview(who, {
      text,
      targetPropertyId: who.propertyId,
      mapping: { ...answer.mapping, startDate: 0, title: 1 },
    });
    expect(mapped.json<ImportPreviewResponse>().rows).toMatchObject([
      { line: 2, title: "Eins, zwei", problems: [] },
    ]);
  });

  it("refuses a file too large or too long, with why", async () => {
    const who = await setUpPerson(harness, "freemium");
    const large = await preview(who, { text: `date,title\n${"é".repeat(1_100_000)}` });
    expect(large.statusCode).toBe(400);
    expect(large.json().error).toMatch(/^The file is 2\.1 MB; an import reads at most 2 MB/);
    const long = await preview(who, { text: `date,title\n${`${day(-1)},A\n`.repeat(5_001)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatch(/5,001 rows; an import takes at most 5,000/);
  });
});

describe("importing", () => {
  it("writes the valid rows once; the same file again, or the job run again, writes nothing twice", async () => {
    const who = await setUpPerson(harness, "premium");
    const body = {
      fileName: "launches.csv",
      targetPropertyId: who.propertyId,
      text: csv([
        ["start_date", "end_date", "title", "description", "color"],
        [day(-5), day(-3), "Spring sale", "Three days", "red"],
        [day(-2), day(-2), "Newsletter", "", "Purple"],
        [day(-1), "", "Price change", "", ""],
        ["bad", "", "Skipped", "", ""],
      ]),
    };
    const before = await googleCreates();
    const { started, importId, mapping } = await start(who, body);
    expect(started.statusCode, started.body).toBe(202);
    const done = (await settled(who, importId)).at(-1)!;
    expect(done).toMatchObject({
      status: "done",
      total: 3,
      imported: 3,
      failed: 0,
      left: 0,
      skipped: 1,
    });
    expect(done.failures).toEqual([
      expect.objectContaining({
        line: 5,
        title: "Skipped",
        message: expect.stringMatching(/not a date/),
      }),
    ]);
    expect(await googleCreates()).toBe(before + 3);
    const titles = (await listAnnotations(who)).map((a) => a.title);
    expect(
      titles.filter((t) => ["Spring sale", "Newsletter", "Price change"].includes(t)),
    ).toHaveLength(3);
    const sale = (await listAnnotations(who)).find((a) => a.title === "Spring sale")!;
    expect(sale).toMatchObject({ color: "RED", source: "import" });
    expect(sale.annotationDateRange).toBeDefined();

    // The same start again (a retry of the request) is the same import.
    const again = await requestAs(harness, who.jar, "POST", "/api/annotation-imports", {
      ...body,
      mapping,
      importId,
    });
    expect(again.json<ImportStatusResponse>()).toMatchObject({ id: importId, imported: 3 });

    // The same file again: every row is a duplicate now, and nothing is started.
    const second = (await preview(who, body)).json<ImportPreviewResponse>();
    expect(second.validCount).toBe(0);
    expect(second.rows.slice(0, 3).every((row) => /duplicate/.test(row.problems.join(" ")))).toBe(
      true,
    );
    const rerun = await requestAs(harness, who.jar, "POST", "/api/annotation-imports", {
      ...body,
      mapping,
      importId: crypto.randomUUID(),
    });
    expect(rerun.statusCode).toBe(400);
    expect(rerun.json().error).toMatch(/^Nothing to import/);

    // The job run again from the start, as after a crash before it saved: the rows' request ids
    // find the annotations already made.
    const [stored] = await harness.database.db
      .select()
      .from(annotationImports)
      .where(eq(annotationImports.id, importId));
    const firstIds = stored!.rows.map((row) => row.annotationId);
    await harness.database.db
      .update(annotationImports)
      .set({
        status: "running",
        imported: 0,
        rows: stored!.rows.map((row): ImportRowRecord =>
          row.state === "imported" ? { ...row, state: "pending", annotationId: undefined } : row,
        ),
      })
      .where(eq(annotationImports.id, importId));
    expect((await resume(who, importId)).statusCode).toBe(200);
    expect((await settled(who, importId)).at(-1)).toMatchObject({ status: "done", imported: 3 });
    const [rerunRows] = await harness.database.db
      .select()
      .from(annotationImports)
      .where(eq(annotationImports.id, importId));
    expect(rerunRows!.rows.map((row) => row.annotationId)).toEqual(firstIds);
    expect(await googleCreates()).toBe(before + 3);
  });

  it("imports a Tidemark export back with its titles exactly, formula guards taken off", async () => {
    const who = await setUpPerson(harness, "premium");
    const titles = [
      '=HYPERLINK("https://example.com","Go")',
      "+44 launch",
      "-5% after the change",
      "@here standup",
      "'=quoted already",
      "''+two quotes",
      "'plain quote",
    ];
    const ids: string[] = [];
    for (const [index, title] of titles.entries()) {
      const created = await requestAs(
        harness,
        who.jar,
        "POST",
        `/api/annotations/${who.propertyId}`,
        {
          title,
          description: `=${index}+1`,
          annotationDate: addDays(calendarDateOf(clock), -1 - index),
        },
      );
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json().annotationId as string);
    }
    // The export as the server writes it (an annotation feed), then the annotations deleted so
    // the file is not read as duplicates.
    const feed = await requestAs(harness, who.jar, "POST", "/api/account/feeds", {
      name: "Round trip",
      propertyIds: [who.propertyId],
    });
    expect(feed.statusCode, feed.body).toBe(201);
    const exported = await harness.app.inject({
      method: "GET",
      url: new URL(feed.json().url as string).pathname,
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain("'=HYPERLINK");
    expect(exported.body).toContain("''=quoted already");
    for (const id of ids) {
      const deleted = await requestAs(
        harness,
        who.jar,
        "DELETE",
        `/api/annotations/${who.propertyId}/${id}`,
      );
      expect(deleted.statusCode, deleted.body).toBe(200);
    }

    const { started, importId } = await start(who, {
      fileName: "tidemark-annotations.csv",
      targetPropertyId: who.propertyId,
      text: `\uFEFF${exported.body}`,
    });
    expect(started.statusCode, started.body).toBe(202);
    expect((await settled(who, importId)).at(-1)).toMatchObject({
      status: "done",
      imported: titles.length,
    });
    const back = await listAnnotations(who);
    for (const [index, title] of titles.entries()) {
      const found = back.filter((annotation) => annotation.title === title);
      expect(found, title).toHaveLength(1);
      expect(found[0]!.description).toBe(`=${index}+1`);
    }
  });

  it("stops at the day's quota, says what is left, and resumes the next day", async () => {
    const who = await setUpPerson(harness, "freemium");
    const rows = Array.from({ length: 8 }, (_, i) => [day(-1 - i), `Campaign ${i + 1}`]);
    const { started, importId } = await start(who, {
      targetPropertyId: who.propertyId,
      text: csv([["date", "title"], ...rows]),
    });
    expect(started.statusCode, started.body).toBe(202);
    const stopped = (await settled(who, importId)).at(-1)!;
    expect(stopped).toMatchObject({ status: "waiting_for_quota", imported: 5, left: 3, failed: 0 });
    expect(importOutcomeText(stopped)).toBe("5 imported, 3 left for tomorrow");

    // The same day nothing more is written, and the answer says so.
    const refused = await resume(who, importId);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(
      /^Nothing to resume until the daily limit resets — Resets at midnight UTC — in \d+ (h|min)\.$/,
    );
    expect((await settled(who, importId)).at(-1)).toMatchObject({
      status: "waiting_for_quota",
      imported: 5,
    });

    clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000);
    expect((await resume(who, importId)).statusCode).toBe(200);
    const finished = (await settled(who, importId)).at(-1)!;
    expect(finished).toMatchObject({ status: "done", imported: 8, left: 0 });
    const titles = (await listAnnotations(who)).map((a) => a.title);
    for (let i = 1; i <= 8; i++)
      expect(titles.filter((t) => t === `Campaign ${i}`)).toHaveLength(1);
  });

  // A preview and a start of 2,000 rows, and two days of writing: more than the default 30 s on a
  // busy machine.
  it(
    "takes a 2,000-row file as a job, reporting progress, the rest left for tomorrow",
    {
      timeout: 120_000,
    },
    async () => {
      const who = await setUpPerson(harness, "premium");
      const rows = Array.from({ length: 2_000 }, (_, i) => [
        day(-1 - (i % 300)),
        `Row ${i + 1}`,
        "cyan",
      ]);
      const { started, importId } = await start(who, {
        targetPropertyId: who.propertyId,
        fileName: "big.csv",
        text: csv([["date", "title", "color"], ...rows]),
      });
      expect(started.statusCode, started.body).toBe(202);
      expect(started.json<ImportStatusResponse>()).toMatchObject({ total: 2_000, left: 2_000 });
      const seen = await settled(who, importId);
      const last = seen.at(-1)!;
      // Premium writes 50 a day: the job stops cleanly there, with every other row waiting.
      expect(last).toMatchObject({ status: "waiting_for_quota", imported: 50, left: 1_950 });
      expect(importOutcomeText(last)).toBe("50 imported, 1,950 left for tomorrow");
      // Progress only ever goes forward.
      const counts = seen.map((status) => status.imported);
      expect(counts).toEqual([...counts].sort((a, b) => a - b));

      clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000);
      await resume(who, importId);
      expect((await settled(who, importId)).at(-1)).toMatchObject({
        status: "waiting_for_quota",
        imported: 100,
        left: 1_900,
      });
    },
  );

  it("keeps imports to their owner, lists them, and puts them in the account export", async () => {
    const owner = await setUpPerson(harness, "freemium");
    const stranger = await setUpPerson(harness, "freemium");
    const { importId } = await start(owner, {
      targetPropertyId: owner.propertyId,
      fileName: "mine.csv",
      text: csv([
        ["date", "title"],
        [day(-1), "Mine"],
      ]),
    });
    await settled(owner, importId);
    const theirs = await requestAs(
      harness,
      stranger.jar,
      "GET",
      `/api/annotation-imports/${importId}`,
    );
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe("import_not_found");
    expect((await resume(stranger, importId)).statusCode).toBe(404);
    const list = await requestAs(harness, owner.jar, "GET", "/api/annotation-imports");
    expect(list.json().imports).toEqual([
      expect.objectContaining({ id: importId, fileName: "mine.csv" }),
    ]);
    const exported = await harness.app.inject({
      method: "POST",
      url: "/api/account/export",
      headers: { ...sameOrigin, cookie: owner.jar.header() },
    });
    expect(exported.json().annotationImports).toEqual([
      expect.objectContaining({ id: importId, fileName: "mine.csv", imported: 1 }),
    ]);
  });
});
