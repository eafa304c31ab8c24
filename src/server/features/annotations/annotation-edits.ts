/**
 * Edits and deletions as Google holds them: each answers what Google holds when its answer was
 * lost, and a deletion (annotation-deletes.ts) is recorded (pending) before it is sent, so it can
 * always be undone.
 */
import { errorMessages } from "../../../shared/contracts/errors.js";
import type { AnnotationFields } from "../../../shared/contracts/annotation-history.js";
import { AppError } from "../../app-error.js";
import type { User } from "../../db/schema/index.js";
import type {
  AnnotationListing,
  GoogleAnnotation,
  GoogleAnnotationInput,
} from "../../integrations/google/analytics-admin.js";
import { GoogleApiError } from "../../integrations/google/google-api-error.js";
import { googleFieldsOf, type FieldChanges } from "./annotation-changes.js";
import type { AnnotationsContext, AnnotationWrite } from "./annotation-deps.js";
import { removeOnce, settlePendingDeletes, type DeleteParts } from "./annotation-deletes.js";
import {
  annotationIdOf,
  describeFailure,
  holdsChanges,
  mayHideOutcome,
  noExtras,
  targetOf,
  toAnnotation,
} from "./annotation-google.js";
import type { AnnotationReads } from "./annotation-reads.js";
import type { ChangeContext } from "./annotation-records-repository.js";
import { requireNotSystemGenerated } from "./annotation-rules.js";

export function createAnnotationEdits(deps: AnnotationsContext, reads: AnnotationReads) {
  const { properties, records } = deps;
  const { readAnnotation, requireCategory } = reads;
  const parts: DeleteParts = { context: deps, reads };

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
        ? await patchAnnotation(deps, reads, user, propertyId, annotationId, changes)
        : current.google;
    const { extras, changeId } = await records.recordUpdate(key, input.categoryId, {
      ...context,
      before: context.before ?? current.fields,
      after: googleFieldsOf(toAnnotation(updated, annotationId, noExtras)),
    });
    return { ...toAnnotation(updated, annotationIdOf(updated), extras), changeId };
  }

  return {
    updateChecked,
    /**
     * A delete, after the plan's check (an undo skips it). What the annotation held is read first
     * (unless the caller just read it), so the deletion can be undone by making it again.
     */
    removeOnce: (
      user: User,
      propertyId: string,
      annotationId: string,
      context: ChangeContext,
      known?: AnnotationFields,
    ): Promise<{ changeId: string | null }> =>
      removeOnce(parts, user, propertyId, annotationId, context, known),
    settlePendingDeletes: (
      user: User,
      propertyId: string,
      listing: AnnotationListing,
      listedFrom: Date,
    ): Promise<void> => settlePendingDeletes(deps, user, propertyId, listing, listedFrom),
  };
}

/**
 * One PATCH, retried as any (the same PATCH twice has the same effect). When an attempt's answer
 * was lost (no answer, or a 5xx) and the last attempt failed too, the change may be in Google
 * all the same: it is read back, and the person is told what Google holds — the change, or that
 * it is not there now ('unconfirmed'), never a plain failure for a change that was made.
 */
async function patchAnnotation(
  context: AnnotationsContext,
  reads: Pick<AnnotationReads, "readBack">,
  user: User,
  propertyId: string,
  annotationId: string,
  changes: GoogleAnnotationInput,
): Promise<GoogleAnnotation> {
  const { gateway, logger } = context;
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
    const held = await reads.readBack(user, propertyId, annotationId);
    if (held.state === "held" && holdsChanges(held.annotation, changes)) return held.annotation;
    if (held.state === "gone")
      throw new AppError("annotation_not_found", errorMessages.annotationGone);
    logger?.warn(
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

export type AnnotationEdits = ReturnType<typeof createAnnotationEdits>;
