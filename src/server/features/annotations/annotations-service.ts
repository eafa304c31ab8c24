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
import type { CreateRequestsRepository } from "./create-requests-repository.js";
import type { DailyQuotaRepository } from "./daily-quota-repository.js";
import type { FastifyBaseLogger } from "fastify";
import { GoogleApiError } from "../../integrations/google/google-api-error.js";
import type { AnnotationCreateRequest } from "../../db/schema/index.js";

/**
 * How long a create whose answer was lost may take to show up in Google's list. After that it
 * is taken as never made, and its quota slot is given back.
 */
export const unconfirmedCreateWindowMs = 10 * 60 * 1000;

/** Thrown inside a create's retry loop: Google's answer was lost and nothing proves either way. */
class OutcomeUnknown extends Error {
  constructor(
    readonly failure: GoogleApiError,
    /** Why the check of Google's list failed, when it did. */
    readonly listFailure?: unknown,
  ) {
    super("Google's answer to a create was lost");
  }
}

/** The one check behind every edit and delete, for the routes and the assistant alike. */
export function requirePremiumFeature(user: User, feature: "edit" | "delete"): void {
  const capabilities = capabilitiesOf(user.subscriptionTier);
  const allowed =
    feature === "edit" ? capabilities.canEditAnnotations : capabilities.canDeleteAnnotations;
  if (!allowed) throw new AppError("premium_required", premiumFeatureMessages[feature]);
}

/** Annotations Google Analytics made itself are read-only, for the table and the assistant alike. */
export function requireNotSystemGenerated(annotation: { systemGenerated?: boolean | null }): void {
  if (annotation.systemGenerated)
    throw new AppError("system_generated", errorMessages.systemGenerated);
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
  createRequests: CreateRequestsRepository;
  /** Told why a create ended unconfirmed; silent when absent (tests). */
  logger?: Pick<FastifyBaseLogger, "warn">;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { gateway, properties, categories, records, quota, createRequests } = deps;

  /**
   * The annotation a lost create made, if the list shows it: one that matches what was sent and
   * that no other create of ours has claimed (each claimed annotation has its metadata row).
   */
  async function findLanded(
    propertyId: string,
    found: GoogleAnnotation[],
    body: GoogleAnnotationInput,
    taken: Set<string> = new Set(),
  ): Promise<GoogleAnnotation | null> {
    const candidates = found.filter(
      (candidate) => !taken.has(annotationIdOf(candidate)) && sameAnnotation(candidate, body),
    );
    if (candidates.length === 0) return null;
    const known = await records.knownToAnyone(propertyId, candidates.map(annotationIdOf));
    return candidates.find((candidate) => !known.has(annotationIdOf(candidate))) ?? null;
  }

  async function claim(
    user: User,
    request: AnnotationCreateRequest,
    annotation: GoogleAnnotation,
    categoryId: string | null,
  ) {
    const annotationId = annotationIdOf(annotation);
    const metadata = await records.recordChange({
      userId: user.id,
      propertyId: request.propertyId,
      annotationId,
      eventType: "created",
      categoryId,
    });
    await createRequests.settle(request.id, "created", annotationId);
    return metadata;
  }

  /**
   * Settles this person's unconfirmed creates on a property from a fresh listing: one that shows
   * up is created (its slot stays spent); one still missing after the window never will be, and
   * its slot is given back.
   */
  async function settleUnconfirmed(user: User, propertyId: string, found: GoogleAnnotation[]) {
    if (!(await createRequests.hasUnsettled(user.id, propertyId))) return;
    const taken = new Set<string>();
    for (const request of await createRequests.unsettled(user.id, propertyId)) {
      const body = request.body as GoogleAnnotationInput;
      const landed = await findLanded(propertyId, found, body, taken);
      if (landed) {
        taken.add(annotationIdOf(landed));
        await claim(user, request, landed, null);
      } else if (now().getTime() - request.createdAt.getTime() > unconfirmedCreateWindowMs) {
        await createRequests.settle(request.id, "failed");
        await quota.giveBack(user.id, request.quotaDay);
      }
    }
  }

  async function toAnnotations(
    user: User,
    propertyId: string,
    found: GoogleAnnotation[],
  ): Promise<Annotation[]> {
    const ids = found.map(annotationIdOf);
    const metadata = await records.metadataFor(user.id, propertyId, ids);
    return found.map((annotation, index) =>
      toAnnotation(annotation, ids[index]!, metadata.get(ids[index]!) ?? null),
    );
  }

  /** A named category must be usable (plan, owner, still there) before anything is written. */
  async function requireCategory(user: User, categoryId: string | null | undefined): Promise<void> {
    if (categoryId === undefined || categoryId === null) return;
    await categories.requireUsable(user, categoryId);
  }

  /** Answers a create request seen before, from what became of it; never sends it again. */
  async function repeated(
    user: User,
    propertyId: string,
    request: AnnotationCreateRequest,
    categoryId: string | null,
  ): Promise<Annotation> {
    if (request.userId !== user.id || request.propertyId !== propertyId) {
      throw new AppError(
        "invalid_request",
        "That request ID was already used for another request.",
      );
    }
    if (request.state === "failed") {
      throw new AppError("google_unavailable", "That create did not happen. Please try again.");
    }
    const found = await gateway.call(
      user,
      "property",
      (admin, token) => admin.listAnnotations(token, propertyId),
      { retry: true },
    );
    if (request.state === "created") {
      const annotation = found.find(
        (candidate) => annotationIdOf(candidate) === request.annotationId,
      );
      if (!annotation) throw new AppError("annotation_not_found", errorMessages.annotationGone);
      const metadata = await records.metadataFor(user.id, propertyId, [request.annotationId!]);
      return toAnnotation(
        annotation,
        request.annotationId!,
        metadata.get(request.annotationId!) ?? null,
      );
    }
    const landed = await findLanded(propertyId, found, request.body as GoogleAnnotationInput);
    if (!landed) throw new AppError("google_unconfirmed", errorMessages.createUnconfirmed);
    const metadata = await claim(user, request, landed, categoryId);
    return toAnnotation(landed, annotationIdOf(landed), metadata);
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
      await settleUnconfirmed(user, propertyId, found);
      const annotations = await toAnnotations(user, propertyId, found);
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
        throw new AppError("future_date", errorMessages.futureDate);
      }
      await requireCategory(user, input.categoryId);
      const body: GoogleAnnotationInput = {
        title: input.title,
        ...(input.description ? { description: input.description } : {}),
        color: input.color ?? defaultAnnotationColor,
        ...target,
      };

      const requestId = input.requestId ?? crypto.randomUUID();
      const categoryId = input.categoryId ?? null;

      // The same request again (a retry after a lost answer): never a second create.
      const earlier = input.requestId ? await createRequests.find(input.requestId) : null;
      if (earlier) return repeated(user, propertyId, earlier, categoryId);

      const day = startOfUtcDay(now());
      if (!(await quota.take(user.id, day)))
        throw new AppError("daily_limit", errorMessages.dailyLimit);
      if (
        !(await createRequests.open({
          id: requestId,
          userId: user.id,
          propertyId,
          body: body as Record<string, unknown>,
          quotaDay: day,
        }))
      ) {
        // Another request with this id got in first (a double submit).
        await quota.giveBack(user.id, day);
        const first = await createRequests.find(requestId);
        if (!first) throw new AppError("google_unconfirmed", errorMessages.createUnconfirmed);
        return repeated(user, propertyId, first, categoryId);
      }
      const opened = (await createRequests.find(requestId))!;

      let created: GoogleAnnotation;
      try {
        created = await gateway.call<GoogleAnnotation>(
          user,
          "property",
          (admin, token) => admin.createAnnotation(token, propertyId, body),
          {
            requiresWrite: true,
            retry: true,
            // Google answered with an error or not at all: look before sending it again.
            beforeRetry: async (admin, token, failure) => {
              // A 429 or a refusal means Google did nothing.
              if (!failure.outcomeUnknown) return { done: false };
              let found: GoogleAnnotation[];
              try {
                found = await admin.listAnnotations(token, propertyId);
              } catch (listFailure) {
                throw new OutcomeUnknown(failure, listFailure);
              }
              const landed = await findLanded(propertyId, found, body);
              if (landed) return { done: true, value: landed };
              // No answer at all (a dropped connection, a timeout): the create may still be on
              // its way, so it is not sent again until its fate is known. An error answer with
              // nothing in the list means Google did not make it: sending again is safe.
              if (failure.status === 0) throw new OutcomeUnknown(failure);
              return { done: false };
            },
          },
        );
      } catch (error) {
        if (error instanceof OutcomeUnknown || isLostAnswer(error)) {
          // The slot stays taken: the annotation may exist. A later listing settles it.
          await createRequests.settle(opened.id, "unconfirmed");
          const failure = error instanceof OutcomeUnknown ? error.failure : error;
          deps.logger?.warn(
            {
              requestId: opened.id,
              google: failure.logFields,
              ...(error instanceof OutcomeUnknown && error.listFailure !== undefined
                ? { listFailure: describeFailure(error.listFailure) }
                : {}),
            },
            "annotation create unconfirmed: Google's answer was lost",
          );
          throw new AppError("google_unconfirmed", errorMessages.createUnconfirmed);
        }
        // Google refused or stayed unavailable and made nothing: the slot is given back.
        await createRequests.settle(opened.id, "failed");
        await quota.giveBack(user.id, day);
        throw error;
      }
      const metadata = await claim(user, opened, created, categoryId);
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
      let alreadyGone = false;
      await gateway.call(
        user,
        "annotation",
        async (admin, token) => {
          attempts += 1;
          try {
            await admin.deleteAnnotation(token, propertyId, annotationId);
          } catch (error) {
            if ((error as { status?: number }).status !== 404) throw error;
            // After a lost answer, "not found" means the first attempt did delete it; a person's
            // own retry of a delete that did happen (it exists in our records) succeeds too.
            if (attempts > 1 || (await records.changedBefore(user.id, propertyId, annotationId))) {
              alreadyGone = true;
              return;
            }
            throw error;
          }
        },
        { requiresWrite: true, retry: true },
      );
      if (alreadyGone && (await records.knownToAnyone(propertyId, [annotationId])).size === 0) {
        // Recorded as deleted already.
        return;
      }
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
    requireNotSystemGenerated(annotation);
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

/**
 * The gateway's message for a write whose answer never came (a dropped connection, a timeout).
 * A request that provably never reached Google (a refused connection) is not one.
 */
function isLostAnswer(error: unknown): error is GoogleApiError {
  return error instanceof GoogleApiError && error.status === 0 && error.outcomeUnknown;
}

/** A failure for the log: Google's fields when it is Google's, else only its kind and message. */
function describeFailure(error: unknown) {
  if (error instanceof GoogleApiError) return error.logFields;
  return error instanceof Error
    ? { name: error.name, message: error.message }
    : { value: String(error) };
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
