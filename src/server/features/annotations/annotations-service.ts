import { errorMessages } from "../../../shared/contracts/errors.js";
import type { User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import type {
  AnnotationListing,
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
  type AnnotationExtras,
  type AnnotationSource,
  type CreateAnnotationRequest,
  type UpdateAnnotationRequest,
} from "../../../shared/contracts/annotations.js";
import { parseInput } from "../../parse-input.js";
import { propertyToday } from "../../../shared/property-time-zone.js";
import { startOfUtcDay } from "../../../shared/daily-quota.js";
import { capabilitiesOf, premiumFeatureMessages } from "../../../shared/plans.js";
import type { AnalyticsGateway } from "../google-connection/analytics-gateway.js";
import type { CategoriesService } from "../categories/categories-service.js";
import type { PropertiesService } from "../properties/properties-service.js";
import {
  deletedRecordOf,
  type AnnotationKey,
  type AnnotationRecordsRepository,
  type ChangeContext,
  type ChangeRow,
} from "./annotation-records-repository.js";
import {
  undoChangeRequest,
  type AnnotationFields,
  type UndoChangeRequest,
  type UndoChangeResponse,
} from "../../../shared/contracts/annotation-history.js";
import {
  changesBetween,
  fieldsOf,
  type FieldChanges,
  googleFieldsOf,
  googleInputOf,
  copyRequestIdOf,
  restoreRequestIdOf,
  sameFields,
  toChange,
} from "./annotation-changes.js";
import type { CreateRequestsRepository } from "./create-requests-repository.js";
import type { AnnotationSetsRepository } from "./annotation-sets-repository.js";
import {
  createOnPropertiesRequest,
  type AnnotationCopy,
  type CreateOnPropertiesRequest,
  type PropertyOutcome,
} from "../../../shared/contracts/annotation-sets.js";
import type { DailyQuotaRepository } from "./daily-quota-repository.js";
import type { FastifyBaseLogger } from "fastify";
import { GoogleApiError } from "../../integrations/google/google-api-error.js";
import type { AnnotationCreateRequest, CreateRequestExtras } from "../../db/schema/index.js";

/**
 * How long a create may take to show up in Google's list when nothing better is known: one still
 * pending (its instance stopped mid-create), or one whose listings all took several pages. After
 * that it is taken as never made, and its quota slot is given back.
 */
export const unconfirmedCreateWindowMs = 10 * 60 * 1000;

/**
 * A write we stopped waiting for (our timeout) may still be carried out by Google afterwards, so
 * a listing proves nothing about it until this long after we gave up. Google's own deadline for
 * a request is well inside it.
 */
export const timedOutWriteGraceMs = 60_000;

/**
 * The end of a create's last attempt is read on one instance's clock and a listing's start on
 * another's; instances' clocks agree within this much.
 */
export const clockSkewMarginMs = 2_000;

/** A repeated request id whose first create is known not to have happened. */
const createDidNotHappenMessage = "That create did not happen. Please try again.";

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

/** A write's answer: the annotation, and the change recorded for it (to offer an undo). */
export type AnnotationWrite = Annotation & { changeId: string | null };

/** A write made as one row of a bulk action records the action's id (decision 0056). */
export interface BatchOptions {
  batchId?: string;
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
  /** Which annotations are copies of one another (decision 0058). */
  sets: AnnotationSetsRepository;
  /** Told why a create ended unconfirmed; silent when absent (tests). */
  logger?: Pick<FastifyBaseLogger, "warn">;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { gateway, properties, categories, records, quota, createRequests, sets } = deps;

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

  /** Makes a landed create ours, with the extras kept beside it since it was opened. */
  async function claim(
    user: User,
    request: AnnotationCreateRequest,
    annotation: GoogleAnnotation,
  ): Promise<AnnotationWrite> {
    const annotationId = annotationIdOf(annotation);
    const { extras, changeId } = await records.recordCreate(
      { userId: user.id, propertyId: request.propertyId, annotationId },
      request.extras,
      googleFieldsOf(toAnnotation(annotation, annotationId, noExtras)),
    );
    await createRequests.settle(request.id, "created", annotationId);
    return { ...toAnnotation(annotation, annotationId, extras), changeId };
  }

  /**
   * Whether a listing that does not show this create proves that it never landed. An unconfirmed
   * create would show in any listing that started after its last attempt could have landed
   * (`settleAfter`), if that listing is one snapshot (one page). Otherwise — still pending, its
   * instance gone, or only several-page listings — the fixed window decides.
   */
  function provenMissing(
    request: AnnotationCreateRequest,
    listing: AnnotationListing,
    listedFrom: Date,
  ): boolean {
    if (
      request.state === "unconfirmed" &&
      request.settleAfter !== null &&
      listing.pages === 1 &&
      listedFrom.getTime() >= request.settleAfter.getTime()
    )
      return true;
    return now().getTime() - request.createdAt.getTime() > unconfirmedCreateWindowMs;
  }

  /** A create that never landed gives its slot back, once, whoever settles it first. */
  async function giveUp(request: AnnotationCreateRequest): Promise<void> {
    // A restore took no slot (decision 0060), so it gives none back.
    if (
      (await createRequests.settle(request.id, "failed")) &&
      request.extras.restores === undefined
    )
      await quota.giveBack(request.userId, request.quotaDay);
  }

  /**
   * Settles this person's open creates on a property from a fresh listing, which started at
   * `listedFrom`: one that shows up is created (its slot stays spent); one the listing proves
   * missing never landed, and its slot is given back.
   */
  async function settleUnconfirmed(
    user: User,
    propertyId: string,
    listing: AnnotationListing,
    listedFrom: Date,
  ) {
    if (!(await createRequests.hasUnsettled(user.id, propertyId))) return;
    const taken = new Set<string>();
    for (const request of await createRequests.unsettled(user.id, propertyId)) {
      const body = request.body as GoogleAnnotationInput;
      const landed = await findLanded(propertyId, listing.annotations, body, taken);
      if (landed) {
        taken.add(annotationIdOf(landed));
        await claim(user, request, landed);
      } else if (provenMissing(request, listing, listedFrom)) {
        await giveUp(request);
      }
    }
  }

  /**
   * What Google holds now, read after a write whose answer was lost: the annotation, "gone", or
   * "unknown" when the read failed too.
   */
  async function readBack(
    user: User,
    propertyId: string,
    annotationId: string,
  ): Promise<
    | { state: "held"; annotation: GoogleAnnotation }
    | { state: "gone" }
    | { state: "unknown"; failure: unknown }
  > {
    try {
      const annotation = await gateway.call(
        user,
        "annotation",
        (admin, token) => admin.getAnnotation(token, propertyId, annotationId),
        { retry: true },
      );
      return { state: "held", annotation };
    } catch (failure) {
      if (failure instanceof AppError && failure.code === "annotation_not_found")
        return { state: "gone" };
      return { state: "unknown", failure };
    }
  }

  async function toAnnotations(
    user: User,
    propertyId: string,
    found: GoogleAnnotation[],
  ): Promise<Annotation[]> {
    const ids = found.map(annotationIdOf);
    const extras = await records.extrasFor(user.id, propertyId, ids);
    return found.map((annotation, index) =>
      toAnnotation(annotation, ids[index]!, extras.get(ids[index]!)!),
    );
  }

  /** A named category must be usable (plan, owner, still there) before anything is written. */
  async function requireCategory(user: User, categoryId: string | null | undefined): Promise<void> {
    if (categoryId === undefined || categoryId === null) return;
    await categories.requireUsable(user, categoryId);
  }

  /**
   * Answers a create request seen before, from what became of it; never sends it again. The
   * extras are the first request's, as Google's fields are.
   */
  async function repeated(
    user: User,
    propertyId: string,
    request: AnnotationCreateRequest,
  ): Promise<AnnotationWrite> {
    if (request.userId !== user.id || request.propertyId !== propertyId) {
      throw new AppError(
        "invalid_request",
        "That request ID was already used for another request.",
      );
    }
    if (request.state === "failed") {
      throw new AppError("google_unavailable", createDidNotHappenMessage);
    }
    const listedFrom = now();
    const listing = await gateway.call(
      user,
      "property",
      (admin, token) => admin.listAnnotations(token, propertyId),
      { retry: true },
    );
    if (request.state === "created") {
      const annotation = listing.annotations.find(
        (candidate) => annotationIdOf(candidate) === request.annotationId,
      );
      if (!annotation) throw new AppError("annotation_not_found", errorMessages.annotationGone);
      const [found] = await toAnnotations(user, propertyId, [annotation]);
      const change = await records.createdChange({
        userId: user.id,
        propertyId,
        annotationId: found!.annotationId,
      });
      return { ...found!, changeId: change?.id ?? null };
    }
    const landed = await findLanded(
      propertyId,
      listing.annotations,
      request.body as GoogleAnnotationInput,
    );
    if (!landed) {
      if (!provenMissing(request, listing, listedFrom))
        throw new AppError("google_unconfirmed", errorMessages.createUnconfirmed);
      await giveUp(request);
      throw new AppError("google_unavailable", createDidNotHappenMessage);
    }
    return claim(user, request, landed);
  }

  const service = {
    /** Newest first, as the table shows them. */
    async list(user: User, propertyId: string): Promise<Annotation[]> {
      await properties.requireAllowed(user, propertyId);
      // Taken before the listing: only creates that ended before it began can be proved missing.
      const listedFrom = now();
      const listing = await gateway.call(
        user,
        "property",
        (admin, token) => admin.listAnnotations(token, propertyId),
        { retry: true },
      );
      await settleUnconfirmed(user, propertyId, listing, listedFrom);
      // A copy deleted in GA4 directly leaves its set.
      await sets.prune(propertyId, new Set(listing.annotations.map(annotationIdOf)), listedFrom);
      const annotations = await toAnnotations(user, propertyId, listing.annotations);
      return annotations.sort((a, b) => compareDates(b.annotationDate, a.annotationDate));
    },

    /**
     * `request` is checked against the shared contract again here: besides the routes (which
     * parse it), the assistant, the inbox and the MCP tools build requests themselves, and this is
     * the one place all of them pass. `source` is where the create came from, recorded with the
     * annotation; a caller that does not say leaves it unknown (null), never guessed.
     */
    async create(
      user: User,
      propertyId: string,
      request: CreateAnnotationRequest,
      source: AnnotationSource | null = null,
    ): Promise<AnnotationWrite> {
      const input = parseInput(createAnnotationRequest, request);
      const saved = await properties.requireAllowed(user, propertyId);
      const target = targetOf(input);
      // A range may run on past today (a sale that ends next week); it may not start after it.
      // Today is the property's (GA4 dates its days in the property's zone), the same day the
      // date picker stops at; while that zone is unknown, only days in the future everywhere
      // are refused.
      const start = target.annotationDate ?? target.annotationDateRange!.startDate;
      const latest = saved.timeZone
        ? propertyToday(now(), saved.timeZone)
        : latestTodayAnywhere(now());
      if (compareDates(start, latest) > 0) {
        throw new AppError("future_date", errorMessages.futureDate);
      }
      await requireCategory(user, input.categoryId);
      const body: GoogleAnnotationInput = {
        title: input.title,
        ...(input.description ? { description: input.description } : {}),
        color: input.color ?? defaultAnnotationColor,
        ...target,
      };
      return createOnce(
        user,
        propertyId,
        body,
        { categoryId: input.categoryId ?? null, source },
        input.requestId,
      );
    },

    /** `source` is where the edit was asked for, recorded with the change. */
    async update(
      user: User,
      propertyId: string,
      annotationId: string,
      request: UpdateAnnotationRequest,
      source: AnnotationSource | null = null,
      options: BatchOptions = {},
    ): Promise<AnnotationWrite> {
      const input = parseInput(updateAnnotationRequest, request);
      requirePremiumFeature(user, "edit");
      return updateChecked(user, propertyId, annotationId, input, { source, ...options });
    },

    async remove(
      user: User,
      propertyId: string,
      annotationId: string,
      source: AnnotationSource | null = null,
      options: BatchOptions = {},
    ): Promise<{ changeId: string | null }> {
      requirePremiumFeature(user, "delete");
      await properties.requireAllowed(user, propertyId);
      return removeOnce(user, propertyId, annotationId, { source, ...options });
    },

    /**
     * One annotation on several of the person's saved properties (decision 0058): each property's
     * copy is made by `create` above, the one path, so each counts against the day's allowance
     * and a property over it is refused on its own while the others land. Each copy's request id
     * comes from the request's and the property, so the same request again makes nothing twice.
     * The copies made are linked as a set. Answers every property's outcome, in the order asked.
     */
    async createOnProperties(
      user: User,
      request: CreateOnPropertiesRequest,
      source: AnnotationSource | null = null,
    ): Promise<PropertyOutcome[]> {
      const input = parseInput(createOnPropertiesRequest, request);
      const requestId = input.annotation.requestId ?? crypto.randomUUID();
      const outcomes: PropertyOutcome[] = [];
      const made: { propertyId: string; annotationId: string }[] = [];
      // One after another: the allowance is taken in the order the properties were chosen.
      for (const propertyId of input.propertyIds) {
        const propertyName = await nameOf(user, propertyId);
        try {
          const created = await service.create(
            user,
            propertyId,
            { ...input.annotation, requestId: copyRequestIdOf(requestId, propertyId) },
            source,
          );
          made.push({ propertyId, annotationId: created.annotationId });
          outcomes.push({
            status: "done",
            propertyId,
            propertyName,
            annotation: created,
            changeId: created.changeId,
          });
        } catch (error) {
          outcomes.push(failedOutcome(error, propertyId, propertyName));
        }
      }
      await sets.link(made);
      return outcomes;
    },

    /**
     * The annotation's copies on the person's saved properties (the ones they may work on), by
     * name. A copy on a property they have not saved is someone else's to change.
     */
    async copies(user: User, propertyId: string, annotationId: string): Promise<AnnotationCopy[]> {
      await properties.requireAllowed(user, propertyId);
      return copiesFor(user, propertyId, annotationId);
    },

    /**
     * An edit of the annotation and of each of its copies, each through `update` (the same checks
     * as one edit), answered per property: this one first.
     */
    async updateWithCopies(
      user: User,
      propertyId: string,
      annotationId: string,
      request: UpdateAnnotationRequest,
      source: AnnotationSource | null = null,
    ): Promise<PropertyOutcome[]> {
      const input = parseInput(updateAnnotationRequest, request);
      requirePremiumFeature(user, "edit");
      const targets = await setTargets(user, propertyId, annotationId);
      const outcomes: PropertyOutcome[] = [];
      for (const target of targets) {
        try {
          const updated = await service.update(
            user,
            target.propertyId,
            target.annotationId,
            input,
            source,
          );
          outcomes.push({
            status: "done",
            ...nameOfTarget(target),
            annotation: updated,
            changeId: updated.changeId,
          });
        } catch (error) {
          outcomes.push(failedOutcome(error, target.propertyId, target.propertyName));
          await leaveIfGone(error, target);
        }
      }
      return outcomes;
    },

    /** A delete of the annotation and of each of its copies, answered per property. */
    async removeWithCopies(
      user: User,
      propertyId: string,
      annotationId: string,
      source: AnnotationSource | null = null,
    ): Promise<PropertyOutcome[]> {
      requirePremiumFeature(user, "delete");
      const targets = await setTargets(user, propertyId, annotationId);
      const outcomes: PropertyOutcome[] = [];
      for (const target of targets) {
        try {
          const { changeId } = await service.remove(
            user,
            target.propertyId,
            target.annotationId,
            source,
          );
          outcomes.push({ status: "done", ...nameOfTarget(target), changeId });
        } catch (error) {
          outcomes.push(failedOutcome(error, target.propertyId, target.propertyName));
          await leaveIfGone(error, target);
        }
      }
      return outcomes;
    },

    /** The change `undo` with no id would revert, for a caller that asks before it undoes. */
    async lastUndoable(user: User, propertyId: string) {
      await properties.requireAllowed(user, propertyId);
      const change = await records.lastUndoable(user.id, propertyId);
      return change ? toChange(change) : null;
    },

    /** This person's changes to an annotation, newest first (see the records' `history`). */
    async history(user: User, propertyId: string, annotationId: string) {
      await properties.requireAllowed(user, propertyId);
      const rows = await records.history({ userId: user.id, propertyId, annotationId });
      return rows.map(toChange);
    },

    /**
     * Reverts one of the person's changes on a property (`changeId`), or their last one (null):
     * an update's fields are put back, a create is deleted (only with `confirm`: the caller asks
     * first), a deletion is made again, as a create (its quota counts). Refused, with nothing
     * written, when the annotation is no longer as the change left it. Each change is undone at
     * most once; the same `requestId` again gets the first undo's answer. An undo is a change of
     * its own, so undoing it redoes the original. No Premium check: undoing your own change is
     * not editing or deleting, within the plan's undo window. Decision 0039.
     */
    async undo(
      user: User,
      propertyId: string,
      changeId: string | null,
      request: UndoChangeRequest,
      source: AnnotationSource | null = null,
    ): Promise<UndoChangeResponse> {
      const input = parseInput(undoChangeRequest, request ?? {});
      await properties.requireAllowed(user, propertyId);
      const change = changeId
        ? await records.findChange(user.id, propertyId, changeId)
        : await records.lastUndoable(user.id, propertyId);
      if (!change)
        throw new AppError(
          "change_not_found",
          changeId ? errorMessages.changeNotFound : errorMessages.nothingToUndo,
        );
      const earlier = await records.undoOf(change.id);
      if (earlier) return answerUndone(user, earlier, input);
      requireUndoWindow(user, change);
      const context: ChangeContext = { source, undoes: change.id, requestId: input.requestId };
      const key = { userId: user.id, propertyId, annotationId: change.annotationId };

      let undoId: string | null;
      if (change.eventType === "deleted") {
        const before = requireFields(change.before);
        // Its request id is the deletion's own, so a second undo of it never makes a second copy.
        const restoreId = restoreRequestIdOf(change.id);
        const inFlight = async () => {
          const request = await createRequests.find(restoreId);
          return (
            request?.state === "pending" &&
            now().getTime() - request.createdAt.getTime() < unconfirmedCreateWindowMs
          );
        };
        // Another undo of it is at Google now (a double click): its answer is the one.
        if (await inFlight()) throw new AppError("already_undone", errorMessages.undoInProgress);
        let restored: AnnotationWrite;
        try {
          // Made again as it was: its source and the day it was added come from the deletion's
          // record, and it takes no slot of the day's quota (it gives back what the person had;
          // the request id allows one restore per deletion). Decision 0060.
          const record = deletedRecordOf(change.before);
          restored = await createOnce(
            user,
            propertyId,
            googleInputOf(before),
            {
              categoryId: await restorableCategory(user, before.categoryId),
              source: record ? record.source : source,
              restores: change.id,
              ...(record ? { addedAt: record.addedAt } : {}),
            },
            restoreId,
          );
        } catch (error) {
          if (
            error instanceof AppError &&
            error.code === "google_unconfirmed" &&
            (await inFlight())
          )
            throw new AppError("already_undone", errorMessages.undoInProgress);
          throw error;
        }
        await records.markRestore(
          { ...key, annotationId: restored.annotationId },
          change.id,
          input.requestId,
        );
        await sets.rejoin(
          { propertyId, annotationId: restored.annotationId },
          deletedRecordOf(change.before)?.copies ?? [],
        );
        undoId = (await records.undoOf(change.id))?.id ?? null;
      } else {
        const after = requireFields(change.after);
        const current = await readAnnotation(user, key);
        if (change.eventType === "created") {
          await requireCreateUndoable(user, propertyId, change);
          if (!sameFields(current.fields, after)) throw undoConflict();
          if (!input.confirm)
            throw new AppError(
              "confirmation_required",
              `Undoing this deletes “${after.title}” from Google Analytics. Confirm to go on.`,
            );
          undoId = (
            await removeOnce(user, propertyId, change.annotationId, context, current.fields)
          ).changeId;
        } else {
          const before = requireFields(change.before);
          // Already as it was before: an earlier undo whose answer was lost reached Google.
          if (!sameFields(current.fields, after) && !sameFields(current.fields, before))
            throw undoConflict();
          const category =
            current.fields.categoryId !== before.categoryId
              ? { categoryId: await restorableCategory(user, before.categoryId) }
              : {};
          undoId = (
            await updateChecked(
              user,
              propertyId,
              change.annotationId,
              { ...changesBetween(current.fields, before), ...category },
              { ...context, before: after },
            )
          ).changeId;
        }
      }
      if (!undoId) {
        // Another undo of the same change was recorded first.
        const other = await records.undoOf(change.id);
        if (other) return answerUndone(user, other, input);
        throw new AppError("already_undone", errorMessages.alreadyUndone);
      }
      const made = (await records.findChange(user.id, propertyId, undoId))!;
      return { change: toChange(made), annotation: await currentAnnotation(user, made) };
    },
  };
  return service;

  /**
   * Every create, from the table, the assistant or an undo: exactly once by its request id
   * (decision 0020), counted against the day's quota — except the restore of a recorded deletion
   * (`extras.restores`, its request id derived from that deletion), which takes no slot (0060).
   */
  async function createOnce(
    user: User,
    propertyId: string,
    body: GoogleAnnotationInput,
    extras: CreateRequestExtras,
    givenRequestId: string | undefined,
  ): Promise<AnnotationWrite> {
    {
      const requestId = givenRequestId ?? crypto.randomUUID();

      // The same request again (a retry after a lost answer): never a second create.
      const earlier = givenRequestId ? await createRequests.find(givenRequestId) : null;
      if (earlier) return repeated(user, propertyId, earlier);

      const day = startOfUtcDay(now());
      const takesQuota = extras.restores === undefined;
      if (takesQuota && !(await quota.take(user.id, day)))
        throw new AppError("daily_limit", errorMessages.dailyLimit);
      if (
        !(await createRequests.open({
          id: requestId,
          userId: user.id,
          propertyId,
          body: body as Record<string, unknown>,
          extras,
          quotaDay: day,
        }))
      ) {
        // Another request with this id got in first (a double submit).
        if (takesQuota) await quota.giveBack(user.id, day);
        const first = await createRequests.find(requestId);
        if (!first) throw new AppError("google_unconfirmed", errorMessages.createUnconfirmed);
        return repeated(user, propertyId, first);
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
                found = (await admin.listAnnotations(token, propertyId)).annotations;
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
          const failure = error instanceof OutcomeUnknown ? error.failure : error;
          await createRequests.markUnconfirmed(opened.id, settleAfterOf(failure, now()));
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
        await giveUp(opened);
        throw error;
      }
      return claim(user, opened, created);
    }
  }

  /**
   * An edit, after the plan's check (an undo skips it). The annotation is read first, so the
   * change records what it held before (`context.before` says otherwise for an undo).
   */
  async function updateChecked(
    user: User,
    propertyId: string,
    annotationId: string,
    input: FieldChanges & { categoryId?: string | null },
    context: ChangeContext & { before?: AnnotationFields },
  ): Promise<AnnotationWrite> {
    await properties.requireAllowed(user, propertyId);
    await requireCategory(user, input.categoryId);
    const key = { userId: user.id, propertyId, annotationId };
    const current = await readAnnotation(user, key);
    requireNotSystemGenerated(current.google);
    const changes: GoogleAnnotationInput = {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.color !== undefined ? { color: input.color } : {}),
      ...(input.annotationDate !== undefined || input.annotationDateRange !== undefined
        ? targetOf(input)
        : {}),
    };
    // A category-only change touches nothing in Google.
    const updated =
      Object.keys(changes).length > 0
        ? await patchAnnotation(user, propertyId, annotationId, changes)
        : current.google;
    const { extras, changeId } = await records.recordUpdate(key, input.categoryId, {
      ...context,
      before: context.before ?? current.fields,
      after: googleFieldsOf(toAnnotation(updated, annotationId, noExtras)),
    });
    return { ...toAnnotation(updated, annotationIdOf(updated), extras), changeId };
  }

  /**
   * A delete, after the plan's check (an undo skips it). What the annotation held is read first
   * (unless the caller just read it), so the deletion can be undone by making it again.
   */
  async function removeOnce(
    user: User,
    propertyId: string,
    annotationId: string,
    context: ChangeContext,
    known?: AnnotationFields,
  ): Promise<{ changeId: string | null }> {
    const key = { userId: user.id, propertyId, annotationId };
    let before = known ?? null;
    if (!known) {
      try {
        before = (await readAnnotation(user, key)).fields;
      } catch (error) {
        // Gone already: the delete below decides whether that is a success (a retry).
        if (!(error instanceof AppError && error.code === "annotation_not_found")) throw error;
      }
    }
    const lost: GoogleApiError[] = [];
    let alreadyGone = false;
    try {
      await gateway.call(
        user,
        "annotation",
        async (admin, token) => {
          try {
            await admin.deleteAnnotation(token, propertyId, annotationId);
          } catch (error) {
            if (!(error instanceof GoogleApiError)) throw error;
            if (error.outcomeUnknown) lost.push(error);
            if (error.status !== 404) throw error;
            // After a lost answer, "not found" means an earlier attempt did delete it; a
            // person's own retry of a delete that did happen (it is in our records) succeeds too.
            if (
              lost.length > 0 ||
              (await records.changedBefore(user.id, propertyId, annotationId))
            ) {
              alreadyGone = true;
              return;
            }
            throw error;
          }
        },
        { requiresWrite: true, retry: true },
      );
    } catch (error) {
      if (lost.length === 0 || !mayHideOutcome(error)) throw error;
      // An attempt's answer was lost and the last one failed: what Google holds now decides.
      const held = await readBack(user, propertyId, annotationId);
      if (held.state !== "gone") {
        deps.logger?.warn(
          { annotationId, google: lost.at(-1)!.logFields, stillThere: held.state === "held" },
          "annotation delete unconfirmed: Google's answer was lost",
        );
        throw new AppError(
          "google_unconfirmed",
          held.state === "held" ? errorMessages.deleteUnconfirmed : errorMessages.deleteUnverified,
        );
      }
      alreadyGone = true;
    }
    if (alreadyGone && (await records.knownToAnyone(propertyId, [annotationId])).size === 0) {
      // Recorded as deleted already.
      await sets.leave({ propertyId, annotationId });
      return { changeId: null };
    }
    // Its copies are kept with the deletion, so undoing it puts it back in their set.
    const copies = await sets.copiesOf({ propertyId, annotationId });
    const changeId = await records.recordDelete(key, { ...context, before, copies });
    await sets.leave({ propertyId, annotationId });
    return { changeId };
  }

  /** A saved property's display name (its number when it has none). */
  async function nameOf(user: User, propertyId: string): Promise<string> {
    try {
      return (await properties.requireAllowed(user, propertyId)).name || `property ${propertyId}`;
    } catch (error) {
      if (error instanceof AppError) return `property ${propertyId}`;
      throw error;
    }
  }

  /** The annotation's copies on properties this person may work on; the others are skipped. */
  async function copiesFor(
    user: User,
    propertyId: string,
    annotationId: string,
  ): Promise<AnnotationCopy[]> {
    const members = await sets.copiesOf({ propertyId, annotationId });
    const copies: AnnotationCopy[] = [];
    for (const member of members) {
      try {
        const saved = await properties.requireAllowed(user, member.propertyId);
        copies.push({ ...member, propertyName: saved.name || `property ${member.propertyId}` });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    return copies;
  }

  /** The annotation (first) and its copies, each with its property's name. */
  async function setTargets(
    user: User,
    propertyId: string,
    annotationId: string,
  ): Promise<AnnotationCopy[]> {
    const saved = await properties.requireAllowed(user, propertyId);
    return [
      { propertyId, annotationId, propertyName: saved.name || `property ${propertyId}` },
      ...(await copiesFor(user, propertyId, annotationId)),
    ];
  }

  /** A copy Google no longer holds leaves its set, as a listing would have it leave. */
  async function leaveIfGone(error: unknown, target: AnnotationCopy): Promise<void> {
    if (error instanceof AppError && error.code === "annotation_not_found")
      await sets.leave(target);
  }

  /** The annotation as Google holds it now, with this person's category. */
  async function readAnnotation(
    user: User,
    key: AnnotationKey,
  ): Promise<{ google: GoogleAnnotation; annotation: Annotation; fields: AnnotationFields }> {
    const google = await gateway.call(
      user,
      "annotation",
      (admin, token) => admin.getAnnotation(token, key.propertyId, key.annotationId),
      { retry: true },
    );
    const extras = await records.extrasFor(user.id, key.propertyId, [key.annotationId]);
    const annotation = toAnnotation(google, key.annotationId, extras.get(key.annotationId)!);
    return { google, annotation, fields: fieldsOf(annotation) };
  }

  /** The free plan undoes only recent changes (`undoWindowMinutes`). */
  /**
   * Undoing a create deletes the annotation. A plan without deletions may still take back its
   * own create while it is the person's latest change (within the undo window): that reverses
   * Tidemark's own write, not an annotation they kept. Anything older is a deletion. Decision 0059.
   */
  async function requireCreateUndoable(
    user: User,
    propertyId: string,
    change: ChangeRow,
  ): Promise<void> {
    if (capabilitiesOf(user.subscriptionTier).canDeleteAnnotations) return;
    const latest = await records.lastUndoable(user.id, propertyId);
    if (latest?.id !== change.id)
      throw new AppError("premium_required", premiumFeatureMessages.undoCreate);
  }

  function requireUndoWindow(user: User, change: ChangeRow): void {
    const window = capabilitiesOf(user.subscriptionTier).undoWindowMinutes;
    if (window !== null && now().getTime() - change.createdAt.getTime() > window * 60_000)
      throw new AppError("premium_required", premiumFeatureMessages.undo);
  }

  /** A category still usable (not deleted since, the plan allows it) is put back; else none. */
  async function restorableCategory(user: User, categoryId: string | null): Promise<string | null> {
    if (categoryId === null) return null;
    try {
      await categories.requireUsable(user, categoryId);
      return categoryId;
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }

  /**
   * A change undone before: the same undo request again gets the first answer (a retry after a
   * lost answer); anything else is told it is undone already.
   */
  async function answerUndone(
    user: User,
    undo: ChangeRow,
    input: UndoChangeRequest,
  ): Promise<UndoChangeResponse> {
    if (input.requestId === undefined || undo.requestId !== input.requestId)
      throw new AppError("already_undone", errorMessages.alreadyUndone);
    return { change: toChange(undo), annotation: await currentAnnotation(user, undo) };
  }

  /** The annotation a change left, as Google holds it now; null when it is gone. */
  async function currentAnnotation(user: User, change: ChangeRow): Promise<Annotation | null> {
    if (change.eventType === "deleted") return null;
    try {
      const key = {
        userId: user.id,
        propertyId: change.propertyId,
        annotationId: change.annotationId,
      };
      return (await readAnnotation(user, key)).annotation;
    } catch (error) {
      if (error instanceof AppError && error.code === "annotation_not_found") return null;
      throw error;
    }
  }

  /**
   * One PATCH, retried as any (the same PATCH twice has the same effect). When an attempt's answer
   * was lost (no answer, or a 5xx) and the last attempt failed too, the change may be in Google
   * all the same: it is read back, and the person is told what Google holds — the change, or that
   * it is not there now ('unconfirmed'), never a plain failure for a change that was made.
   */
  async function patchAnnotation(
    user: User,
    propertyId: string,
    annotationId: string,
    changes: GoogleAnnotationInput,
  ): Promise<GoogleAnnotation> {
    const lost: GoogleApiError[] = [];
    try {
      return await gateway.call(
        user,
        "annotation",
        async (admin, token) => {
          try {
            return await admin.updateAnnotation(token, propertyId, annotationId, changes);
          } catch (error) {
            if (error instanceof GoogleApiError && error.outcomeUnknown) lost.push(error);
            throw error;
          }
        },
        { requiresWrite: true, retry: true },
      );
    } catch (error) {
      if (lost.length === 0 || !mayHideOutcome(error)) throw error;
      const held = await readBack(user, propertyId, annotationId);
      if (held.state === "held" && holdsChanges(held.annotation, changes)) return held.annotation;
      if (held.state === "gone")
        throw new AppError("annotation_not_found", errorMessages.annotationGone);
      deps.logger?.warn(
        {
          annotationId,
          google: lost.at(-1)!.logFields,
          ...(held.state === "unknown" ? { readFailure: describeFailure(held.failure) } : {}),
        },
        "annotation edit unconfirmed: Google's answer was lost",
      );
      throw new AppError(
        "google_unconfirmed",
        held.state === "held" ? errorMessages.editUnconfirmed : errorMessages.editUnverified,
      );
    }
  }
}

export type AnnotationsService = ReturnType<typeof createAnnotationsService>;

/** One property's refusal, in the words a single write's error would use. */
function failedOutcome(error: unknown, propertyId: string, propertyName: string): PropertyOutcome {
  if (!(error instanceof AppError)) throw error;
  return { status: "failed", propertyId, propertyName, code: error.code, message: error.message };
}

function nameOfTarget(target: AnnotationCopy): { propertyId: string; propertyName: string } {
  return { propertyId: target.propertyId, propertyName: target.propertyName };
}

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

/**
 * When the last attempt of a write failed as Google being unavailable or busy, an earlier attempt
 * whose answer was lost may still have taken effect. Any other failure is Google's answer about
 * the request itself (not found, no access, refused), which stands.
 */
function mayHideOutcome(error: unknown): boolean {
  return (
    error instanceof AppError &&
    (error.code === "google_unavailable" || error.code === "google_busy")
  );
}

/**
 * From when a listing that does not show an unconfirmed create proves it never landed: once its
 * last attempt ended, or, when we stopped waiting while Google may still have been working on it,
 * once Google would have finished; with room for instances' clocks to disagree.
 */
function settleAfterOf(failure: GoogleApiError, endedAt: Date): Date {
  const grace = failure.connection?.timedOut ? timedOutWriteGraceMs : 0;
  return new Date(endedAt.getTime() + grace + clockSkewMarginMs);
}

/** Whether Google holds every field an edit asked for (the edit took effect). */
function holdsChanges(annotation: GoogleAnnotation, changes: GoogleAnnotationInput): boolean {
  if (changes.title !== undefined && annotation.title !== changes.title) return false;
  if (changes.description !== undefined && (annotation.description ?? "") !== changes.description)
    return false;
  if (changes.color !== undefined && annotation.color !== changes.color) return false;
  if (
    changes.annotationDate !== undefined &&
    (annotation.annotationDateRange !== undefined ||
      !sameDay(annotation.annotationDate, changes.annotationDate))
  )
    return false;
  const range = changes.annotationDateRange;
  if (
    range !== undefined &&
    (annotation.annotationDateRange === undefined ||
      !sameDay(annotation.annotationDateRange.startDate, range.startDate) ||
      !sameDay(annotation.annotationDateRange.endDate, range.endDate))
  )
    return false;
  return true;
}

/** Tidemark's fields of an annotation being read for its Google fields alone. */
const noExtras: AnnotationExtras = { categoryId: null, source: null, dateAdded: null };

function requireFields(fields: AnnotationFields | null): AnnotationFields {
  if (!fields) throw new AppError("not_undoable", errorMessages.notUndoable);
  return fields;
}

function undoConflict(): AppError {
  return new AppError("undo_conflict", errorMessages.undoConflict);
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
  extras: AnnotationExtras,
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
    systemGenerated: annotation.systemGenerated === true,
    ...extras,
  };
}
