import type { FastifyBaseLogger } from "fastify";
import type { User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import { errorMessages } from "../../../shared/contracts/errors.js";
import type { Annotation } from "../../../shared/contracts/annotations.js";
import type { Category } from "../../../shared/contracts/categories.js";
import type { SavedPropertyView } from "../../../shared/contracts/properties.js";
import {
  allAnnotationsKeysLimit,
  noCategoryFilter,
  type AllAnnotationsExportFormat,
  type AllAnnotationsKeysResponse,
  type AllAnnotationsProperty,
  type AllAnnotationsQuery,
  type AllAnnotationsResponse,
  type AllAnnotationsRow,
} from "../../../shared/contracts/all-annotations.js";
import {
  filterAnnotations,
  noCategory,
  sortAnnotations,
  type AnnotationFilter,
} from "../../../shared/annotation-filter.js";
import { capabilitiesOf } from "../../../shared/plans.js";
import {
  annotationExportRow,
  annotationsCsv,
  annotationsJson,
} from "../../../shared/annotation-export.js";
import { toIsoDate } from "../../../shared/calendar-date.js";
import type { AnnotationImpact } from "../../../shared/contracts/impact.js";
import { utcCalendarDate } from "../../../shared/english-format.js";
import { impactDefaults } from "../../../shared/impact/estimate-impact.js";
import { impactEffect } from "../../../shared/impact/impact-cell.js";
import type { CategoriesService } from "../categories/categories-service.js";
import type { ImpactService } from "../impact/impact-service.js";
import type { PropertiesService } from "../properties/properties-service.js";
import type { AnnotationsService } from "./annotations-service.js";
import type {
  AllAnnotationsRepository,
  CachedAnnotationList,
} from "./all-annotations-repository.js";

/** A property's list is read from Google again after ten minutes, as the traffic report is. */
export const annotationListCacheMs = 10 * 60_000;

type Row = AllAnnotationsRow["annotation"] & { propertyId: string; propertyName: string };

/**
 * All annotations: every saved property's annotations in one list, read from Google through the
 * annotations service (one list call per property at most per view, none while the cached list
 * is fresh), then searched, filtered, sorted and paged here by the shared rule.
 */
export function createAllAnnotationsService(deps: {
  annotations: Pick<AnnotationsService, "list">;
  properties: Pick<PropertiesService, "saved">;
  categories: Pick<CategoriesService, "list">;
  repository: AllAnnotationsRepository;
  /** The Impact column's figures, for sorting by it and for the export. */
  impact?: Pick<ImpactService, "forList">;
  logger?: Pick<FastifyBaseLogger, "error">;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { annotations, properties, categories, repository } = deps;
  // Two views at once on one instance (a double render, two tabs) share one Google call.
  const inFlight = new Map<string, Promise<CachedAnnotationList>>();

  /** The properties the person may read now: all saved ones, or a free plan's one. */
  async function usableProperties(user: User): Promise<SavedPropertyView[]> {
    const saved = await properties.saved(user);
    if (!capabilitiesOf(user.subscriptionTier).locksFirstProperty) return saved;
    return saved.filter((property) => property.propertyId === user.lockedPropertyId);
  }

  /** The person's categories by id; none on a plan without categories. */
  async function categoriesOf(user: User): Promise<Map<string, Pick<Category, "name" | "color">>> {
    if (!capabilitiesOf(user.subscriptionTier).canUseCategories) return new Map();
    try {
      return new Map(
        (await categories.list(user)).map((c) => [c.id, { name: c.name, color: c.color }]),
      );
    } catch (error) {
      if (error instanceof AppError) return new Map();
      throw error;
    }
  }

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

  function problemOf(property: SavedPropertyView, error: unknown): string {
    if (!(error instanceof AppError)) deps.logger?.error({ err: error }, "annotation list failed");
    const reason = error instanceof AppError ? error.message : errorMessages.internal;
    return `Could not read '${property.name}': ${reason}`;
  }

  /**
   * The impact on sessions of every annotation of the properties named, by "propertyId:annotationId",
   * measured from the lists already read (one cached traffic report per property). A property whose
   * traffic cannot be read now has no figures: its rows sort and export as not measured.
   */
  async function impactsOf(
    user: User,
    lists: readonly { property: SavedPropertyView; list: CachedAnnotationList | null }[],
    propertyIds: ReadonlySet<string>,
  ): Promise<Map<string, AnnotationImpact>> {
    const found = new Map<string, AnnotationImpact>();
    const measure = deps.impact;
    if (!measure) return found;
    await Promise.all(
      lists.map(async ({ property, list }) => {
        if (!list || !propertyIds.has(property.propertyId)) return;
        try {
          const impacts = await measure.forList(user, property.propertyId, list.annotations, {
            metric: "sessions",
            days: impactDefaults.daysAfter,
          });
          for (const impact of impacts)
            found.set(`${property.propertyId}:${impact.annotationId}`, impact);
        } catch (error) {
          if (!(error instanceof AppError))
            deps.logger?.error({ err: error }, "impact for all annotations failed");
        }
      }),
    );
    return found;
  }

  /**
   * The person's own annotations matching the query, in its order, and what was read; with
   * `withImpact` (or when sorting by it) each property's impact figures too.
   */
  async function matchingOf(user: User, query: AllAnnotationsQuery, withImpact = false) {
    const saved = await usableProperties(user);
    const freshSince = new Date(now().getTime() - annotationListCacheMs);
    const cached = query.refresh
      ? new Map<string, CachedAnnotationList>()
      : await repository.readFresh(
          user.id,
          saved.map((property) => property.propertyId),
          freshSince,
        );
    const [held, lists] = await Promise.all([
      categoriesOf(user),
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
            return { property, list: null, problem: problemOf(property, error) };
          }
        }),
      ),
    ]);

    const rows: Row[] = [];
    for (const { property, list } of lists)
      for (const annotation of list?.annotations ?? [])
        rows.push({
          ...annotation,
          // A category deleted since the list was read is no category.
          categoryId:
            annotation.categoryId && held.has(annotation.categoryId) ? annotation.categoryId : null,
          propertyId: property.propertyId,
          propertyName: property.name,
        });

    const filter: AnnotationFilter = {
      ...(query.q !== undefined ? { q: query.q } : {}),
      ...(query.from ? { from: query.from } : {}),
      ...(query.to ? { to: query.to } : {}),
      ...(query.color ? { colors: query.color } : {}),
      ...(query.property ? { propertyIds: query.property } : {}),
      ...(query.category
        ? {
            categoryIds: query.category.map((id) => (id === noCategoryFilter ? noCategory : id)),
          }
        : {}),
    };
    const kept = filterAnnotations(rows, filter);
    const impacts =
      withImpact || query.sort === "impact"
        ? await impactsOf(user, lists, new Set(kept.map((row) => row.propertyId)))
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
      const categoryNames = new Map([...held].map(([id, { name }]) => [id, name]));
      const rows = matching.map(({ propertyId, propertyName, ...annotation }) =>
        annotationExportRow(annotation as Annotation, {
          propertyId,
          propertyName,
          categoryNames,
          impact: impacts.get(`${propertyId}:${annotation.annotationId}`) ?? null,
        }),
      );
      const fileName = `tidemark-annotations-${toIsoDate(utcCalendarDate(now()))}.${format}`;
      return format === "csv"
        ? {
            fileName,
            contentType: "text/csv; charset=utf-8",
            body: `\uFEFF${annotationsCsv(rows)}`,
          }
        : { fileName, contentType: "application/json; charset=utf-8", body: annotationsJson(rows) };
    },

    /** `fields=keys`: which annotations match, as the bulk actions name them, at most their maximum. */
    async keys(user: User, query: AllAnnotationsQuery): Promise<AllAnnotationsKeysResponse> {
      const { matching } = await matchingOf(user, query);
      return {
        items: matching
          .slice(0, allAnnotationsKeysLimit)
          .map(({ propertyId, annotationId, title }) => ({ propertyId, annotationId, title })),
        total: matching.length,
        limit: allAnnotationsKeysLimit,
      };
    },
  };
}

export type AllAnnotationsService = ReturnType<typeof createAllAnnotationsService>;
