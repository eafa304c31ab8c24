import type { User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import { defaultAnnotationColor } from "../../../shared/annotation-colors.js";
import { compareDates, latestTodayAnywhere } from "../../../shared/calendar-date.js";
import {
  createAnnotationRequest,
  updateAnnotationRequest,
  type Annotation,
  type AnnotationSource,
  type CreateAnnotationRequest,
  type UpdateAnnotationRequest,
} from "../../../shared/contracts/annotations.js";
import { errorMessages } from "../../../shared/contracts/errors.js";
import { parseInput } from "../../parse-input.js";
import { propertyToday } from "../../../shared/property-time-zone.js";
import type { GoogleAnnotationInput } from "../../integrations/google/analytics-admin.js";
import { createAnnotationCopies } from "./annotation-copies.js";
import { createAnnotationCreates } from "./annotation-creates.js";
import {
  contextOf,
  type AnnotationsDeps,
  type AnnotationWrite,
  type BatchOptions,
  type CreateOptions,
} from "./annotation-deps.js";
import { createAnnotationEdits } from "./annotation-edits.js";
import { annotationIdOf, targetOf } from "./annotation-google.js";
import { createAnnotationReads } from "./annotation-reads.js";
import { requirePremiumFeature } from "./annotation-rules.js";
import { createAnnotationUndo } from "./annotation-undo.js";
import { createCreateClaims } from "./create-claims.js";

export type { AnnotationWrite, BatchOptions, CreateOptions } from "./annotation-deps.js";
export { requireNotSystemGenerated, requirePremiumFeature } from "./annotation-rules.js";
export {
  clockSkewMarginMs,
  createSettledWithinMs,
  timedOutWriteGraceMs,
  unconfirmedCreateWindowMs,
} from "./create-claims.js";

/**
 * A range may run on past today (a sale that ends next week); it may not start after it. Today is
 * the property's (GA4 dates its days in the property's zone), the same day the date picker stops
 * at; while that zone is unknown, only days in the future everywhere are refused.
 */
function requireNotFuture(
  target: ReturnType<typeof targetOf>,
  timeZone: string | null,
  now: () => Date,
): void {
  const start = target.annotationDate ?? target.annotationDateRange!.startDate;
  const latest = timeZone ? propertyToday(now(), timeZone) : latestTodayAnywhere(now());
  if (compareDates(start, latest) > 0) {
    throw new AppError("future_date", errorMessages.futureDate);
  }
}

/**
 * Annotations live in Google Analytics; this service is the only path to them, for the REST
 * routes and the assistant alike, so every rule below applies to both. This file holds the
 * single-annotation operations; exactly-once creates (create-claims, annotation-creates), edits
 * and deletions (annotation-edits), copies across properties and undo each have their own file.
 */
export function createAnnotationsService(deps: AnnotationsDeps) {
  const context = contextOf(deps);
  const { now, properties, sets } = context;
  const reads = createAnnotationReads(context);
  const claims = createCreateClaims(context);
  const creates = createAnnotationCreates(context, claims, reads);
  const edits = createAnnotationEdits(context, reads);
  const { settleUnconfirmed } = claims;
  const { createOnce } = creates;
  const { listAnnotations, requireCategory, toAnnotations } = reads;
  const { updateChecked, removeOnce, settlePendingDeletes } = edits;

  const single = {
    /** Newest first, as the table shows them. */
    async list(user: User, propertyId: string): Promise<Annotation[]> {
      await properties.requireAllowed(user, propertyId);
      // Taken before the listing: only creates that ended before it began can be proved missing.
      const listedFrom = now();
      const listing = await listAnnotations(user, propertyId);
      await settleUnconfirmed(user, propertyId, listing, listedFrom);
      await settlePendingDeletes(user, propertyId, listing, listedFrom);
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
      options: CreateOptions = {},
    ): Promise<AnnotationWrite> {
      const input = parseInput(createAnnotationRequest, request);
      const saved = await properties.requireAllowed(user, propertyId);
      const target = targetOf(input);
      requireNotFuture(target, saved.timeZone, now);
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
        options,
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
  };
  return {
    ...single,
    ...createAnnotationCopies(context, single),
    ...createAnnotationUndo(context, { claims, creates, reads, edits }),
  };
}

export type AnnotationsService = ReturnType<typeof createAnnotationsService>;
