/**
 * A person's history of an annotation and the way back through it: undo one change (each at most
 * once, by its request id), or restore a version the history shows, through the same writes as
 * any create, edit or deletion.
 */
import {
  restoreVersionRequest,
  undoChangeRequest,
  type AnnotationFields,
  type AnnotationHistoryResponse,
  type RestoreVersionRequest,
  type RestoreVersionResponse,
  type UndoChangeRequest,
  type UndoChangeResponse,
} from "../../../shared/contracts/annotation-history.js";
import type { Annotation, AnnotationSource } from "../../../shared/contracts/annotations.js";
import { errorMessages } from "../../../shared/contracts/errors.js";
import { capabilitiesOf, premiumFeatureMessages } from "../../../shared/plans.js";
import { AppError, isAppError } from "../../app-error.js";
import type { User } from "../../db/schema/index.js";
import { parseInput } from "../../parse-input.js";
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
import { requirePremiumFeature } from "./annotation-rules.js";
import type { CreateClaims } from "./create-claims.js";

export function createAnnotationUndo(
  context: AnnotationsContext,
  parts: {
    claims: CreateClaims;
    creates: { createOnce: AnnotationCreates["createOnce"] };
    reads: AnnotationReads;
    edits: AnnotationEdits;
  },
) {
  const { now, properties, records, categories } = context;
  const { stillInFlight, liveLinkOf, linkRestore } = parts.claims;
  const { createOnce } = parts.creates;
  const { readAnnotation, restorableCategory } = parts.reads;
  const { updateChecked, removeOnce } = parts.edits;

  const operations = {
    /** The change `undo` with no id would revert, for a caller that asks before it undoes. */
    async lastUndoable(user: User, propertyId: string) {
      await properties.requireAllowed(user, propertyId);
      const change = await records.lastUndoable(user.id, propertyId);
      return change ? toChange(change) : null;
    },

    /**
     * This person's changes to an annotation, newest first (see the records' `history`), with
     * their names for the categories the changes name, so each reads from one name to another.
     */
    async history(
      user: User,
      propertyId: string,
      annotationId: string,
    ): Promise<AnnotationHistoryResponse> {
      await properties.requireAllowed(user, propertyId);
      const rows = await records.history({ userId: user.id, propertyId, annotationId });
      const changes = rows.map(toChange);
      const named = new Set<string>();
      for (const change of changes)
        for (const fields of [change.before, change.after])
          if (fields?.categoryId) named.add(fields.categoryId);
      return { changes, categoryNames: await categories.namesOf(user, [...named]) };
    },

    /**
     * Restore from the history: makes the annotation read as one of its entries left it — the
     * version a create or an edit made — through the same edit path as any edit (its plan check,
     * one PATCH, recorded as a change that names the version it restored, so it can be undone).
     * A deletion's entry brings the annotation back: that is the deletion's undo, made exactly
     * once as any undo. The same `requestId` again gets the first restore's answer; a version the
     * annotation already holds is refused with nothing written.
     */
    async restore(
      user: User,
      propertyId: string,
      annotationId: string,
      changeId: string,
      request: RestoreVersionRequest,
      source: AnnotationSource | null = null,
    ): Promise<RestoreVersionResponse> {
      const input = parseInput(restoreVersionRequest, request ?? {});
      await properties.requireAllowed(user, propertyId);
      const key = { userId: user.id, propertyId, annotationId };
      const change = (await records.history(key)).find((row) => row.id === changeId);
      if (!change) throw new AppError("change_not_found", errorMessages.changeNotFound);
      if (change.eventType === "deleted")
        return operations.undo(user, propertyId, change.id, input, source);
      requirePremiumFeature(user, "edit");
      const answerEarlier = async (earlier: ChangeRow): Promise<RestoreVersionResponse> => {
        if (earlier.restoresEventId !== change.id || earlier.annotationId !== annotationId)
          throw new AppError(
            "invalid_request",
            "That request ID was already used for another request.",
          );
        return { change: toChange(earlier), annotation: await currentAnnotation(user, earlier) };
      };
      if (input.requestId) {
        const earlier = await records.restoreByRequest(user.id, input.requestId);
        if (earlier) return answerEarlier(earlier);
      }
      const version = requireFields(change.after);
      const current = await readAnnotation(user, key);
      if (sameFields(current.fields, version))
        throw new AppError("nothing_to_restore", errorMessages.nothingToRestore);
      const category =
        current.fields.categoryId !== version.categoryId
          ? { categoryId: await restorableCategory(user, version.categoryId) }
          : {};
      const written = await updateChecked(
        user,
        propertyId,
        annotationId,
        { ...changesBetween(current.fields, version), ...category },
        { source, restores: change.id, requestId: input.requestId },
      );
      // Not recorded only when another restore under the same request id was recorded first
      // (the unique index on a person's restore request ids): its answer is this one's.
      if (written.changeId === null)
        return answerEarlier((await records.restoreByRequest(user.id, input.requestId!))!);
      const made = (await records.findChange(user.id, propertyId, written.changeId))!;
      const { changeId: _changeId, ...annotation } = written;
      return { change: toChange(made), annotation };
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
      const undoId =
        change.eventType === "deleted"
          ? await undoDeletion(user, propertyId, change, input, source)
          : await undoWrite(user, propertyId, change, input, context);
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
  return operations;

  /**
   * The undo of a deletion: the annotation made again as it was, exactly once. Answers the undo's
   * change id, null when another undo of it was recorded first.
   */
  async function undoDeletion(
    user: User,
    propertyId: string,
    change: ChangeRow,
    input: UndoChangeRequest,
    source: AnnotationSource | null,
  ): Promise<string | null> {
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
      restored = await createOnce(
        user,
        propertyId,
        googleInputOf(before),
        {
          categoryId: await restorableCategory(user, before.categoryId),
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
  async function undoWrite(
    user: User,
    propertyId: string,
    change: ChangeRow,
    input: UndoChangeRequest,
    changeContext: ChangeContext,
  ): Promise<string | null> {
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
      await requireCreateUndoable(user, propertyId, change);
      if (!sameFields(current.fields, after)) throw undoConflict();
      if (!input.confirm)
        throw new AppError(
          "confirmation_required",
          `Undoing this deletes “${after.title}” from Google Analytics. Confirm to go on.`,
        );
      return (
        await removeOnce(user, propertyId, change.annotationId, changeContext, current.fields)
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
    user: User,
    propertyId: string,
    change: ChangeRow,
  ): Promise<void> {
    if (capabilitiesOf(user.subscriptionTier).canDeleteAnnotations) return;
    const latest = await records.lastUndoable(user.id, propertyId);
    if (latest?.id !== change.id)
      throw new AppError("premium_required", premiumFeatureMessages.undoCreate);
  }

  /** The free plan undoes only recent changes (`undoWindowMinutes`). */
  function requireUndoWindow(user: User, change: ChangeRow): void {
    const window = capabilitiesOf(user.subscriptionTier).undoWindowMinutes;
    if (window !== null && now().getTime() - change.createdAt.getTime() > window * 60_000)
      throw new AppError("premium_required", premiumFeatureMessages.undo);
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
}

function requireFields(fields: AnnotationFields | null): AnnotationFields {
  if (!fields) throw new AppError("not_undoable", errorMessages.notUndoable);
  return fields;
}

function undoConflict(): AppError {
  return new AppError("undo_conflict", errorMessages.undoConflict);
}
