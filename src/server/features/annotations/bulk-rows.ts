/**
 * One row of a bulk action or of its undo: what it sends, what its failure reads as, and the order
 * rows go in (one property's after another, a few properties at a time).
 */
import { createHash } from "node:crypto";
import { errorMessages } from "../../../shared/contracts/errors.js";
import type {
  BulkAnnotationItem,
  BulkAnnotationsRequest,
  BulkUndoRowResult,
} from "../../../shared/contracts/bulk-annotations.js";
import { AppError, isAppError } from "../../app-error.js";
import type { AnnotationSource } from "../../../shared/contracts/annotations.js";
import type { User } from "../../db/schema/index.js";
import type { ChangeRow } from "./annotation-records-repository.js";
import type { FastifyBaseLogger } from "fastify";
import type { CategoriesService } from "../categories/categories-service.js";
import type { AnnotationRecordsRepository } from "./annotation-records-repository.js";
import type { AnnotationsService } from "./annotations-service.js";

/** What the bulk service and its rows are built on. */
export interface BulkDeps {
  annotations: Pick<AnnotationsService, "update" | "remove" | "undo">;
  records: Pick<AnnotationRecordsRepository, "batchChanges" | "undoOf">;
  categories: Pick<CategoriesService, "requireUsable">;
  logger?: Pick<FastifyBaseLogger, "error">;
}

/**
 * Properties worked on at once by one bulk request. Within a property rows go one after another,
 * so a request never has more than this many Google calls in flight for one person.
 */
export const bulkPropertiesAtOnce = 3;

/** A row's failure as the person reads it: the refusal's own words, or ours for a fault. */
export function failureOf(
  logger: BulkDeps["logger"],
  error: unknown,
  row: Record<string, unknown>,
) {
  if (error instanceof AppError) return { code: error.code, error: error.message };
  logger?.error({ err: error, ...row }, "bulk action row failed unexpectedly");
  return { error: errorMessages.internal };
}

/**
 * A row whose undo did not go through. Google's answer lost and not read back yet, another undo
 * of it at Google now, or a fault of our own (the database, a crash of a step) after its request
 * may have reached Google, is "unconfirmed", never a plain failure: undoing the batch again
 * settles it under the same request id, and a failure is said only where Google made nothing (a
 * refusal, a change since). A change another undo got to first is undone.
 */
async function undoFailure(
  deps: Pick<BulkDeps, "records" | "logger">,
  change: ChangeRow,
  row: Omit<BulkUndoRowResult, "status" | "code" | "error">,
  error: unknown,
): Promise<BulkUndoRowResult> {
  // Recorded undone (Google confirmed it) before something after it failed: undone, whatever
  // the failure was.
  if (await deps.records.undoOf(change.id)) return { ...row, status: "undone" };
  const unsure =
    isAppError(error, "already_undone") ||
    isAppError(error, "google_unconfirmed") ||
    !(error instanceof AppError);
  return {
    ...row,
    status: unsure ? "unconfirmed" : "failed",
    ...failureOf(deps.logger, error, { ...row }),
  };
}

/** One row of a batch's undo, through the annotations service's undo under the row's own id. */
export async function undoRow(
  deps: Pick<BulkDeps, "annotations" | "records" | "logger">,
  user: User,
  batchId: string,
  change: ChangeRow,
  via: AnnotationSource,
): Promise<BulkUndoRowResult> {
  const row = {
    propertyId: change.propertyId,
    annotationId: change.annotationId,
    title: change.before?.title ?? change.after?.title ?? null,
  };
  // Undone already, by this batch's undo, a row's own undo, or a listing that found its
  // restore landed: nothing to send.
  if (change.undoneBy) return { ...row, status: "undone" };
  try {
    await deps.annotations.undo(
      user,
      change.propertyId,
      change.id,
      { requestId: batchUndoRequestIdOf(batchId, change.id) },
      via,
    );
    return { ...row, status: "undone" };
  } catch (error) {
    return undoFailure(deps, change, row, error);
  }
}

export async function applyOne(
  annotations: BulkDeps["annotations"],
  user: User,
  input: BulkAnnotationsRequest,
  item: BulkAnnotationItem,
  batchId: string,
  via: AnnotationSource,
): Promise<string | null> {
  const { propertyId, annotationId } = item;
  switch (input.action) {
    case "delete":
      return (await annotations.remove(user, propertyId, annotationId, via, { batchId })).changeId;
    case "recolor":
      return (
        await annotations.update(user, propertyId, annotationId, { color: input.color! }, via, {
          batchId,
        })
      ).changeId;
    case "set-category":
    case "clear-category":
      return (
        await annotations.update(
          user,
          propertyId,
          annotationId,
          { categoryId: input.action === "set-category" ? input.categoryId! : null },
          via,
          { batchId },
        )
      ).changeId;
  }
}

/**
 * Runs `work` on each entry, one property after another within a property (Google's per-property
 * limits) and at most `bulkPropertiesAtOnce` properties at a time.
 */
export async function byProperty<Entry extends { propertyId: string }>(
  entries: Entry[],
  work: (entry: Entry, index: number) => Promise<void>,
): Promise<void> {
  const groups = new Map<string, number[]>();
  entries.forEach((entry, index) => {
    const group = groups.get(entry.propertyId);
    if (group) group.push(index);
    else groups.set(entry.propertyId, [index]);
  });
  const queue = [...groups.values()];
  const worker = async () => {
    for (let group = queue.shift(); group; group = queue.shift()) {
      for (const index of group) await work(entries[index]!, index);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(bulkPropertiesAtOnce, queue.length) }, () => worker()),
  );
}

export function keyOf(item: { propertyId: string; annotationId: string }): string {
  return `${item.propertyId}/${item.annotationId}`;
}

/** The items once each, in the order first given. */
export function distinct(items: BulkAnnotationItem[]): BulkAnnotationItem[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Whether a change recorded under this batch is what this request asks (not another's reuse). */
export function sameAction(change: ChangeRow, input: BulkAnnotationsRequest): boolean {
  if (input.action === "delete") return change.eventType === "deleted";
  if (change.eventType !== "updated" || !change.after) return false;
  if (input.action === "recolor") return change.after.color === input.color;
  if (input.action === "set-category") return change.after.categoryId === input.categoryId;
  return change.after.categoryId === null;
}

/** The undo id of one row of a batch: the same for every undo of that batch. */
function batchUndoRequestIdOf(batchId: string, changeId: string): string {
  const hex = createHash("sha256").update(`batch-undo:${batchId}:${changeId}`).digest("hex");
  // A UUID's layout, with version 8 (custom) and the RFC 9562 variant, as restore ids have.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
