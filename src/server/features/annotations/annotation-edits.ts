/**
 * Edits and deletions as Google holds them: each answers what Google holds when its answer was
 * lost, and a deletion is recorded (pending) before it is sent, so it can always be undone.
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
import { deletedRecordOf, type ChangeContext } from "./annotation-records-repository.js";
import { requireNotSystemGenerated } from "./annotation-rules.js";
import { unconfirmedCreateWindowMs } from "./create-claims.js";

export function createAnnotationEdits(context: AnnotationsContext, reads: AnnotationReads) {
  const { gateway, properties, records, sets, logger } = context;
  const { readAnnotation, readBack, requireCategory } = reads;

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
    // Its copies are kept with the deletion, so undoing it puts it back in their set.
    const copies = await sets.copiesOf({ propertyId, annotationId });
    // The deletion is recorded, pending, before the DELETE is sent: whatever becomes of it (a
    // lost answer, a crash), what the annotation held stays with Tidemark until Google is known
    // to have deleted it (then it is an ordinary deletion, undoable) or not (then it goes).
    const earlier = await records.pendingDeleteOf(key);
    const pendingId = before
      ? await records.openDelete(key, { ...context, before, copies })
      : (earlier?.id ?? null);
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
            // person's own retry of a delete that did happen (it is in our records, or still
            // pending from an attempt whose outcome was never known) succeeds too.
            if (
              lost.length > 0 ||
              earlier !== null ||
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
      if (lost.length === 0 || !mayHideOutcome(error)) {
        // Google's answer about the request itself, every attempt answered: nothing was deleted.
        if (lost.length === 0 && pendingId !== null) await records.dropPendingDelete(pendingId);
        throw error;
      }
      // An attempt's answer was lost and the last one failed: what Google holds now decides.
      const held = await readBack(user, propertyId, annotationId);
      if (held.state !== "gone") {
        logger?.warn(
          { annotationId, google: lost.at(-1)!.logFields, stillThere: held.state === "held" },
          "annotation delete unconfirmed: Google's answer was lost",
        );
        // Still there: it was not deleted. Not known: the pending deletion keeps its content
        // until a listing or a retry finds out.
        if (held.state === "held" && pendingId !== null) await records.dropPendingDelete(pendingId);
        throw new AppError(
          "google_unconfirmed",
          held.state === "held" ? errorMessages.deleteUnconfirmed : errorMessages.deleteUnverified,
        );
      }
      alreadyGone = true;
    }
    if (
      alreadyGone &&
      pendingId === null &&
      (await records.knownToAnyone(propertyId, [annotationId])).size === 0
    ) {
      // Recorded as deleted already.
      await sets.leave({ propertyId, annotationId });
      return { changeId: null };
    }
    const changeId = await records.recordDelete(
      key,
      { ...context, before: before ?? earlier?.before ?? null, copies },
      pendingId,
    );
    await sets.leave({ propertyId, annotationId });
    return { changeId };
  }

  /**
   * Settles this person's pending deletions on a property from a fresh listing: one it does not
   * show is deleted (recorded as such, so it can be undone); one it still shows long after its
   * DELETE was sent was never deleted. Absence in a listing of several pages proves nothing
   * (an annotation can move to a page already read), so those wait.
   */
  async function settlePendingDeletes(
    user: User,
    propertyId: string,
    listing: AnnotationListing,
    listedFrom: Date,
  ): Promise<void> {
    if (!(await records.hasPendingDeletes(user.id, propertyId))) return;
    const listed = new Set(listing.annotations.map(annotationIdOf));
    for (const pending of await records.pendingDeletes(user.id, propertyId)) {
      const key = { userId: user.id, propertyId, annotationId: pending.annotationId };
      if (!listed.has(pending.annotationId)) {
        if (listing.pages !== 1) continue;
        await records.recordDelete(
          key,
          {
            source: pending.source,
            before: pending.before,
            copies: deletedRecordOf(pending.before)?.copies ?? [],
          },
          pending.id,
        );
        await sets.leave({ propertyId, annotationId: pending.annotationId });
      } else if (listedFrom.getTime() - pending.createdAt.getTime() > unconfirmedCreateWindowMs) {
        await records.dropPendingDelete(pending.id);
      }
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

  return { updateChecked, removeOnce, settlePendingDeletes };
}

export type AnnotationEdits = ReturnType<typeof createAnnotationEdits>;
