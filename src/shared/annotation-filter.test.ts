import { describe, expect, it } from "vitest";
import { anAnnotation } from "../../test/annotation-fixtures.js";
import {
  annotationPropertyId,
  filterAnnotations,
  isFilterActive,
  matchesAnnotationFilter,
  noCategory,
  sortAnnotations,
} from "./annotation-filter.js";

const day = (year: number, month: number, date: number) => ({ year, month, day: date });
const ids = (rows: { annotationId: string }[]) => rows.map((row) => row.annotationId);

const single = anAnnotation({ annotationId: "single", annotationDate: day(2026, 11, 10) });
const range = anAnnotation({
  annotationId: "range",
  annotationDate: day(2026, 11, 1),
  annotationDateRange: { startDate: day(2026, 11, 1), endDate: day(2026, 11, 30) },
});

describe("which annotations a filter keeps", () => {
  it("keeps an annotation whose day or range overlaps the period, both ends inclusive", () => {
    expect(matchesAnnotationFilter(single, { from: "2026-11-10", to: "2026-11-10" })).toBe(true);
    expect(matchesAnnotationFilter(single, { from: "2026-11-11" })).toBe(false);
    expect(matchesAnnotationFilter(single, { to: "2026-11-09" })).toBe(false);
    // A range overlapping only at its last day, or at its first, or wholly around the period.
    expect(matchesAnnotationFilter(range, { from: "2026-11-30", to: "2026-12-05" })).toBe(true);
    expect(matchesAnnotationFilter(range, { from: "2026-10-01", to: "2026-11-01" })).toBe(true);
    expect(matchesAnnotationFilter(range, { from: "2026-11-15", to: "2026-11-16" })).toBe(true);
    expect(matchesAnnotationFilter(range, { from: "2026-12-01" })).toBe(false);
    expect(matchesAnnotationFilter(range, { to: "2026-10-31" })).toBe(false);
  });

  it("finds the search in the title or the description, ignoring case and outer spaces", () => {
    const row = anAnnotation({ title: "Black Friday", description: "Site-wide 30% OFF" });
    expect(matchesAnnotationFilter(row, { q: "  friday " })).toBe(true);
    expect(matchesAnnotationFilter(row, { q: "30% off" })).toBe(true);
    expect(matchesAnnotationFilter(row, { q: "cyber" })).toBe(false);
    // The words as typed, not any of them.
    expect(matchesAnnotationFilter(row, { q: "friday cyber" })).toBe(false);
    expect(matchesAnnotationFilter(row, { q: "   " })).toBe(true);
  });

  it("keeps any of the colours, categories and properties chosen; none chosen keeps all", () => {
    const red = anAnnotation({ annotationId: "red", color: "RED", categoryId: "c-1" });
    const blue = anAnnotation({ annotationId: "blue", color: "BLUE", propertyId: "999" });
    const rows = [red, blue];
    expect(ids(filterAnnotations(rows, { colors: ["RED", "GREEN"] }))).toEqual(["red"]);
    expect(ids(filterAnnotations(rows, { colors: [] }))).toEqual(["red", "blue"]);
    expect(ids(filterAnnotations(rows, { categoryIds: ["c-1"] }))).toEqual(["red"]);
    expect(ids(filterAnnotations(rows, { categoryIds: [noCategory] }))).toEqual(["blue"]);
    expect(ids(filterAnnotations(rows, { categoryIds: ["c-1", noCategory] }))).toEqual([
      "red",
      "blue",
    ]);
    expect(ids(filterAnnotations(rows, { propertyIds: ["999"] }))).toEqual(["blue"]);
    // A property id given with the row wins over its resource name.
    expect(
      ids(filterAnnotations([{ ...red, propertyId: "999" }], { propertyIds: ["999"] })),
    ).toEqual(["red"]);
    expect(ids(filterAnnotations(rows, { colors: ["BLUE"], categoryIds: ["c-1"] }))).toEqual([]);
  });

  it("says whether anything narrows the list", () => {
    expect(isFilterActive({})).toBe(false);
    expect(isFilterActive({ q: " ", colors: [], categoryIds: [], propertyIds: [] })).toBe(false);
    expect(isFilterActive({ q: "sale" })).toBe(true);
    expect(isFilterActive({ to: "2026-11-01" })).toBe(true);
    expect(isFilterActive({ categoryIds: [noCategory] })).toBe(true);
  });

  it("reads the property from the resource name when the row does not carry it", () => {
    expect(annotationPropertyId(anAnnotation({ propertyId: "4242" }))).toBe("4242");
    expect(annotationPropertyId({ ...single, name: "something else" })).toBeUndefined();
  });
});

describe("sorting annotations by a column", () => {
  const a = anAnnotation({
    annotationId: "a",
    title: "banana",
    description: "",
    annotationDate: day(2026, 11, 5),
    color: "RED",
    categoryId: "cat-z",
    source: "import",
  });
  const b = anAnnotation({
    annotationId: "b",
    title: "Apple",
    description: "second",
    annotationDate: day(2026, 11, 20),
    color: "BLUE",
    categoryId: null,
    source: "assistant",
  });
  const c = anAnnotation({
    annotationId: "c",
    title: "cherry",
    description: "First",
    annotationDate: day(2026, 10, 1),
    color: "GREEN",
    categoryId: "cat-a",
    source: null,
  });
  const rows = [a, b, c];
  const names = new Map([
    ["cat-z", "Alpha"],
    ["cat-a", "Zulu"],
  ]);

  it("sorts by date, newest first by default direction desc, oldest with asc", () => {
    expect(ids(sortAnnotations(rows, { column: "date", direction: "desc" }))).toEqual([
      "b",
      "a",
      "c",
    ]);
    expect(ids(sortAnnotations(rows, { column: "date", direction: "asc" }))).toEqual([
      "c",
      "a",
      "b",
    ]);
  });

  it("sorts text ignoring case, blanks last in either direction", () => {
    expect(ids(sortAnnotations(rows, { column: "title", direction: "asc" }))).toEqual([
      "b",
      "a",
      "c",
    ]);
    expect(ids(sortAnnotations(rows, { column: "title", direction: "desc" }))).toEqual([
      "c",
      "a",
      "b",
    ]);
    expect(ids(sortAnnotations(rows, { column: "description", direction: "asc" }))).toEqual([
      "c",
      "b",
      "a",
    ]);
    expect(ids(sortAnnotations(rows, { column: "description", direction: "desc" }))).toEqual([
      "b",
      "c",
      "a",
    ]);
    expect(ids(sortAnnotations(rows, { column: "source", direction: "asc" }))).toEqual([
      "b",
      "a",
      "c",
    ]);
    expect(ids(sortAnnotations(rows, { column: "color", direction: "asc" }))).toEqual([
      "b",
      "c",
      "a",
    ]);
  });

  it("sorts categories by the person's names for them, not their ids", () => {
    const byName = (id: string) => names.get(id);
    expect(ids(sortAnnotations(rows, { column: "category", direction: "asc" }, byName))).toEqual([
      "a",
      "c",
      "b",
    ]);
    expect(ids(sortAnnotations(rows, { column: "category", direction: "desc" }, byName))).toEqual([
      "c",
      "a",
      "b",
    ]);
  });

  it("sorts by property name, and breaks ties newest first then by id", () => {
    const withProperty = [
      { ...a, propertyName: "Shop (AU)" },
      { ...b, propertyName: "blog" },
      { ...c, propertyName: "Shop (AU)" },
    ];
    expect(ids(sortAnnotations(withProperty, { column: "property", direction: "asc" }))).toEqual([
      "b",
      "a",
      "c",
    ]);
    const twins = [
      anAnnotation({ annotationId: "x1", title: "Same" }),
      anAnnotation({ annotationId: "x2", title: "Same" }),
    ];
    expect(ids(sortAnnotations(twins, { column: "title", direction: "asc" }))).toEqual([
      "x2",
      "x1",
    ]);
    // Sorting never changes the list it was given.
    expect(ids(rows)).toEqual(["a", "b", "c"]);
  });
});
