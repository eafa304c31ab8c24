import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { errorMessages } from "../../../shared/contracts/errors.js";
import {
  bulkAnnotationsRequest,
  type BulkAnnotationItem,
  type BulkAnnotationsRequest,
  type BulkAnnotationsResponse,
  type BulkRowResult,
  type BulkUndoResponse,
  type BulkUndoRowResult,
} from "../../../shared/contracts/bulk-annotations.js";
import { capabilitiesOf, premiumFeatureMessages } from "../../../shared/plans.js";
import { AppError, isAppError } from "../../app-error.js";
import type { AnnotationSource } from "../../../shared/contracts/annotations.js";
import type { User } from "../../db/schema/index.js";
import { parseInput } from "../../parse-input.js";
import type { CategoriesService } from "../categories/categories-service.js";
import type { AnnotationRecordsRepository, ChangeRow } from "./annotation-records-repository.js";
import type { AnnotationsService } from "./annotations-service.js";

/**
 * Properties worked on at once by one bulk request. Within a property rows go one after another,
 * so a request never has more than this many Google calls in flight for one person.
 */
export const bulkPropertiesAtOnce = 3;

export const bulkMessages = {
  reused: "That request ID was already used for another bulk action. Use a new ID for a new one.",
  batchNotFound: "That bulk action was not found, or it changed nothing.",
} as const;

/**
 * Bulk actions on selected annotations (decision 0056). Every row goes through the annotations
 * service as a single edit or delete would, recorded with the request's id as its batch, so the
 * rows it changed are undone together. One row's failure (Google busy, the annotation gone) is
 * that row's answer; the others go on.
 */
export function createBulkAnnotationsService(deps: {
  annotations: Pick<AnnotationsService, "update" | "remove" | "undo">;
  records: Pick<AnnotationRecordsRepository, "batchChanges" | "undoOf">;
  categories: Pick<CategoriesService, "requireUsable">;
  logger?: Pick<FastifyBaseLogger, "error">;
}) {
  const { annotations, records, categories } = deps;

  /** A row's failure as the person reads it: the refusal's own words, or ours for a fault. */
  function failureOf(error: unknown, row: Record<string, unknown>) {
    if (error instanceof AppError) return { code: error.code, error: error.message };
    deps.logger?.error({ err: error, ...row }, "bulk action row failed unexpectedly");
    return { error: errorMessages.internal };
  }

  return {
    async apply(
      user: User,
      request: BulkAnnotationsRequest,
      /** Where the changes are recorded as made: the pages, or a program through the API. */
      via: AnnotationSource = "tidemark",
    ): Promise<BulkAnnotationsResponse> {
      const input = parseInput(bulkAnnotationsRequest, request);
      const capabilities = capabilitiesOf(user.subscriptionTier);
      const allowed =
        input.action === "delete"
          ? capabilities.canDeleteAnnotations
          : capabilities.canEditAnnotations;
      if (!allowed) throw new AppError("premium_required", premiumFeatureMessages.bulk);
      // A category that cannot be used fails the request, not each of its rows.
      if (input.action === "set-category") await categories.requireUsable(user, input.categoryId!);

      const items = distinct(input.items);
      const batchId = input.requestId;
      // Rows this batch changed already (the same request sent again): answered, never redone.
      const recorded = new Map<string, ChangeRow>();
      for (const change of await records.batchChanges(user.id, batchId)) {
        if (!sameAction(change, input) || !items.some((item) => keyOf(item) === keyOf(change)))
          throw new AppError("idempotency_key_reused", bulkMessages.reused);
        recorded.set(keyOf(change), change);
      }

      const results: BulkRowResult[] = new Array<BulkRowResult>(items.length);
      const applyRow = async (item: BulkAnnotationItem, index: number) => {
        const earlier = recorded.get(keyOf(item));
        if (earlier) {
          results[index] = { ...item, status: "changed", changeId: earlier.id };
          return;
        }
        try {
          const changeId = await applyOne(user, input, item, batchId, via);
          results[index] = { ...item, status: "changed", changeId };
        } catch (error) {
          results[index] = { ...item, status: "failed", ...failureOf(error, { ...item }) };
        }
      };
      await byProperty(items, applyRow);
      const changed = results.filter((result) => result.status === "changed").length;
      return {
        batchId,
        action: input.action,
        changed,
        failed: results.length - changed,
        results,
      };
    },

    /**
     * Undoes every row a bulk action changed, newest first, each through the annotations
     * service's undo (the same rules: refused when the annotation changed since; a deletion is
     * made again, off the day's quota). A row is undone once its undo is confirmed in Google; one
     * whose undo failed or went unconfirmed stays undoable, so undoing the batch again tries just
     * those rows (a deletion's restore by the next id of its chain if the first provably failed,
     * never a second copy) and answers the others from the record. Each row's undo has an id
     * derived from the batch and its change, so a row is undone once whoever asks.
     */
    async undo(
      user: User,
      batchId: string,
      via: AnnotationSource = "tidemark",
    ): Promise<BulkUndoResponse> {
      const changes = await records.batchChanges(user.id, batchId);
      if (changes.length === 0) throw new AppError("change_not_found", bulkMessages.batchNotFound);
      const results: BulkUndoRowResult[] = new Array<BulkUndoRowResult>(changes.length);
      await byProperty(changes, async (change, index) => {
        const row = {
          propertyId: change.propertyId,
          annotationId: change.annotationId,
          title: change.before?.title ?? change.after?.title ?? null,
        };
        // Undone already, by this batch's undo, a row's own undo, or a listing that found its
        // restore landed: nothing to send.
        if (change.undoneBy) {
          results[index] = { ...row, status: "undone" };
          return;
        }
        try {
          await annotations.undo(
            user,
            change.propertyId,
            change.id,
            { requestId: batchUndoRequestIdOf(batchId, change.id) },
            via,
          );
          results[index] = { ...row, status: "undone" };
        } catch (error) {
          results[index] = await undoFailure(change, row, error);
        }
      });
      const count = (status: BulkUndoRowResult["status"]) =>
        results.filter((result) => result.status === status).length;
      return {
        batchId,
        undone: count("undone"),
        unconfirmed: count("unconfirmed"),
        failed: count("failed"),
        results,
      };
    },
  };

  /**
   * A row whose undo did not go through. Google's answer lost and not read back yet, or another
   * undo of it at Google now, is "unconfirmed", never a plain failure; a change another undo got
   * to first is undone.
   */
  async function undoFailure(
    change: ChangeRow,
    row: Omit<BulkUndoRowResult, "status" | "code" | "error">,
    error: unknown,
  ): Promise<BulkUndoRowResult> {
    if (isAppError(error, "already_undone")) {
      if (await records.undoOf(change.id)) return { ...row, status: "undone" };
      return { ...row, status: "unconfirmed", ...failureOf(error, { ...row }) };
    }
    if (isAppError(error, "google_unconfirmed"))
      return { ...row, status: "unconfirmed", ...failureOf(error, { ...row }) };
    return { ...row, status: "failed", ...failureOf(error, { ...row }) };
  }

  async function applyOne(
    user: User,
    input: BulkAnnotationsRequest,
    item: BulkAnnotationItem,
    batchId: string,
    via: AnnotationSource,
  ): Promise<string | null> {
    const { propertyId, annotationId } = item;
    switch (input.action) {
      case "delete":
        return (await annotations.remove(user, propertyId, annotationId, via, { batchId }))
          .changeId;
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
}

export type BulkAnnotationsService = ReturnType<typeof createBulkAnnotationsService>;

/**
 * Runs `work` on each entry, one property after another within a property (Google's per-property
 * limits) and at most `bulkPropertiesAtOnce` properties at a time.
 */
async function byProperty<Entry extends { propertyId: string }>(
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

function keyOf(item: { propertyId: string; annotationId: string }): string {
  return `${item.propertyId}/${item.annotationId}`;
}

/** The items once each, in the order first given. */
function distinct(items: BulkAnnotationItem[]): BulkAnnotationItem[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Whether a change recorded under this batch is what this request asks (not another's reuse). */
function sameAction(change: ChangeRow, input: BulkAnnotationsRequest): boolean {
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
