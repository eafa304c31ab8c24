import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import {
  bulkAnnotationsResponse,
  bulkUndoResponse,
  maxBulkItems,
  type BulkAction,
  type BulkAnnotationItem,
  type BulkAnnotationsResponse,
  type BulkUndoResponse,
} from "../../../shared/contracts/bulk-annotations";
import type { AnnotationColor } from "../../../shared/annotation-colors";
import { apiRequest } from "../../lib/api-client";
import { newRequestId } from "../../lib/request-id";
import { currentUserQueryKey } from "../../session/current-user";

/** What one bulk action asks, before it is cut into requests of at most `maxBulkItems`. */
export interface BulkRun {
  action: BulkAction;
  items: BulkAnnotationItem[];
  color?: AnnotationColor;
  categoryId?: string;
}

/** One run's outcome over all its requests; each request is one batch, undone together. */
export interface BulkRunResult {
  action: BulkAction;
  batchIds: string[];
  changed: number;
  results: BulkAnnotationsResponse["results"];
}

/**
 * The run's requests, each with its own request id chosen once: sending one again (a retry after a
 * lost answer) changes no row twice. Parts are sent one after another.
 */
export function planBulkRun(run: BulkRun): { requestId: string; body: object }[] {
  const parts: { requestId: string; body: object }[] = [];
  for (let start = 0; start < run.items.length; start += maxBulkItems) {
    const requestId = newRequestId();
    parts.push({
      requestId,
      body: {
        requestId,
        action: run.action,
        items: run.items.slice(start, start + maxBulkItems),
        ...(run.color ? { color: run.color } : {}),
        ...(run.categoryId ? { categoryId: run.categoryId } : {}),
      },
    });
  }
  return parts;
}

/** Every property's listing (and the all-annotations view) reads again after a run or its undo. */
function refreshAnnotations(queryClient: QueryClient) {
  void queryClient.invalidateQueries({
    predicate: (query) =>
      typeof query.queryKey[0] === "string" && query.queryKey[0].startsWith("/api/annotations"),
  });
  void queryClient.invalidateQueries({ queryKey: ["/api/categories"] });
}

export function useBulkRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (run: BulkRun): Promise<BulkRunResult> => {
      const outcome: BulkRunResult = { action: run.action, batchIds: [], changed: 0, results: [] };
      for (const part of planBulkRun(run)) {
        const answer = await apiRequest("/api/annotations/bulk", {
          method: "POST",
          body: part.body,
          parse: (json) => bulkAnnotationsResponse.parse(json),
        });
        outcome.batchIds.push(answer.batchId);
        outcome.changed += answer.changed;
        outcome.results.push(...answer.results);
      }
      return outcome;
    },
    onSettled: () => refreshAnnotations(queryClient),
  });
}

/**
 * Undoes a run's batches, one after another. A plain function, not a mutation hook: its Undo is
 * pressed on a toast that outlives the bar (a run clears the selection, which closes the bar), and
 * a hook's callbacks stop once its component is gone. The listings are read again after it.
 */
export async function undoBulkRun(
  queryClient: QueryClient,
  batchIds: string[],
): Promise<BulkUndoResponse["results"]> {
  try {
    const results: BulkUndoResponse["results"] = [];
    for (const batchId of batchIds) {
      const answer = await apiRequest(`/api/annotations/bulk/${encodeURIComponent(batchId)}/undo`, {
        method: "POST",
        parse: (json) => bulkUndoResponse.parse(json),
      });
      results.push(...answer.results);
    }
    return results;
  } finally {
    refreshAnnotations(queryClient);
    // Making deleted annotations again counts against the day's allowance.
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  }
}
