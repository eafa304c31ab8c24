/**
 * A person's history of an annotation and the way back through it: undo one change (each at most
 * once, by its request id), or restore a version the history shows, through the same writes as
 * any create, edit or deletion. The undo of each kind of change is in annotation-undo-steps.ts.
 */
import {
  restoreVersionRequest,
  undoChangeRequest,
  type AnnotationHistoryResponse,
  type RestoreVersionRequest,
  type RestoreVersionResponse,
  type UndoChangeRequest,
  type UndoChangeResponse,
} from "../../../shared/contracts/annotation-history.js";
import type { AnnotationSource } from "../../../shared/contracts/annotations.js";
import { errorMessages } from "../../../shared/contracts/errors.js";
import { AppError } from "../../app-error.js";
import type { User } from "../../db/schema/index.js";
import { parseInput } from "../../parse-input.js";
import { changesBetween, sameFields, toChange } from "./annotation-changes.js";
import type { AnnotationsContext } from "./annotation-deps.js";
import type { ChangeContext, ChangeRow } from "./annotation-records-repository.js";
import { requirePremiumFeature } from "./annotation-rules.js";
import {
  answerUndone,
  currentAnnotation,
  requireFields,
  requireUndoWindow,
  undoDeletion,
  undoWrite,
  type UndoParts,
  type UndoPorts,
} from "./annotation-undo-steps.js";

export function createAnnotationUndo(context: AnnotationsContext, parts: UndoParts) {
  const { properties, records, categories } = context;
  const ports: UndoPorts = { ...parts, context };

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
      return { changes, categoryNames: await categories.namesOf(user, categoryIdsIn(changes)) };
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
      return restoreVersion(
        ports,
        operations.undo,
        { user, propertyId, annotationId, changeId },
        request,
        source,
      );
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
      if (earlier) return answerUndone(ports, user, earlier, input);
      requireUndoWindow(ports, user, change);
      const context: ChangeContext = { source, undoes: change.id, requestId: input.requestId };
      const undoId =
        change.eventType === "deleted"
          ? await undoDeletion(ports, user, propertyId, change, input, source)
          : await undoWrite(ports, user, propertyId, change, input, context);
      if (!undoId) {
        // Another undo of the same change was recorded first.
        const other = await records.undoOf(change.id);
        if (other) return answerUndone(ports, user, other, input);
        throw new AppError("already_undone", errorMessages.alreadyUndone);
      }
      const made = (await records.findChange(user.id, propertyId, undoId))!;
      return { change: toChange(made), annotation: await currentAnnotation(ports, user, made) };
    },
  };
  return operations;
}

/** The categories a history's versions name, each once. */
function categoryIdsIn(changes: AnnotationHistoryResponse["changes"]): string[] {
  const named = new Set<string>();
  for (const change of changes)
    for (const fields of [change.before, change.after])
      if (fields?.categoryId) named.add(fields.categoryId);
  return [...named];
}

/** The restore `createAnnotationUndo` describes; a deletion's entry is handed to `undo`. */
async function restoreVersion(
  ports: UndoPorts,
  undo: (
    user: User,
    propertyId: string,
    changeId: string | null,
    request: UndoChangeRequest,
    source: AnnotationSource | null,
  ) => Promise<UndoChangeResponse>,
  target: { user: User; propertyId: string; annotationId: string; changeId: string },
  request: RestoreVersionRequest,
  source: AnnotationSource | null,
): Promise<RestoreVersionResponse> {
  const { user, propertyId, annotationId, changeId } = target;
  const { properties, records } = ports.context;
  const { readAnnotation, restorableCategory } = ports.reads;
  const input = parseInput(restoreVersionRequest, request ?? {});
  await properties.requireAllowed(user, propertyId);
  const key = { userId: user.id, propertyId, annotationId };
  const change = (await records.history(key)).find((row) => row.id === changeId);
  if (!change) throw new AppError("change_not_found", errorMessages.changeNotFound);
  if (change.eventType === "deleted") return undo(user, propertyId, change.id, input, source);
  requirePremiumFeature(user, "edit");
  const answerEarlier = async (earlier: ChangeRow): Promise<RestoreVersionResponse> => {
    if (earlier.restoresEventId !== change.id || earlier.annotationId !== annotationId)
      throw new AppError(
        "invalid_request",
        "That request ID was already used for another request.",
      );
    return { change: toChange(earlier), annotation: await currentAnnotation(ports, user, earlier) };
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
  const written = await ports.edits.updateChecked(
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
}
