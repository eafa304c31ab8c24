import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  annotationExportColumns,
  annotationExportRow,
  annotationsCsv,
  annotationsJson,
  unguardFormulaCell,
  type AnnotationExportRow,
} from "../src/shared/annotation-export.js";
import { calendarDateOf } from "../src/shared/calendar-date.js";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import type { CreatedFeedResponse } from "../src/shared/contracts/feeds.js";
import type { ImpactListResponse } from "../src/shared/contracts/impact.js";
import {
  requestAs,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";

/** Annotation export and feeds, through HTTP on a real database and the Google sandbox. */
let harness: AppHarness;
let owner: TestPerson;
let stranger: TestPerson;
let categoryId: string;
let propertyName: string;

const today = () => calendarDateOf(new Date());

/** Titles and descriptions a naive CSV writer breaks, and cells a spreadsheet would run. */
const awkward = [
  { title: 'Sale, "big" one', description: "First line\nsecond, with a comma" },
  { title: '=HYPERLINK("https://evil.example","Click")', description: "=1+1\nstill a formula" },
  { title: "+44 launch", description: "-5% after the change" },
  { title: "@mention and ünïcödé ✓", description: "" },
];

beforeAll(async () => {
  harness = await startAppHarness();
  owner = await setUpPerson(harness, "premium");
  stranger = await setUpPerson(harness, "premium");
  const category = await requestAs(harness, owner.jar, "POST", "/api/categories", {
    name: "Launch, big",
    color: "BLUE",
  });
  expect(category.statusCode, category.body).toBe(201);
  categoryId = category.json().id;
  for (const [index, fields] of awkward.entries()) {
    const created = await requestAs(
      harness,
      owner.jar,
      "POST",
      `/api/annotations/${owner.propertyId}`,
      {
        ...fields,
        ...(index === 0
          ? { annotationDateRange: { startDate: today(), endDate: today() } }
          : { annotationDate: today() }),
        ...(index < 2 ? { categoryId } : {}),
      },
    );
    expect(created.statusCode, created.body).toBe(201);
  }
  const saved = await requestAs(harness, owner.jar, "GET", "/api/properties");
  propertyName = (saved.json().properties as { propertyId: string; name: string }[]).find(
    (p) => p.propertyId === owner.propertyId,
  )!.name;
});
afterAll(async () => {
  await harness?.close();
});

/** What the pages see: the annotations API's list and the table's Impact column, as export rows. */
async function rowsThePagesSee(): Promise<AnnotationExportRow[]> {
  const list = await requestAs(harness, owner.jar, "GET", `/api/annotations/${owner.propertyId}`);
  expect(list.statusCode, list.body).toBe(200);
  const annotations = list.json().reportingDataAnnotations as Annotation[];
  const measured = await requestAs(
    harness,
    owner.jar,
    "GET",
    `/api/properties/${owner.propertyId}/impact?metric=sessions`,
  );
  expect(measured.statusCode, measured.body).toBe(200);
  const impacts = new Map(
    (measured.json<ImpactListResponse>().impacts ?? []).map((impact) => [
      impact.annotationId,
      impact,
    ]),
  );
  const context = {
    propertyId: owner.propertyId,
    propertyName,
    categoryNames: new Map([[categoryId, "Launch, big"]]),
  };
  return annotations.map((annotation) =>
    annotationExportRow(annotation, {
      ...context,
      impact: impacts.get(annotation.annotationId) ?? null,
    }),
  );
}

const numberColumns = new Set(["impact_effect_pct", "impact_low_pct", "impact_high_pct"]);

/** Reads CSV back with the same library, undoing only the formula guard's leading quote. */
function parseBack(csv: string): { rows: AnnotationExportRow[]; raw: AnnotationExportRow[] } {
  const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.meta.fields).toEqual([...annotationExportColumns]);
  // The impact's percentages are numbers, written unguarded; an empty cell is no figure.
  const rows = parsed.data.map(
    (row) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [
          key,
          numberColumns.has(key)
            ? value === ""
              ? null
              : Number(value)
            : unguardFormulaCell(value),
        ]),
      ) as unknown as AnnotationExportRow,
  );
  return { rows, raw: parsed.data as unknown as AnnotationExportRow[] };
}

async function createFeed(person: TestPerson, propertyIds: string[], name = "Dashboard") {
  return requestAs(harness, person.jar, "POST", "/api/account/feeds", { name, propertyIds });
}

const read = (url: string) => harness.app.inject({ method: "GET", url: new URL(url).pathname });

describe("exporting a property's annotations", () => {
  it("writes CSV that parses back to exactly the list the pages see, formulas defused", async () => {
    const expected = await rowsThePagesSee();
    expect(expected.length).toBeGreaterThanOrEqual(awkward.length);
    const csv = annotationsCsv(expected);
    const { rows, raw } = parseBack(csv);
    expect(rows).toEqual(expected);
    const formula = raw.find((row) => row.title.includes("HYPERLINK"))!;
    expect(formula.title).toBe(`'${awkward[1]!.title}`);
    expect(formula.description).toBe(`'${awkward[1]!.description}`);
    expect(formula.category).toBe("Launch, big");
    expect(raw.find((row) => row.title.endsWith("launch"))!.title).toBe("'+44 launch");
    expect(raw.find((row) => row.title.startsWith("Sale"))!.description).toBe(
      awkward[0]!.description,
    );
    expect(JSON.parse(annotationsJson(expected))).toEqual(expected);
  });
});

describe("an annotation feed", () => {
  it("serves the owner's annotations as CSV to anyone holding its address", async () => {
    const created = await createFeed(owner, [owner.propertyId]);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers["cache-control"]).toBe("no-store");
    const { url, feed } = created.json<CreatedFeedResponse>();
    expect(url).toMatch(/\/api\/feeds\/tfd_[A-Za-z0-9_-]{43}\.csv$/);
    expect(url.includes(feed.prefix)).toBe(true);

    const response = await read(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("private, max-age=300");
    expect(parseBack(response.body).rows).toEqual(await rowsThePagesSee());

    // The listing shows the feed, never its address.
    const list = await requestAs(harness, owner.jar, "GET", "/api/account/feeds");
    expect(list.json().feeds).toEqual([
      expect.objectContaining({ id: feed.id, name: "Dashboard" }),
    ]);
    expect(list.body).not.toContain(new URL(url).pathname);
  });

  it("answers a missing, malformed, unknown or revoked token with the same bare 404", async () => {
    const { url, feed } = (await createFeed(owner, [owner.propertyId])).json<CreatedFeedResponse>();
    const token = new URL(url).pathname.split("/").at(-1)!.slice(0, -4);
    const unknown = `tfd_${"A".repeat(43)}`;
    const refusals = async () =>
      Promise.all(
        [
          "/api/feeds/.csv",
          "/api/feeds/nonsense.csv",
          `/api/feeds/${unknown}.csv`,
          `/api/feeds/${token}`,
        ].map((path) => harness.app.inject({ method: "GET", url: path })),
      );
    const before = await refusals();
    for (const response of before) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("feed_not_found");
      expect(response.body).toBe(before[0]!.body);
      expect(response.body).not.toContain(owner.propertyId);
    }
    expect((await read(url)).statusCode).toBe(200);

    // Another person cannot revoke it; its owner can, and then it is refused like the rest.
    const theirs = await requestAs(
      harness,
      stranger.jar,
      "DELETE",
      `/api/account/feeds/${feed.id}`,
    );
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe("feed_not_found");
    expect((await read(url)).statusCode).toBe(200);
    const revoked = await requestAs(harness, owner.jar, "DELETE", `/api/account/feeds/${feed.id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const after = await read(url);
    expect(after.statusCode).toBe(404);
    expect(after.body).toBe(before[0]!.body);
    const list = await requestAs(harness, owner.jar, "GET", "/api/account/feeds");
    expect(list.json().feeds.map((f: { id: string }) => f.id)).not.toContain(feed.id);
  });

  it("offers only properties the person has saved, and only to them", async () => {
    const never = await createFeed(owner, ["999999999"]);
    expect(never.statusCode, never.body).toBe(403);
    expect(never.json().code).toBe("property_not_saved");
    const empty = await createFeed(owner, []);
    expect(empty.statusCode).toBe(400);
    const signedOut = await harness.app.inject({
      method: "GET",
      url: "/api/account/feeds",
    });
    expect(signedOut.statusCode).toBe(401);
  });
});
