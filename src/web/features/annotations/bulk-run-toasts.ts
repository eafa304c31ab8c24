import type { useQueryClient } from "@tanstack/react-query";
import {
  bulkDoneWords,
  bulkSummary,
  type BulkAction,
  type BulkAnnotationItem,
} from "../../../shared/contracts/bulk-annotations";
import { formatNumber } from "../../../shared/english-format";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import { undoBulkRun, type BulkRunResult } from "./bulk-annotations-api";

/** A bulk toast stays long enough to read its failures and reach Undo. */
export const bulkToastDurationMs = 15_000;

const actionWords: Record<BulkAction, string> = {
  recolor: "Recoloured",
  "set-category": "Category set",
  "clear-category": "Category cleared",
  delete: "Deleted",
};

export const keyOf = (item: BulkAnnotationItem) => `${item.propertyId}/${item.annotationId}`;

/** What Undo again does, said after a run's undo left rows not undone. */
function undoAgainWords(left: number): string {
  return `Undo again tries ${left === 1 ? "it" : `those ${formatNumber(left)}`} once more; nothing is undone twice`;
}

type QueryClient = ReturnType<typeof useQueryClient>;

/** A run's outcome, row by row, with one Undo for the whole run when anything changed. */
export function reportBulkRun(
  queryClient: QueryClient,
  result: BulkRunResult,
  titles: Map<string, string>,
) {
  const failures = result.results.flatMap((row) =>
    row.status === "failed"
      ? [{ title: titles.get(keyOf(row)) ?? row.annotationId, error: row.error }]
      : [],
  );
  toast({
    variant: result.changed === 0 ? "destructive" : "default",
    title: actionWords[result.action],
    description: bulkSummary(
      { count: result.changed, word: bulkDoneWords[result.action] },
      failures,
    ),
    duration: bulkToastDurationMs,
    ...(result.changed > 0
      ? {
          action: {
            label: "Undo",
            altText: `Undo the ${formatNumber(result.changed)} ${bulkDoneWords[result.action]}`,
            onClick: () => undoRun(queryClient, result.batchIds),
          },
        }
      : {}),
  });
}

/**
 * Undoes the run's batches. Rows whose undo failed or Google did not confirm stay undoable, so
 * the toast offers Undo again: the server tries only those rows (each looked for in Google
 * first), and answers the rest from what it recorded.
 */
function undoRun(queryClient: QueryClient, batchIds: string[]) {
  const again = () => undoRun(queryClient, batchIds);
  undoBulkRun(queryClient, batchIds).then(
    (results) => {
      const undone = results.filter((row) => row.status === "undone").length;
      const unconfirmed = results.filter((row) => row.status === "unconfirmed").length;
      const failures = results.flatMap((row) =>
        row.status === "failed" ? [{ title: row.title ?? row.annotationId, error: row.error }] : [],
      );
      const left = unconfirmed + failures.length;
      toast({
        variant: undone === 0 && left > 0 ? "destructive" : "default",
        title: "Undone",
        description:
          bulkSummary({ count: undone, word: "undone" }, failures, unconfirmed) +
          (left > 0 ? `. ${undoAgainWords(left)}` : ""),
        // Rows left not undone keep their Undo again until the person closes the toast.
        duration: left > 0 ? Infinity : undefined,
        ...(left > 0
          ? {
              action: {
                label: "Undo again",
                altText: `Undo the ${formatNumber(left)} not undone again`,
                onClick: again,
              },
            }
          : {}),
      });
    },
    (error: unknown) =>
      toast({
        variant: "destructive",
        title: "Could not undo",
        description: serverErrorMessage(error) ?? "The changes could not be undone. Try again.",
        duration: Infinity,
        action: { label: "Undo again", altText: "Undo the changes again", onClick: again },
      }),
  );
}
