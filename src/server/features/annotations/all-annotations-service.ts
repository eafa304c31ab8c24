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
import type { CategoriesService } from "../categories/categories-service.js";
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

  /** The person's own annotations matching the query, in its order, and what was read. */
  async function matchingOf(user: User, query: AllAnnotationsQuery) {
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
    const matching = sortAnnotations(
      filterAnnotations(rows, filter),
      { column: query.sort, direction: query.dir },
      (id) => held.get(id)?.name,
    );
    return { matching, lists, held };
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
