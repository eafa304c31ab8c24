/**
 * Deletions as Google holds them: a deletion is recorded (pending) before it is sent, so it can
 * always be undone, and a lost answer is settled by what Google holds or by a later listing.
 */
import { errorMessages } from "../../../shared/contracts/errors.js";
import type { AnnotationFields } from "../../../shared/contracts/annotation-history.js";
import { AppError } from "../../app-error.js";
import type { User } from "../../db/schema/index.js";
import type { AnnotationListing } from "../../integrations/google/analytics-admin.js";
import { GoogleApiError } from "../../integrations/google/google-api-error.js";
import type { AnnotationsContext } from "./annotation-deps.js";
import { annotationIdOf, mayHideOutcome } from "./annotation-google.js";
import type { AnnotationReads } from "./annotation-reads.js";
import { deletedRecordOf, type ChangeContext } from "./annotation-records-repository.js";
import { unconfirmedCreateWindowMs } from "./create-claims.js";

export interface DeleteParts {
  context: AnnotationsContext;
  reads: Pick<AnnotationReads, "readAnnotation" | "readBack">;
}

/**
 * Sends the DELETE; true when the annotation turns out to be gone already (an earlier attempt or
 * request deleted it), false when this one deleted it. Throws when nothing was deleted, or when
 * what Google holds now cannot tell.
 */
async function sendDelete(
  parts: DeleteParts,
  user: User,
  key: { userId: string; propertyId: string; annotationId: string },
  pending: { earlier: { id: string } | null; pendingId: string | null },
): Promise<boolean> {
  const { gateway, records, logger } = parts.context;
  const { propertyId, annotationId } = key;
  const { earlier, pendingId } = pending;
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
    const held = await parts.reads.readBack(user, propertyId, annotationId);
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
  return alreadyGone;
}

/** The edits' `removeOnce`, described there. */
export async function removeOnce(
  parts: DeleteParts,
  user: User,
  propertyId: string,
  annotationId: string,
  context: ChangeContext,
  known?: AnnotationFields,
): Promise<{ changeId: string | null }> {
  const { records, sets } = parts.context;
  const key = { userId: user.id, propertyId, annotationId };
  let before = known ?? null;
  if (!known) {
    try {
      before = (await parts.reads.readAnnotation(user, key)).fields;
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
  const alreadyGone = await sendDelete(parts, user, key, { earlier, pendingId });
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
export async function settlePendingDeletes(
  context: Pick<AnnotationsContext, "records" | "sets">,
  user: User,
  propertyId: string,
  listing: AnnotationListing,
  listedFrom: Date,
): Promise<void> {
  const { records, sets } = context;
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
