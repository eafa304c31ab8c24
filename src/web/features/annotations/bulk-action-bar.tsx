import { Lock, Trash2, X } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { BulkAnnotationItem } from "../../../shared/contracts/bulk-annotations";
import type { Category } from "../../../shared/contracts/categories";
import { premiumFeatureMessages } from "../../../shared/plans";
import { formatNumber } from "../../../shared/english-format";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import { useBulkRun, type BulkRun } from "./bulk-annotations-api";
import { CategoryMenu, RecolourMenu } from "./bulk-menus";
import { keyOf, reportBulkRun } from "./bulk-run-toasts";

export { bulkToastDurationMs } from "./bulk-run-toasts";

/** A selected row: where it is, and its title for the words of a report. */
export interface BulkSelectionItem extends BulkAnnotationItem {
  title: string;
}

function annotations(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? "annotation" : "annotations"}`;
}

/** Runs one bulk action on the selected rows and reports how it went. */
function useBulkStart(
  selected: BulkSelectionItem[],
  onSettled: () => void,
  onFinished: ((failed: BulkAnnotationItem[]) => void) | undefined,
) {
  const run = useBulkRun();
  const queryClient = useQueryClient();

  function start(request: Omit<BulkRun, "items">) {
    const items = selected.map(({ propertyId, annotationId }) => ({ propertyId, annotationId }));
    const titles = new Map(selected.map((item) => [keyOf(item), item.title]));
    // The outcome is reported even if the bar closes meanwhile (the selection emptied elsewhere):
    // mutateAsync settles whether or not this component is still there.
    run.mutateAsync({ ...request, items }).then(
      (result) => {
        onSettled();
        reportBulkRun(queryClient, result, titles);
        onFinished?.(
          result.results
            .filter((row) => row.status === "failed")
            .map(({ propertyId, annotationId }) => ({ propertyId, annotationId })),
        );
      },
      (error: unknown) => {
        onSettled();
        toast({
          variant: "destructive",
          title: "Bulk action failed",
          description:
            serverErrorMessage(error) ??
            "The annotations could not be changed. Check the list, then try again.",
        });
      },
    );
  }

  return { start, busy: run.isPending };
}

/**
 * The actions on the rows selected in an annotations table: recolour, set or clear a category,
 * delete (after one confirmation naming the count), clear the selection. Each run answers per
 * row in a toast ('18 recoloured, 2 failed: …', '3 deleted') with one Undo for the whole run. Premium's; the free
 * plan sees why not, in the shared plan words. Loaded only once something is selected.
 */
export function BulkActionBar({
  selected,
  canBulk,
  categories,
  onClearSelection,
  onFinished,
}: {
  selected: BulkSelectionItem[];
  /** The plan allows bulk actions (Premium). */
  canBulk: boolean;
  /** The person's categories, for "Category"; empty hides setting one. */
  categories: Category[];
  onClearSelection: () => void;
  /** After a run: the rows that failed, so the caller can keep just those selected. */
  onFinished?: (failed: BulkAnnotationItem[]) => void;
}) {
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const { start, busy } = useBulkStart(selected, () => setConfirmingDelete(false), onFinished);
  const count = selected.length;

  return (
    <div
      role="toolbar"
      aria-label="Bulk actions"
      className="mb-2 flex flex-wrap items-center gap-2 rounded-lg border bg-muted/40 px-3 py-2"
    >
      <span className="mr-auto text-sm font-medium" aria-live="polite">
        {formatNumber(count)} selected
      </span>
      {canBulk ? (
        <>
          <RecolourMenu disabled={busy} start={start} />
          <CategoryMenu disabled={busy} categories={categories} start={start} />
          <Button
            variant="outline"
            size="sm"
            className="text-destructive"
            disabled={busy}
            onClick={() => setConfirmingDelete(true)}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </>
      ) : (
        <p className="flex basis-full items-start gap-2 text-sm text-muted-foreground sm:basis-auto">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {premiumFeatureMessages.bulk}
        </p>
      )}
      <Button variant="ghost" size="sm" onClick={onClearSelection} disabled={busy}>
        <X aria-hidden="true" />
        Clear selection
      </Button>
      {busy ? (
        <span role="status" className="basis-full text-sm text-muted-foreground">
          Working on {annotations(count)}…
        </span>
      ) : null}
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={(open) => {
          if (!open && !busy) setConfirmingDelete(false);
        }}
        title={`Delete ${annotations(count)}?`}
        description={`This removes ${count === 1 ? "it" : `all ${formatNumber(count)}`} from Google Analytics; you can undo it straight after.`}
        confirmLabel={`Delete ${formatNumber(count)}`}
        destructive
        pending={busy}
        onConfirm={() => start({ action: "delete" })}
      />
    </div>
  );
}
