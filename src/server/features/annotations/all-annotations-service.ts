import type { User } from "../../db/schema/index.js";
import type { Annotation } from "../../../shared/contracts/annotations.js";
import type { Category } from "../../../shared/contracts/categories.js";
import type { SavedPropertyView } from "../../../shared/contracts/properties.js";
import {
  allAnnotationsKeysLimit,
  type AllAnnotationsExportFormat,
  type AllAnnotationsKeysResponse,
  type AllAnnotationsProperty,
  type AllAnnotationsQuery,
  type AllAnnotationsResponse,
} from "../../../shared/contracts/all-annotations.js";
import { filterAnnotations, sortAnnotations } from "../../../shared/annotation-filter.js";
import {
  annotationExportRow,
  annotationsCsv,
  annotationsJson,
} from "../../../shared/annotation-export.js";
import { toIsoDate } from "../../../shared/calendar-date.js";
import type { AnnotationImpact } from "../../../shared/contracts/impact.js";
import { utcCalendarDate } from "../../../shared/english-format.js";
import { impactEffect } from "../../../shared/impact/impact-cell.js";
import type { AllAnnotationsDeps } from "./all-annotations-reads.js";

export type { AllAnnotationsDeps } from "./all-annotations-reads.js";
import type { CachedAnnotationList } from "./all-annotations-repository.js";
import {
  categoriesOf,
  filterOf,
  impactsOf,
  problemOf,
  rowsOf,
  usableProperties,
  type Row,
} from "./all-annotations-reads.js";

/** A property's list is read from Google again after ten minutes, as the traffic report is. */
export const annotationListCacheMs = 10 * 60_000;

/** A page of the view, with every property's state and the person's categories. */
function listResponseOf(
  matching: Row[],
  lists: readonly {
    property: SavedPropertyView;
    list: CachedAnnotationList | null;
    problem: string | null;
  }[],
  held: ReadonlyMap<string, Pick<Category, "name" | "color">>,
  query: AllAnnotationsQuery,
): AllAnnotationsResponse {
  const page = matching.slice(query.offset, query.offset + query.limit);
  const listed: AllAnnotationsProperty[] = lists.map(({ property, list, problem }) => ({
    propertyId: property.propertyId,
    name: property.name,
    timeZone: property.timeZone,
    fetchedAt: list?.fetchedAt.toISOString() ?? null,
    problem,
  }));
  return {
    rows: page.map(({ propertyId, propertyName, ...annotation }) => ({
      propertyId,
      propertyName,
      annotation: annotation as Annotation,
    })),
    total: matching.length,
    offset: query.offset,
    limit: query.limit,
    properties: listed,
    categories: [...held].map(([id, { name, color }]) => ({ id, name, color })),
  };
}

/** The matching rows written as the export file of `format`, named for the day. */
function exportFileOf(
  matching: Row[],
  held: ReadonlyMap<string, Pick<Category, "name" | "color">>,
  impacts: ReadonlyMap<string, AnnotationImpact>,
  at: Date,
  format: AllAnnotationsExportFormat,
): { fileName: string; contentType: string; body: string } {
  const categoryNames = new Map([...held].map(([id, { name }]) => [id, name]));
  const rows = matching.map(({ propertyId, propertyName, ...annotation }) =>
    annotationExportRow(annotation as Annotation, {
      propertyId,
      propertyName,
      categoryNames,
      impact: impacts.get(`${propertyId}:${annotation.annotationId}`) ?? null,
    }),
  );
  const fileName = `tidemark-annotations-${toIsoDate(utcCalendarDate(at))}.${format}`;
  return format === "csv"
    ? {
        fileName,
        contentType: "text/csv; charset=utf-8",
        body: `\uFEFF${annotationsCsv(rows)}`,
      }
    : { fileName, contentType: "application/json; charset=utf-8", body: annotationsJson(rows) };
}

/** The matching annotations as the bulk actions name them, at most their maximum. */
function keysOf(matching: Row[]): AllAnnotationsKeysResponse {
  return {
    items: matching
      .slice(0, allAnnotationsKeysLimit)
      .map(({ propertyId, annotationId, title }) => ({ propertyId, annotationId, title })),
    total: matching.length,
    limit: allAnnotationsKeysLimit,
  };
}

/**
 * All annotations: every saved property's annotations in one list, read from Google through the
 * annotations service (one list call per property at most per view, none while the cached list
 * is fresh), then searched, filtered, sorted and paged here by the shared rule.
 */
export function createAllAnnotationsService(deps: AllAnnotationsDeps) {
  const now = deps.now ?? (() => new Date());
  const { annotations, repository } = deps;
  // Two views at once on one instance (a double render, two tabs) share one Google call.
  const inFlight = new Map<string, Promise<CachedAnnotationList>>();

  function fetchList(user: User, propertyId: string, staleBefore: Date) {
    const flightKey = `${user.id}:${propertyId}`;
    const pending = inFlight.get(flightKey);
    if (pending) return pending;
    const work = (async () => {
      // Taken before the listing: a change recorded after it began makes this list stale.
      const fetchedAt = now();
      const list = await annotations.list(user, propertyId);
      const entry = { propertyId, annotations: list, fetchedAt };
      await repository.write({ userId: user.id, ...entry }, staleBefore);
      return entry;
    })();
    inFlight.set(flightKey, work);
    return work.finally(() => inFlight.delete(flightKey));
  }

  /**
   * The person's own annotations matching the query, in its order, and what was read; with
   * `withImpact` (or when sorting by it) each property's impact figures too.
   */
  async function matchingOf(user: User, query: AllAnnotationsQuery, withImpact = false) {
    const saved = await usableProperties(deps, user);
    const freshSince = new Date(now().getTime() - annotationListCacheMs);
    const cached = query.refresh
      ? new Map<string, CachedAnnotationList>()
      : await repository.readFresh(
          user.id,
          saved.map((property) => property.propertyId),
          freshSince,
        );
    const [held, lists] = await Promise.all([
      categoriesOf(deps, user),
      Promise.all(
        saved.map(async (property) => {
          const hit = cached.get(property.propertyId);
          if (hit) return { property, list: hit, problem: null };
          try {
            return {
              property,
              list: await fetchList(user, property.propertyId, freshSince),
              problem: null,
            };
          } catch (error) {
            return { property, list: null, problem: problemOf(deps, property, error) };
          }
        }),
      ),
    ]);

    const kept = filterAnnotations(rowsOf(lists, held), filterOf(query));
    const impacts =
      withImpact || query.sort === "impact"
        ? await impactsOf(deps, user, lists, new Set(kept.map((row) => row.propertyId)))
        : new Map<string, AnnotationImpact>();
    const matching = sortAnnotations(
      kept,
      { column: query.sort, direction: query.dir },
      (id) => held.get(id)?.name,
      (row) => impactEffect(impacts.get(`${row.propertyId}:${row.annotationId}`)),
    );
    return { matching, lists, held, impacts };
  }

  return {
    async list(user: User, query: AllAnnotationsQuery): Promise<AllAnnotationsResponse> {
      const { matching, lists, held } = await matchingOf(user, query);
      return listResponseOf(matching, lists, held, query);
    },

    /**
     * The view as a file: every annotation matching its filters, over all its pages, in its order,
     * written by the one export writer (CSV with the formula guard, or JSON). A download carries a
     * byte order mark so Excel reads the CSV as UTF-8.
     */
    async exportFile(
      user: User,
      query: AllAnnotationsQuery,
      format: AllAnnotationsExportFormat,
    ): Promise<{ fileName: string; contentType: string; body: string }> {
      const { matching, held, impacts } = await matchingOf(user, query, true);
      return exportFileOf(matching, held, impacts, now(), format);
    },

    /** `fields=keys`: which annotations match, as the bulk actions name them, at most their maximum. */
    async keys(user: User, query: AllAnnotationsQuery): Promise<AllAnnotationsKeysResponse> {
      return keysOf((await matchingOf(user, query)).matching);
    },
  };
}

export type AllAnnotationsService = ReturnType<typeof createAllAnnotationsService>;
