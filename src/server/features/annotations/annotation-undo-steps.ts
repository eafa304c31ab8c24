import type {
  AnnotationFields,
  UndoChangeRequest,
  UndoChangeResponse,
} from "../../../shared/contracts/annotation-history.js";
import type { Annotation, AnnotationSource } from "../../../shared/contracts/annotations.js";
import { errorMessages } from "../../../shared/contracts/errors.js";
import { capabilitiesOf, premiumFeatureMessages } from "../../../shared/plans.js";
import { AppError, isAppError } from "../../app-error.js";
import type { User } from "../../db/schema/index.js";
import {
  changesBetween,
  googleInputOf,
  restoreRequestIdOf,
  sameFields,
  toChange,
} from "./annotation-changes.js";
import type { AnnotationsContext, AnnotationWrite } from "./annotation-deps.js";
import type { AnnotationCreates } from "./annotation-creates.js";
import type { AnnotationEdits } from "./annotation-edits.js";
import type { AnnotationReads } from "./annotation-reads.js";
import {
  deletedRecordOf,
  type ChangeContext,
  type ChangeRow,
} from "./annotation-records-repository.js";
import type { CreateClaims } from "./create-claims.js";
import { toAnnotation } from "./annotation-google.js";

/** The service's parts an undo writes through: the same creates, edits and reads as any write. */
export interface UndoParts {
  claims: CreateClaims;
  creates: { createOnce: AnnotationCreates["createOnce"] };
  reads: AnnotationReads;
  edits: AnnotationEdits;
}

export type UndoPorts = UndoParts & { context: AnnotationsContext };

/**
 * The undo of a deletion: the annotation made again as it was, exactly once. Answers the undo's
 * change id, null when another undo of it was recorded first.
 */
export async function undoDeletion(
  ports: UndoPorts,
  user: User,
  propertyId: string,
  change: ChangeRow,
  input: UndoChangeRequest,
  source: AnnotationSource | null,
): Promise<string | null> {
  const { stillInFlight, liveLinkOf, linkRestore } = ports.claims;
  const { records } = ports.context;
  const before = requireFields(change.before);
  // Its request id is the deletion's own, so a second undo of it never makes a second copy;
  // when that create provably failed, the next of its chain is (decision 0066).
  const restoreId = restoreRequestIdOf(change.id);
  const inFlight = async () => stillInFlight(await liveLinkOf(restoreId));
  // Another undo of it is at Google now (a double click): its answer is the one.
  if (await inFlight()) throw new AppError("already_undone", errorMessages.undoInProgress);
  let restored: AnnotationWrite;
  try {
    // Made again as it was: its source and the day it was added come from the deletion's
    // record, and it takes no slot of the day's quota (it gives back what the person had;
    // the request id allows one restore per deletion). Decision 0060.
    const record = deletedRecordOf(change.before);
    restored = await ports.creates.createOnce(
      user,
      propertyId,
      googleInputOf(before),
      {
        categoryId: await ports.reads.restorableCategory(user, before.categoryId),
        source: record ? record.source : source,
        restores: change.id,
        ...(record ? { addedAt: record.addedAt } : {}),
        ...(input.requestId ? { undoRequestId: input.requestId } : {}),
      },
      restoreId,
      { resendWhenMissing: true },
    );
  } catch (error) {
    if (error instanceof AppError && error.code === "google_unconfirmed" && (await inFlight()))
      throw new AppError("already_undone", errorMessages.undoInProgress);
    throw error;
  }
  // Found landed by an earlier undo or a listing, it was linked then; this links a
  // restore made before restores were linked where they land.
  await linkRestore(
    user,
    { propertyId, annotationId: restored.annotationId },
    change.id,
    input.requestId,
  );
  return (await records.undoOf(change.id))?.id ?? null;
}

/**
 * The undo of a create (the annotation deleted) or of an edit (its fields put back), refused
 * when the annotation is no longer as the change left it. Answers as `undoDeletion` does.
 */
export async function undoWrite(
  ports: UndoPorts,
  user: User,
  propertyId: string,
  change: ChangeRow,
  input: UndoChangeRequest,
  changeContext: ChangeContext,
): Promise<string | null> {
  const { records } = ports.context;
  const { readAnnotation, restorableCategory } = ports.reads;
  const { updateChecked, removeOnce } = ports.edits;
  const key = { userId: user.id, propertyId, annotationId: change.annotationId };
  const after = requireFields(change.after);
  let current: Awaited<ReturnType<typeof readAnnotation>> | null;
  try {
    current = await readAnnotation(user, key);
  } catch (error) {
    // An earlier undo of this create whose DELETE went unconfirmed left its deletion
    // pending: the annotation gone now means that DELETE happened, and settling it is
    // this undo.
    const pending =
      change.eventType === "created" && isAppError(error, "annotation_not_found")
        ? await records.pendingDeleteOf(key)
        : null;
    if (pending?.undoesEventId !== change.id) throw error;
    current = null;
  }
  if (current === null) {
    return (await removeOnce(user, propertyId, change.annotationId, changeContext)).changeId;
  } else if (change.eventType === "created") {
    await requireCreateUndoable(ports, user, propertyId, change);
    if (!sameFields(current.fields, after)) throw undoConflict();
    if (!input.confirm)
      throw new AppError(
        "confirmation_required",
        `Undoing this deletes “${after.title}” from Google Analytics. Confirm to go on.`,
      );
    return (await removeOnce(user, propertyId, change.annotationId, changeContext, current.fields))
      .changeId;
  } else {
    const before = requireFields(change.before);
    // Already as it was before: an earlier undo whose answer was lost reached Google.
    if (!sameFields(current.fields, after) && !sameFields(current.fields, before))
      throw undoConflict();
    const category =
      current.fields.categoryId !== before.categoryId
        ? { categoryId: await restorableCategory(user, before.categoryId) }
        : {};
    return (
      await updateChecked(
        user,
        propertyId,
        change.annotationId,
        { ...changesBetween(current.fields, before), ...category },
        { ...changeContext, before: after },
      )
    ).changeId;
  }
}

/**
 * Undoing a create deletes the annotation. A plan without deletions may still take back its
 * own create while it is the person's latest change (within the undo window): that reverses
 * Tidemark's own write, not an annotation they kept. Anything older is a deletion. Decision 0059.
 */
async function requireCreateUndoable(
  ports: UndoPorts,
  user: User,
  propertyId: string,
  change: ChangeRow,
): Promise<void> {
  if (capabilitiesOf(user.subscriptionTier).canDeleteAnnotations) return;
  const latest = await ports.context.records.lastUndoable(user.id, propertyId);
  if (latest?.id !== change.id)
    throw new AppError("premium_required", premiumFeatureMessages.undoCreate);
}

/** The free plan undoes only recent changes (`undoWindowMinutes`). */
export function requireUndoWindow(ports: UndoPorts, user: User, change: ChangeRow): void {
  const window = capabilitiesOf(user.subscriptionTier).undoWindowMinutes;
  if (
    window !== null &&
    ports.context.now().getTime() - change.createdAt.getTime() > window * 60_000
  )
    throw new AppError("premium_required", premiumFeatureMessages.undo);
}

/**
 * A change undone before: the same undo request again gets the first answer (a retry after a
 * lost answer); anything else is told it is undone already.
 */
export async function answerUndone(
  ports: UndoPorts,
  user: User,
  undo: ChangeRow,
  input: UndoChangeRequest,
): Promise<UndoChangeResponse> {
  if (input.requestId === undefined || undo.requestId !== input.requestId)
    throw new AppError("already_undone", errorMessages.alreadyUndone);
  return { change: toChange(undo), annotation: await currentAnnotation(ports, user, undo) };
}

/**
 * The annotation a change left, as Google holds it now; null when it is gone. The change is
 * recorded, so Google made it: when this read fails (Google busy or unavailable just now), the
 * answer is the annotation as the change left it, never a failure of a write that happened.
 */
export async function currentAnnotation(
  ports: UndoPorts,
  user: User,
  change: ChangeRow,
): Promise<Annotation | null> {
  if (change.eventType === "deleted") return null;
  const key = {
    userId: user.id,
    propertyId: change.propertyId,
    annotationId: change.annotationId,
  };
  try {
    return (await ports.reads.readAnnotation(user, key)).annotation;
  } catch (error) {
    if (error instanceof AppError && error.code === "annotation_not_found") return null;
    // Only Google being busy or unavailable just now: a refusal about access still fails.
    if (!isAppError(error, "google_busy") && !isAppError(error, "google_unavailable")) throw error;
    if (!change.after) return null;
    const extras = await ports.context.records.extrasFor(user.id, key.propertyId, [
      key.annotationId,
    ]);
    const recorded = {
      name: `properties/${key.propertyId}/reportingDataAnnotations/${key.annotationId}`,
      ...googleInputOf(change.after),
      // Typed as Google answers it: the recorded title is always there.
      title: change.after.title,
    };
    return toAnnotation(recorded, key.annotationId, extras.get(key.annotationId)!);
  }
}

export function requireFields(fields: AnnotationFields | null): AnnotationFields {
  if (!fields) throw new AppError("not_undoable", errorMessages.notUndoable);
  return fields;
}

export function undoConflict(): AppError {
  return new AppError("undo_conflict", errorMessages.undoConflict);
}
