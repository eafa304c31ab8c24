import type { AnnotationFilter, AnnotationSort } from "../../../shared/annotation-filter";
import { annotationSortColumns, defaultAnnotationSort } from "../../../shared/annotation-filter";
import { noCategoryFilter } from "../../../shared/contracts/all-annotations";

// The page's view as the address bar carries it, so a view can be shared and reloaded:
// /annotations?q=sale&property=123,456&from=2026-01-01&to=2026-03-31&color=RED&category=none
// &sort=title&dir=asc&page=2. The server's query takes the same names (offset for page).

export const allAnnotationsPageSize = 50;

export interface AllAnnotationsView {
  filter: AnnotationFilter;
  sort: AnnotationSort;
  /** 1-based. */
  page: number;
}

const listOf = (value: string | null) => (value ? value.split(",").filter(Boolean) : undefined);

/** The view an address's query string describes; anything unreadable is left at its default. */
export function viewFromSearch(search: string): AllAnnotationsView {
  const params = new URLSearchParams(search);
  const filter: AnnotationFilter = {};
  const q = params.get("q");
  if (q) filter.q = q;
  const from = params.get("from");
  if (from) filter.from = from;
  const to = params.get("to");
  if (to) filter.to = to;
  const colors = listOf(params.get("color"));
  if (colors) filter.colors = colors as AnnotationFilter["colors"];
  const categories = listOf(params.get("category"));
  if (categories)
    filter.categoryIds = categories.map((id) => (id === noCategoryFilter ? null : id));
  const propertyIds = listOf(params.get("property"));
  if (propertyIds) filter.propertyIds = propertyIds;
  const column =
    annotationSortColumns.find((known) => known === params.get("sort")) ??
    defaultAnnotationSort.column;
  const dir = params.get("dir");
  const sort: AnnotationSort = {
    column,
    direction:
      dir === "asc" || dir === "desc"
        ? dir
        : column === "date" || column === "impact"
          ? "desc"
          : "asc",
  };
  const page = Number(params.get("page"));
  return { filter, sort, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

/** The query string for a view (without "?"): only what differs from the defaults. */
export function searchOfView({ filter, sort, page }: AllAnnotationsView): string {
  const params = new URLSearchParams();
  if (filter.q?.trim()) params.set("q", filter.q);
  if (filter.propertyIds?.length) params.set("property", filter.propertyIds.join(","));
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  if (filter.colors?.length) params.set("color", filter.colors.join(","));
  if (filter.categoryIds?.length)
    params.set(
      "category",
      filter.categoryIds.map((id) => (id === null ? noCategoryFilter : id)).join(","),
    );
  if (
    sort.column !== defaultAnnotationSort.column ||
    sort.direction !== defaultAnnotationSort.direction
  ) {
    params.set("sort", sort.column);
    params.set("dir", sort.direction);
  }
  if (page > 1) params.set("page", String(page));
  return params.toString();
}

/** The server's query for a view: the same names, the page as offset and limit. */
export function apiSearchOfView(view: AllAnnotationsView): string {
  const params = new URLSearchParams(searchOfView({ ...view, page: 1 }));
  if (!params.has("sort")) {
    params.set("sort", view.sort.column);
    params.set("dir", view.sort.direction);
  }
  params.set("offset", String((view.page - 1) * allAnnotationsPageSize));
  params.set("limit", String(allAnnotationsPageSize));
  return params.toString();
}

/** The server's query for every annotation matching a view (fields=keys): its filters and order. */
export function keysSearchOfView(view: AllAnnotationsView): string {
  const params = new URLSearchParams(apiSearchOfView({ ...view, page: 1 }));
  params.delete("offset");
  params.delete("limit");
  params.set("fields", "keys");
  return params.toString();
}

/** A view's filters alone, as a key: the selection belongs to one (paging and sorting keep it). */
export function filterKeyOfView(view: AllAnnotationsView): string {
  return searchOfView({ filter: view.filter, sort: defaultAnnotationSort, page: 1 });
}
