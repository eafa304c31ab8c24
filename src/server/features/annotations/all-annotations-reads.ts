/**
 * What the All annotations view reads around the lists: the properties and categories the person
 * may use, each property's impact figures, and the lists turned into the view's rows.
 */
import type { User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import { errorMessages } from "../../../shared/contracts/errors.js";
import type { Category } from "../../../shared/contracts/categories.js";
import type { SavedPropertyView } from "../../../shared/contracts/properties.js";
import {
  noCategoryFilter,
  type AllAnnotationsQuery,
  type AllAnnotationsRow,
} from "../../../shared/contracts/all-annotations.js";
import { noCategory, type AnnotationFilter } from "../../../shared/annotation-filter.js";
import { capabilitiesOf } from "../../../shared/plans.js";
import type { AnnotationImpact } from "../../../shared/contracts/impact.js";
import { impactDefaults } from "../../../shared/impact/estimate-impact.js";
import type { FastifyBaseLogger } from "fastify";
import type { CategoriesService } from "../categories/categories-service.js";
import type { ImpactService } from "../impact/impact-service.js";
import type { PropertiesService } from "../properties/properties-service.js";
import type { AnnotationsService } from "./annotations-service.js";
import type {
  AllAnnotationsRepository,
  CachedAnnotationList,
} from "./all-annotations-repository.js";

/** What the All annotations service and its reads are built on. */
export interface AllAnnotationsDeps {
  annotations: Pick<AnnotationsService, "list">;
  properties: Pick<PropertiesService, "saved">;
  categories: Pick<CategoriesService, "list">;
  repository: AllAnnotationsRepository;
  /** The Impact column's figures, for sorting by it and for the export. */
  impact?: Pick<ImpactService, "forList">;
  logger?: Pick<FastifyBaseLogger, "error">;
  now?: () => Date;
}

export type Row = AllAnnotationsRow["annotation"] & { propertyId: string; propertyName: string };

/** The properties the person may read now: all saved ones, or a free plan's one. */
export async function usableProperties(
  deps: Pick<AllAnnotationsDeps, "properties">,
  user: User,
): Promise<SavedPropertyView[]> {
  const saved = await deps.properties.saved(user);
  if (!capabilitiesOf(user.subscriptionTier).locksFirstProperty) return saved;
  return saved.filter((property) => property.propertyId === user.lockedPropertyId);
}

/** The person's categories by id; none on a plan without categories. */
export async function categoriesOf(
  deps: Pick<AllAnnotationsDeps, "categories">,
  user: User,
): Promise<Map<string, Pick<Category, "name" | "color">>> {
  if (!capabilitiesOf(user.subscriptionTier).canUseCategories) return new Map();
  try {
    return new Map(
      (await deps.categories.list(user)).map((c) => [c.id, { name: c.name, color: c.color }]),
    );
  } catch (error) {
    if (error instanceof AppError) return new Map();
    throw error;
  }
}

export function problemOf(
  deps: Pick<AllAnnotationsDeps, "logger">,
  property: SavedPropertyView,
  error: unknown,
): string {
  if (!(error instanceof AppError)) deps.logger?.error({ err: error }, "annotation list failed");
  const reason = error instanceof AppError ? error.message : errorMessages.internal;
  return `Could not read '${property.name}': ${reason}`;
}

/**
 * The impact on sessions of every annotation of the properties named, by "propertyId:annotationId",
 * measured from the lists already read (one cached traffic report per property). A property whose
 * traffic cannot be read now has no figures: its rows sort and export as not measured.
 */
export async function impactsOf(
  deps: Pick<AllAnnotationsDeps, "impact" | "logger">,
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

/** Every listed annotation as a row of the view, with its property. */
export function rowsOf(
  lists: readonly { property: SavedPropertyView; list: CachedAnnotationList | null }[],
  held: ReadonlyMap<string, unknown>,
): Row[] {
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
  return rows;
}

/** The query's filters in the shared filter's terms. */
export function filterOf(query: AllAnnotationsQuery): AnnotationFilter {
  return {
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
}
