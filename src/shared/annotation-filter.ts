import { annotationSpan } from "./annotation-span.js";
import { toIsoDate } from "./calendar-date.js";
import type { Annotation } from "./contracts/annotations.js";

// Which annotations a search and its filters keep, and in what order: one rule for Property View's
// table, the all-properties page, exports of a view and the REST API's list. Plain functions and
// no schema library, so the dashboard's first screen can carry them.

/** Stands for "no category" among `categoryIds`. */
export const noCategory = null;

export interface AnnotationFilter {
  /** Words found in the title or the description, ignoring case (the whole text, as typed). */
  q?: string;
  /** YYYY-MM-DD: keeps annotations whose day, or any day of whose range, is on or after it. */
  from?: string;
  /** YYYY-MM-DD: …and on or before it. */
  to?: string;
  /** Any of these colours; empty or absent for every colour. */
  colors?: readonly Annotation["color"][];
  /** Any of these categories; `noCategory` (null) keeps annotations without one. */
  categoryIds?: readonly (string | null)[];
  /** Any of these GA4 property ids (numbers as text). */
  propertyIds?: readonly string[];
}

/** What filtering and sorting read of a row: an annotation, maybe with its property's id and name. */
export type FilterableAnnotation = Pick<
  Annotation,
  "annotationDate" | "annotationDateRange" | "title" | "description" | "color" | "categoryId"
> & {
  annotationId?: string;
  /** Google's resource name (properties/{p}/reportingDataAnnotations/{id}): the property if not given. */
  name?: string;
  source?: Annotation["source"];
  propertyId?: string;
  propertyName?: string;
};

/** The GA4 property an annotation belongs to: as given, or read from its resource name. */
export function annotationPropertyId(row: FilterableAnnotation): string | undefined {
  if (row.propertyId) return row.propertyId;
  return row.name ? /^properties\/(\d+)\//.exec(row.name)?.[1] : undefined;
}

/** The annotation's first and last day as YYYY-MM-DD (sortable text). */
export function annotationDaySpan(
  row: Pick<Annotation, "annotationDate" | "annotationDateRange">,
): [string, string] {
  const { start, end } = annotationSpan(row);
  return [toIsoDate(start), toIsoDate(end)];
}

const has = <T>(list: readonly T[] | undefined): list is readonly T[] =>
  list !== undefined && list.length > 0;

/** Whether anything narrows the list (an empty search or empty list filters nothing). */
export function isFilterActive(filter: AnnotationFilter): boolean {
  return Boolean(
    filter.q?.trim() ||
    filter.from ||
    filter.to ||
    has(filter.colors) ||
    has(filter.categoryIds) ||
    has(filter.propertyIds),
  );
}

/** Whether the row passes every filter given. */
export function matchesAnnotationFilter(
  row: FilterableAnnotation,
  filter: AnnotationFilter,
): boolean {
  const [first, last] = annotationDaySpan(row);
  if (filter.from && last < filter.from) return false;
  if (filter.to && first > filter.to) return false;
  if (has(filter.colors) && !filter.colors.includes(row.color)) return false;
  if (has(filter.categoryIds) && !filter.categoryIds.includes(row.categoryId ?? null)) return false;
  if (has(filter.propertyIds)) {
    const propertyId = annotationPropertyId(row);
    if (!propertyId || !filter.propertyIds.includes(propertyId)) return false;
  }
  const words = filter.q?.trim().toLocaleLowerCase();
  if (words) {
    const text = `${row.title}\n${row.description}`.toLocaleLowerCase();
    if (!text.includes(words)) return false;
  }
  return true;
}

export function filterAnnotations<T extends FilterableAnnotation>(
  rows: readonly T[],
  filter: AnnotationFilter,
): T[] {
  return rows.filter((row) => matchesAnnotationFilter(row, filter));
}

export const annotationSortColumns = [
  "date",
  "title",
  "description",
  "color",
  "category",
  "property",
  "source",
  "impact",
] as const;
export type AnnotationSortColumn = (typeof annotationSortColumns)[number];
export type AnnotationSortDirection = "asc" | "desc";
export interface AnnotationSort {
  column: AnnotationSortColumn;
  direction: AnnotationSortDirection;
}

/** Newest first: how every list opens. */
export const defaultAnnotationSort: AnnotationSort = { column: "date", direction: "desc" };

// Made on first sort, not when the module loads (the dashboard's first screen makes no Intl object).
let collator: Intl.Collator | undefined;
const compareText = (a: string, b: string) =>
  (collator ??= new Intl.Collator("en", { sensitivity: "base", numeric: true })).compare(a, b);

/** Newest first, then by id: the last word between rows a column leaves tied, so orders are total. */
function newestThenId(
  a: { span: [string, string]; row: FilterableAnnotation },
  b: { span: [string, string]; row: FilterableAnnotation },
): number {
  if (a.span[0] !== b.span[0]) return a.span[0] < b.span[0] ? 1 : -1;
  const idA = a.row.annotationId ?? "";
  const idB = b.row.annotationId ?? "";
  return idA < idB ? 1 : idA > idB ? -1 : 0;
}

/**
 * Sorts a copy of the rows by a column. Text compares ignoring case; blanks (no description,
 * category or source) go last in either direction; ties fall back to newest first, then the id,
 * so the order is total. Category sorts by the person's name for it (`categoryName`); Impact by
 * the measured effect `effectOf` gives (a relative change), rows without one last either way.
 */
export function sortAnnotations<T extends FilterableAnnotation>(
  rows: readonly T[],
  sort: AnnotationSort,
  categoryName: (categoryId: string) => string | undefined = () => undefined,
  effectOf: (row: T) => number | null | undefined = () => null,
): T[] {
  const sign = sort.direction === "asc" ? 1 : -1;
  if (sort.column === "impact") {
    const measured = rows.map((row) => ({
      row,
      effect: effectOf(row) ?? null,
      span: annotationDaySpan(row),
    }));
    measured.sort((a, b) => {
      if (a.effect !== b.effect) {
        if (a.effect === null) return 1;
        if (b.effect === null) return -1;
        return sign * (a.effect - b.effect);
      }
      return newestThenId(a, b);
    });
    return measured.map(({ row }) => row);
  }
  const key = (row: T): string => {
    switch (sort.column) {
      case "date":
        return annotationDaySpan(row).join(" ");
      case "title":
        return row.title;
      case "description":
        return row.description;
      case "color":
        return row.color;
      case "category":
        return row.categoryId ? (categoryName(row.categoryId) ?? "") : "";
      case "property":
        return row.propertyName ?? annotationPropertyId(row) ?? "";
      case "source":
        return row.source ?? "";
      case "impact":
        return "";
    }
  };
  const keyed = rows.map((row) => ({ row, key: key(row), span: annotationDaySpan(row) }));
  keyed.sort((a, b) => {
    if (a.key !== b.key) {
      if (!a.key) return 1;
      if (!b.key) return -1;
      const byKey = sort.column === "date" ? (a.key < b.key ? -1 : 1) : compareText(a.key, b.key);
      if (byKey !== 0) return sign * byKey;
    }
    return newestThenId(a, b);
  });
  return keyed.map(({ row }) => row);
}
