import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { anAnnotation } from "../../../../test/annotation-fixtures.js";
import { createTestDatabase } from "../../../../test/test-database.js";
import { AppError } from "../../app-error.js";
import type { Database } from "../../db/database.js";
import { annotationEvents, annotationListCache, users, type User } from "../../db/schema/index.js";
import { annotationColors } from "../../../shared/annotation-colors.js";
import {
  allAnnotationsQuery,
  type AllAnnotationsQueryInput,
  type AllAnnotationsResponse,
} from "../../../shared/contracts/all-annotations.js";
import type { Annotation } from "../../../shared/contracts/annotations.js";
import type { SavedPropertyView } from "../../../shared/contracts/properties.js";
import type { Category } from "../../../shared/contracts/categories.js";
import { createAllAnnotationsRepository } from "./all-annotations-repository.js";
import { annotationListCacheMs, createAllAnnotationsService } from "./all-annotations-service.js";

/**
 * All annotations over a seeded fixture of 5,000 annotations on 5 properties: Google's lists
 * stand behind a counting stand-in for the annotations service (the one path to GA4), the cache
 * is the real table.
 */

const propertyNames: Record<string, string> = {
  "100001": "Shop AU",
  "100002": "Shop UK",
  "100003": "Blog",
  "100004": "App (iOS)",
  "100005": "Docs",
};
const propertyIds = Object.keys(propertyNames);
const categoryList: Pick<Category, "id" | "name">[] = [
  { id: "00000000-0000-4000-8000-0000000000c1", name: "Campaigns" },
  { id: "00000000-0000-4000-8000-0000000000c2", name: "Releases" },
  { id: "00000000-0000-4000-8000-0000000000c3", name: "incidents" },
];
const perProperty = 1000;

/** The fixture: varied days (some ranges), colours, categories, sources, words. */
function seedProperty(propertyId: string, index: number): Annotation[] {
  return Array.from({ length: perProperty }, (_, n) => {
    const day = new Date(Date.UTC(2024, 0, 1) + ((n * 7 + index * 3) % 900) * 86_400_000);
    const start = {
      year: day.getUTCFullYear(),
      month: day.getUTCMonth() + 1,
      day: day.getUTCDate(),
    };
    const end = new Date(day.getTime() + 4 * 86_400_000);
    return anAnnotation({
      propertyId,
      annotationId: `p${index}a${String(n).padStart(4, "0")}`,
      title: n % 10 === 0 ? `Spring LAUNCH ${n}` : `Note ${n} on ${propertyNames[propertyId]}`,
      description: n % 25 === 0 ? "after the launch of the new checkout" : n % 3 ? "" : "weekly",
      annotationDate: start,
      ...(n % 6 === 0
        ? {
            annotationDateRange: {
              startDate: start,
              endDate: {
                year: end.getUTCFullYear(),
                month: end.getUTCMonth() + 1,
                day: end.getUTCDate(),
              },
            },
          }
        : {}),
      color: annotationColors[n % annotationColors.length]!,
      categoryId: n % 4 === 3 ? null : categoryList[n % 4]!.id,
      source: (["tidemark", "google", "assistant", "import"] as const)[n % 4],
    });
  });
}

const google = new Map(propertyIds.map((id, index) => [id, seedProperty(id, index)]));
const allRows = [...google.entries()].flatMap(([propertyId, list]) =>
  list.map((annotation) => ({ propertyId, annotation })),
);

let database: Database;
let user: User;
let clock = new Date("2026-11-27T04:00:00Z");
/** Google list calls by property. */
const listCalls = new Map<string, number>();
const failing = new Map<string, AppError>();
let saved: SavedPropertyView[];
let categories = categoryList;

const service = () =>
  createAllAnnotationsService({
    annotations: {
      async list(_user, propertyId) {
        listCalls.set(propertyId, (listCalls.get(propertyId) ?? 0) + 1);
        await Promise.resolve();
        const failure = failing.get(propertyId);
        if (failure) throw failure;
        return structuredClone(google.get(propertyId)!);
      },
    },
    properties: { saved: async () => saved },
    categories: {
      list: async () =>
        categories.map((c) => ({
          ...c,
          color: "BLUE",
          description: null,
          titleTemplate: null,
          isDefault: false,
          createdAt: clock.toISOString(),
          updatedAt: clock.toISOString(),
        })),
    },
    repository: createAllAnnotationsRepository(database.db),
    now: () => clock,
  });

let allAnnotations: ReturnType<typeof service>;
const view = (query: AllAnnotationsQueryInput = {}, who: User = user) =>
  allAnnotations.list(who, allAnnotationsQuery.parse(query));
const totalCalls = () => [...listCalls.values()].reduce((sum, n) => sum + n, 0);
const ids = (answer: AllAnnotationsResponse) =>
  answer.rows.map((row) => `${row.propertyId}/${row.annotation.annotationId}`);
const day = ({ year, month, day: d }: { year: number; month: number; day: number }) =>
  `${year}-${String(month).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
const lastDay = (annotation: Annotation) =>
  day(annotation.annotationDateRange?.endDate ?? annotation.annotationDate);

beforeAll(async () => {
  database = await createTestDatabase();
  const [inserted] = await database.db
    .insert(users)
    .values({ email: "all.annotations@example.com", subscriptionTier: "premium", propertyQuota: 5 })
    .returning();
  user = inserted!;
  allAnnotations = service();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  clock = new Date(clock.getTime() + 2 * annotationListCacheMs);
  listCalls.clear();
  failing.clear();
  categories = categoryList;
  saved = propertyIds.map((propertyId, index) => ({
    id: `00000000-0000-4000-8000-00000000000${index}`,
    propertyId,
    name: propertyNames[propertyId]!,
    locked: false,
    timeZone: "Australia/Sydney",
    createdAt: clock.toISOString(),
  }));
});

describe("All annotations over 5,000 annotations on 5 properties", () => {
  it("reads each property once per view, then pages from the cache with no Google call", async () => {
    const first = await view();
    expect(Object.fromEntries(listCalls)).toEqual(
      Object.fromEntries(propertyIds.map((id) => [id, 1])),
    );
    expect(first.total).toBe(5000);
    expect(first.rows).toHaveLength(50);
    expect(first.properties.map((p) => [p.name, p.problem])).toEqual(
      propertyIds.map((id) => [propertyNames[id], null]),
    );
    expect(first.rows.every((row) => row.propertyName === propertyNames[row.propertyId])).toBe(
      true,
    );

    listCalls.clear();
    const seen = new Set<string>();
    for (let offset = 0; offset < 5000; offset += 200) {
      const page = await view({ offset: String(offset), limit: "200" });
      expect(page.total).toBe(5000);
      for (const id of ids(page)) seen.add(id);
    }
    expect(seen.size).toBe(5000);
    expect(totalCalls()).toBe(0);
    expect((await view({ offset: "5000" })).rows).toEqual([]);
    expect(ids(await view({ limit: "200" })).slice(50, 100)).toEqual(
      ids(await view({ offset: "50" })),
    );
    expect(totalCalls()).toBe(0);
  });

  it("reads every property again, once each, on a refresh; and after ten minutes", async () => {
    await view();
    listCalls.clear();
    await view({ refresh: "1" });
    expect(Object.fromEntries(listCalls)).toEqual(
      Object.fromEntries(propertyIds.map((id) => [id, 1])),
    );
    listCalls.clear();
    await view({ offset: "100" });
    expect(totalCalls()).toBe(0);
    clock = new Date(clock.getTime() + annotationListCacheMs + 1);
    await view();
    expect(totalCalls()).toBe(5);
  });

  it("shares one read per property between two views at once", async () => {
    await Promise.all([view(), view({ q: "launch" })]);
    expect(Object.fromEntries(listCalls)).toEqual(
      Object.fromEntries(propertyIds.map((id) => [id, 1])),
    );
  });

  it("reads again only the property where the person changed an annotation", async () => {
    await view();
    listCalls.clear();
    clock = new Date(clock.getTime() + 1000);
    await database.db.insert(annotationEvents).values({
      userId: user.id,
      propertyId: "100003",
      annotationId: "p2a0001",
      eventType: "updated",
      createdAt: clock,
    });
    await view();
    expect(Object.fromEntries(listCalls)).toEqual({ "100003": 1 });
  });

  it("searches titles and descriptions, ignoring case", async () => {
    const answer = await view({ q: "Launch", limit: "200" });
    const expected = allRows.filter(({ annotation: a }) =>
      `${a.title}\n${a.description}`.toLowerCase().includes("launch"),
    );
    // Every tenth title, and every 25th description not already counted (n % 50 !== 0).
    expect(expected).toHaveLength(5 * (100 + 20));
    expect(answer.total).toBe(expected.length);
    expect(
      answer.rows.every((row) =>
        `${row.annotation.title} ${row.annotation.description}`.toLowerCase().includes("launch"),
      ),
    ).toBe(true);
    expect((await view({ q: "no such words" })).total).toBe(0);
  });

  it("filters by property, period, colour and category, and by all of them together", async () => {
    const byProperty = await view({ property: "100002,100005", limit: "200" });
    expect(byProperty.total).toBe(2000);
    expect(new Set(byProperty.rows.map((row) => row.propertyName))).toEqual(
      new Set(["Shop UK", "Docs"]),
    );

    const period = { from: "2024-06-01", to: "2024-06-30" };
    const inPeriod = allRows.filter(
      ({ annotation: a }) => lastDay(a) >= period.from && day(a.annotationDate) <= period.to,
    );
    expect(inPeriod.length).toBeGreaterThan(0);
    expect((await view(period)).total).toBe(inPeriod.length);
    // A range that began before the period and runs into it is in it.
    const overlapping = inPeriod.filter(({ annotation: a }) => day(a.annotationDate) < period.from);
    expect(overlapping.length).toBeGreaterThan(0);

    expect((await view({ color: "RED" })).total).toBe(
      allRows.filter(({ annotation: a }) => a.color === "RED").length,
    );
    expect((await view({ color: ["RED", "BLUE"] })).total).toBe(
      allRows.filter(({ annotation: a }) => a.color === "RED" || a.color === "BLUE").length,
    );

    const releases = await view({ category: categoryList[1]!.id });
    expect(releases.total).toBe(1250);
    expect((await view({ category: "none" })).total).toBe(1250);
    expect((await view({ category: `none,${categoryList[0]!.id}` })).total).toBe(2500);

    const together = await view({
      property: "100001",
      color: "GREEN",
      category: categoryList[0]!.id,
      q: "launch",
      from: "2024-01-01",
      to: "2025-12-31",
    });
    const expected = google
      .get("100001")!
      .filter(
        (a) =>
          a.color === "GREEN" &&
          a.categoryId === categoryList[0]!.id &&
          `${a.title}\n${a.description}`.toLowerCase().includes("launch") &&
          day(a.annotationDate) <= "2025-12-31",
      );
    expect(together.total).toBe(expected.length);
    expect(new Set(ids(together))).toEqual(
      new Set(expected.map((a) => `100001/${a.annotationId}`)),
    );
  });

  it("sorts by every column, both ways", async () => {
    const text = (a: string, b: string) =>
      a.localeCompare(b, "en", { sensitivity: "base", numeric: true });
    const nonDecreasing = (keys: string[], compare: (a: string, b: string) => number) =>
      keys.every((key, i) => i === 0 || compare(keys[i - 1]!, key) <= 0);
    const names = new Map(categoryList.map((c) => [c.id, c.name]));
    const columns: Record<string, (row: AllAnnotationsResponse["rows"][number]) => string> = {
      property: (row) => row.propertyName,
      title: (row) => row.annotation.title,
      color: (row) => row.annotation.color,
      category: (row) => names.get(row.annotation.categoryId ?? "") ?? "",
      source: (row) => row.annotation.source ?? "",
    };
    for (const [column, key] of Object.entries(columns)) {
      const asc = await view({ sort: column as "title", dir: "asc", limit: "200" });
      const desc = await view({ sort: column as "title", dir: "desc", limit: "200" });
      const ascKeys = asc.rows.map(key).filter(Boolean);
      const descKeys = desc.rows.map(key).filter(Boolean);
      expect(ascKeys.length, column).toBeGreaterThan(0);
      expect(nonDecreasing(ascKeys, text), `${column} asc`).toBe(true);
      expect(
        nonDecreasing(descKeys, (a, b) => text(b, a)),
        `${column} desc`,
      ).toBe(true);
      expect(key(asc.rows[0]!), column).not.toBe(key(desc.rows[0]!));
    }
    // The category column sorts by the person's names ("incidents" between the others, whatever its case).
    const byCategory = await view({ sort: "category", dir: "asc", offset: "1240", limit: "20" });
    expect(byCategory.rows.map(columns.category!)).toEqual([
      ...Array(10).fill("Campaigns"),
      ...Array(10).fill("incidents"),
    ]);
    // Descriptions: most are blank, and blanks go last both ways.
    const described = await view({ sort: "description", dir: "asc", limit: "200" });
    expect(described.rows[0]!.annotation.description).toBe("after the launch of the new checkout");
    const lastPage = await view({ sort: "description", dir: "desc", offset: "4999" });
    expect(lastPage.rows[0]!.annotation.description).toBe("");

    const newest = await view({ limit: "200" });
    const days = newest.rows.map((row) => day(row.annotation.annotationDate));
    expect(nonDecreasing(days, (a, b) => b.localeCompare(a))).toBe(true);
    const oldest = await view({ dir: "asc", limit: "200" });
    expect(day(oldest.rows[0]!.annotation.annotationDate)).toBe("2024-01-01");
  });

  it("shows a property Google refuses as a notice, and lists the others", async () => {
    failing.set(
      "100001",
      new AppError(
        "property_unreachable",
        "Your Google account cannot reach that property in Google Analytics.",
      ),
    );
    const answer = await view();
    expect(answer.total).toBe(4000);
    expect(answer.properties.find((p) => p.propertyId === "100001")).toMatchObject({
      name: "Shop AU",
      fetchedAt: null,
      problem:
        "Could not read 'Shop AU': Your Google account cannot reach that property in Google Analytics.",
    });
    expect(answer.properties.filter((p) => p.problem === null)).toHaveLength(4);
    // Nothing was cached for it, so the next view asks Google again (and only for it).
    failing.clear();
    listCalls.clear();
    expect((await view()).total).toBe(5000);
    expect(Object.fromEntries(listCalls)).toEqual({ "100001": 1 });
  });

  it("reads a deleted category as none, and lists no categories on the free plan", async () => {
    await view();
    categories = categoryList.slice(1);
    expect((await view({ category: "none" })).total).toBe(2500);
    const [free] = await database.db
      .insert(users)
      .values({
        email: "free.all@example.com",
        subscriptionTier: "freemium",
        lockedPropertyId: "100004",
      })
      .returning();
    const answer = await view({}, free);
    expect(answer.properties.map((p) => p.name)).toEqual(["App (iOS)"]);
    expect(answer.total).toBe(1000);
    expect(answer.categories).toEqual([]);
    expect(answer.rows.every((row) => row.annotation.categoryId === null)).toBe(true);
  });

  it("keeps each person's lists apart and the table small", async () => {
    await view();
    const rows = await database.db.select().from(annotationListCache);
    expect(rows.filter((row) => row.userId === user.id)).toHaveLength(5);
    // Lists older than ten minutes are dropped when a newer one is written.
    clock = new Date(clock.getTime() + annotationListCacheMs + 1);
    saved = saved.slice(0, 1);
    await view();
    const after = await database.db.select().from(annotationListCache);
    expect(after.filter((row) => row.userId === user.id)).toHaveLength(1);
  });

  it("refuses a bad query with a clear message", () => {
    for (const [query, message] of [
      [{ sort: "id" }, "Sort by one of"],
      [{ limit: "1000" }, "limit must be at most 200"],
      [{ color: "PINK" }, "Colour must be one of"],
      [{ from: "2026-02-30" }, "That date does not exist"],
      [{ from: "2026-03-01", to: "2026-02-01" }, "end must be on or after"],
      [{ category: "mine" }, "That is not a valid category"],
      [{ property: "shop" }, "Property IDs are numbers"],
    ] as const) {
      const result = allAnnotationsQuery.safeParse(query);
      expect(result.success, JSON.stringify(query)).toBe(false);
      expect(result.error!.issues[0]!.message).toContain(message);
    }
  });
});
