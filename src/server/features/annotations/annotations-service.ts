import { errorMessages } from "../../../shared/contracts/errors.js";
import type { User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import type {
  GoogleAnnotation,
  GoogleAnnotationInput,
} from "../../integrations/google/analytics-admin.js";
import { defaultAnnotationColor, isAnnotationColor } from "../../../shared/annotation-colors.js";
import {
  compareDates,
  latestTodayAnywhere,
  type CalendarDate,
} from "../../../shared/calendar-date.js";
import {
  createAnnotationRequest,
  updateAnnotationRequest,
  type Annotation,
  type CreateAnnotationRequest,
  type UpdateAnnotationRequest,
} from "../../../shared/contracts/annotations.js";
import { parseInput } from "../../http/parse-input.js";
import { startOfUtcDay } from "../../../shared/daily-quota.js";
import { capabilitiesOf, premiumFeatureMessages } from "../../../shared/plans.js";
import type { AnalyticsGateway } from "../google-connection/analytics-gateway.js";
import type { CategoriesService } from "../categories/categories-service.js";
import type { PropertiesService } from "../properties/properties-service.js";
import type { AnnotationRecordsRepository } from "./annotation-records-repository.js";
import type { DailyQuotaRepository } from "./daily-quota-repository.js";

/** The one check behind every edit and delete, for the routes and the assistant alike. */
export function requirePremiumFeature(user: User, feature: "edit" | "delete"): void {
  const capabilities = capabilitiesOf(user.subscriptionTier);
  const allowed =
    feature === "edit" ? capabilities.canEditAnnotations : capabilities.canDeleteAnnotations;
  if (!allowed) throw new AppError("premium_required", premiumFeatureMessages[feature]);
}

/**
 * Annotations live in Google Analytics; this service is the only path to them, for the REST
 * routes and the assistant alike, so every rule below applies to both.
 */
export function createAnnotationsService(deps: {
  gateway: AnalyticsGateway;
  properties: PropertiesService;
  categories: Pick<CategoriesService, "requireUsable">;
  records: AnnotationRecordsRepository;
  quota: DailyQuotaRepository;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { gateway, properties, categories, records, quota } = deps;

  async function toAnnotations(
    propertyId: string,
    found: GoogleAnnotation[],
  ): Promise<Annotation[]> {
    const ids = found.map(annotationIdOf);
    const metadata = await records.metadataFor(propertyId, ids);
    return found.map((annotation, index) =>
      toAnnotation(annotation, ids[index]!, metadata.get(ids[index]!) ?? null),
    );
  }

  /** A named category must be usable (plan, owner, still there) before anything is written. */
  async function requireCategory(user: User, categoryId: string | null | undefined): Promise<void> {
    if (categoryId === undefined || categoryId === null) return;
    await categories.requireUsable(user, categoryId);
  }

  return {
    /** Newest first, as the table shows them. */
    async list(user: User, propertyId: string): Promise<Annotation[]> {
      await properties.requireAllowed(user, propertyId);
      const found = await gateway.call(
        user,
        "property",
        (admin, token) => admin.listAnnotations(token, propertyId),
        {
          retry: true,
        },
      );
      const annotations = await toAnnotations(propertyId, found);
      return annotations.sort((a, b) => compareDates(b.annotationDate, a.annotationDate));
    },

    /** `request` is checked against the shared contract here, so every caller — routes and assistant — gets the same rules. */
    async create(
      user: User,
      propertyId: string,
      request: CreateAnnotationRequest | unknown,
    ): Promise<Annotation> {
      const input = parseInput(createAnnotationRequest, request);
      await properties.requireAllowed(user, propertyId);
      const target = targetOf(input);
      // A range may run on past today (a sale that ends next week); it may not start after it.
      const start = target.annotationDate ?? target.annotationDateRange!.startDate;
      if (compareDates(start, latestTodayAnywhere(now())) > 0) {
        throw new AppError("future_date", "Annotations cannot be created for future dates.");
      }
      await requireCategory(user, input.categoryId);
      const body: GoogleAnnotationInput = {
        title: input.title,
        ...(input.description ? { description: input.description } : {}),
        color: input.color ?? defaultAnnotationColor,
        ...target,
      };

      const day = startOfUtcDay(now());
      if (!(await quota.take(user.id, day)))
        throw new AppError("daily_limit", errorMessages.dailyLimit);
      let created: GoogleAnnotation;
      try {
        created = await gateway.call<GoogleAnnotation>(
          user,
          "property",
          (admin, token) => admin.createAnnotation(token, propertyId, body),
          {
            requiresWrite: true,
            retry: true,
            // A create whose answer was lost may still have landed: look before sending it again,
            // so a dropped connection never makes a duplicate.
            beforeRetry: async (admin, token, failure) => {
              // A 429 or a refusal means Google did nothing; only a lost answer needs a look.
              if (!failure.outcomeUnknown) return { done: false };
              const landed = (await admin.listAnnotations(token, propertyId)).find((candidate) =>
                sameAnnotation(candidate, body),
              );
              return landed ? { done: true, value: landed } : { done: false };
            },
          },
        );
      } catch (error) {
        // Only creations Google accepted spend the allowance.
        await quota.giveBack(user.id, day);
        throw error;
      }
      const annotationId = annotationIdOf(created);
      const metadata = await records.recordChange({
        userId: user.id,
        propertyId,
        annotationId,
        eventType: "created",
        categoryId: input.categoryId ?? null,
      });
      return toAnnotation(created, annotationIdOf(created), metadata);
    },

    async update(
      user: User,
      propertyId: string,
      annotationId: string,
      request: UpdateAnnotationRequest | unknown,
    ): Promise<Annotation> {
      const input = parseInput(updateAnnotationRequest, request);
      requirePremiumFeature(user, "edit");
      await properties.requireAllowed(user, propertyId);
      await requireCategory(user, input.categoryId);
      const changes: GoogleAnnotationInput = {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.color !== undefined ? { color: input.color } : {}),
        ...(input.annotationDate !== undefined || input.annotationDateRange !== undefined
          ? targetOf(input)
          : {}),
      };
      const hasGoogleChanges = Object.keys(changes).length > 0;
      // A category-only change touches nothing in Google, but the annotation must still exist.
      const updated = hasGoogleChanges
        ? await gateway.call(
            user,
            "annotation",
            (admin, token) => admin.updateAnnotation(token, propertyId, annotationId, changes),
            // The same PATCH applied twice has the same effect, so it may be retried.
            { requiresWrite: true, retry: true },
          )
        : await findAnnotation(user, propertyId, annotationId);
      const metadata = await records.recordChange({
        userId: user.id,
        propertyId,
        annotationId,
        eventType: "updated",
        categoryId: input.categoryId,
      });
      return toAnnotation(updated, annotationIdOf(updated), metadata);
    },

    async remove(user: User, propertyId: string, annotationId: string): Promise<void> {
      requirePremiumFeature(user, "delete");
      await properties.requireAllowed(user, propertyId);
      let attempts = 0;
      await gateway.call(
        user,
        "annotation",
        async (admin, token) => {
          attempts += 1;
          try {
            await admin.deleteAnnotation(token, propertyId, annotationId);
          } catch (error) {
            // After a lost answer, "not found" means the first attempt did delete it.
            if (attempts > 1 && (error as { status?: number }).status === 404) return;
            throw error;
          }
        },
        { requiresWrite: true, retry: true },
      );
      await records.recordChange({
        userId: user.id,
        propertyId,
        annotationId,
        eventType: "deleted",
      });
    },
  };

  async function findAnnotation(
    user: User,
    propertyId: string,
    annotationId: string,
  ): Promise<GoogleAnnotation> {
    const found = await gateway.call(
      user,
      "annotation",
      (admin, token) => admin.listAnnotations(token, propertyId),
      { retry: true },
    );
    const annotation = found.find((candidate) => annotationIdOf(candidate) === annotationId);
    if (!annotation) throw new AppError("annotation_not_found", errorMessages.annotationGone);
    if (annotation.systemGenerated) {
      throw new AppError("system_generated", errorMessages.systemGenerated);
    }
    return annotation;
  }
}

export type AnnotationsService = ReturnType<typeof createAnnotationsService>;

function annotationIdOf(annotation: GoogleAnnotation): string {
  return annotation.name.slice(annotation.name.lastIndexOf("/") + 1);
}

/**
 * The Google target of a request: a range whose two ends are the same day is sent as that day,
 * so an annotation of one day looks the same however it was entered.
 */
function targetOf(input: {
  annotationDate?: CalendarDate;
  annotationDateRange?: { startDate: CalendarDate; endDate: CalendarDate };
}): Pick<GoogleAnnotationInput, "annotationDate" | "annotationDateRange"> {
  const range = input.annotationDateRange;
  if (range && compareDates(range.startDate, range.endDate) !== 0)
    return { annotationDateRange: range };
  return { annotationDate: range?.startDate ?? input.annotationDate! };
}

function sameDay(a: CalendarDate | undefined, b: CalendarDate | undefined): boolean {
  return a === undefined || b === undefined ? a === b : compareDates(a, b) === 0;
}

function sameAnnotation(candidate: GoogleAnnotation, body: GoogleAnnotationInput): boolean {
  return (
    candidate.title === body.title &&
    (candidate.description ?? "") === (body.description ?? "") &&
    candidate.color === body.color &&
    sameDay(candidate.annotationDate, body.annotationDate) &&
    sameDay(candidate.annotationDateRange?.startDate, body.annotationDateRange?.startDate) &&
    sameDay(candidate.annotationDateRange?.endDate, body.annotationDateRange?.endDate)
  );
}

function toAnnotation(
  annotation: GoogleAnnotation,
  annotationId: string,
  metadata: { categoryId: string | null; createdAt: Date } | null,
): Annotation {
  const range = annotation.annotationDateRange;
  const start = annotation.annotationDate ?? range?.startDate ?? { year: 1970, month: 1, day: 1 };
  return {
    annotationId,
    name: annotation.name,
    title: annotation.title,
    description: annotation.description ?? "",
    annotationDate: start,
    ...(range
      ? { annotationDateRange: { startDate: range.startDate, endDate: range.endDate } }
      : {}),
    color:
      isAnnotationColor(annotation.color) || annotation.color === "ORANGE"
        ? annotation.color
        : defaultAnnotationColor,
    dateAdded: metadata?.createdAt.toISOString() ?? null,
    categoryId: metadata?.categoryId ?? null,
    systemGenerated: annotation.systemGenerated === true,
  };
}
