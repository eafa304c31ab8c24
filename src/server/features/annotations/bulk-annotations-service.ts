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
import { AppError } from "../../app-error.js";
import type { AnnotationSource } from "../../../shared/contracts/annotations.js";
import type { User } from "../../db/schema/index.js";
import { parseInput } from "../../parse-input.js";
import type { ChangeRow } from "./annotation-records-repository.js";
import type { BulkDeps } from "./bulk-rows.js";

export type { BulkDeps } from "./bulk-rows.js";
import {
  applyOne,
  byProperty,
  distinct,
  failureOf,
  keyOf,
  sameAction,
  undoRow,
} from "./bulk-rows.js";

export { bulkPropertiesAtOnce } from "./bulk-rows.js";

export const bulkMessages = {
  reused: "That request ID was already used for another bulk action. Use a new ID for a new one.",
  batchNotFound: "That bulk action was not found, or it changed nothing.",
} as const;

/** A plan without edits (or deletions, for a bulk delete) has no bulk action of that kind. */
function requireBulkAllowed(user: User, input: Pick<BulkAnnotationsRequest, "action">): void {
  const capabilities = capabilitiesOf(user.subscriptionTier);
  const allowed =
    input.action === "delete" ? capabilities.canDeleteAnnotations : capabilities.canEditAnnotations;
  if (!allowed) throw new AppError("premium_required", premiumFeatureMessages.bulk);
}

/**
 * Rows this batch changed already (the same request sent again): answered, never redone. A batch
 * id used for another action, or for other rows, is refused.
 */
async function recordedRows(
  records: BulkDeps["records"],
  user: User,
  input: BulkAnnotationsRequest,
  items: BulkAnnotationItem[],
): Promise<Map<string, ChangeRow>> {
  const recorded = new Map<string, ChangeRow>();
  for (const change of await records.batchChanges(user.id, input.requestId)) {
    if (!sameAction(change, input) || !items.some((item) => keyOf(item) === keyOf(change)))
      throw new AppError("idempotency_key_reused", bulkMessages.reused);
    recorded.set(keyOf(change), change);
  }
  return recorded;
}

/**
 * Bulk actions on selected annotations (decision 0056). Every row goes through the annotations
 * service as a single edit or delete would, recorded with the request's id as its batch, so the
 * rows it changed are undone together. One row's failure (Google busy, the annotation gone) is
 * that row's answer; the others go on.
 */
export function createBulkAnnotationsService(deps: BulkDeps) {
  const { annotations, records, categories } = deps;

  return {
    async apply(
      user: User,
      request: BulkAnnotationsRequest,
      /** Where the changes are recorded as made: the pages, or a program through the API. */
      via: AnnotationSource = "tidemark",
    ): Promise<BulkAnnotationsResponse> {
      const input = parseInput(bulkAnnotationsRequest, request);
      requireBulkAllowed(user, input);
      // A category that cannot be used fails the request, not each of its rows.
      if (input.action === "set-category") await categories.requireUsable(user, input.categoryId!);

      const items = distinct(input.items);
      const batchId = input.requestId;
      const recorded = await recordedRows(records, user, input, items);

      const results: BulkRowResult[] = new Array<BulkRowResult>(items.length);
      const applyRow = async (item: BulkAnnotationItem, index: number) => {
        const earlier = recorded.get(keyOf(item));
        if (earlier) {
          results[index] = { ...item, status: "changed", changeId: earlier.id };
          return;
        }
        try {
          const changeId = await applyOne(annotations, user, input, item, batchId, via);
          results[index] = { ...item, status: "changed", changeId };
        } catch (error) {
          results[index] = {
            ...item,
            status: "failed",
            ...failureOf(deps.logger, error, { ...item }),
          };
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
        results[index] = await undoRow(deps, user, batchId, change, via);
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
}

export type BulkAnnotationsService = ReturnType<typeof createBulkAnnotationsService>;
