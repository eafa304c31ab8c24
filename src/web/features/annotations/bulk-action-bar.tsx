import { ChevronDown, Lock, Palette, Tag, Trash2, X } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type ReactNode } from "react";
import {
  annotationColors,
  annotationColorSwatches,
  type AnnotationColor,
} from "../../../shared/annotation-colors";
import {
  bulkDoneWords,
  bulkSummary,
  type BulkAction,
  type BulkAnnotationItem,
} from "../../../shared/contracts/bulk-annotations";
import type { Category } from "../../../shared/contracts/categories";
import { premiumFeatureMessages } from "../../../shared/plans";
import { formatNumber } from "../../../shared/english-format";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import { undoBulkRun, useBulkRun, type BulkRun, type BulkRunResult } from "./bulk-annotations-api";

/** A selected row: where it is, and its title for the words of a report. */
export interface BulkSelectionItem extends BulkAnnotationItem {
  title: string;
}

/** A bulk toast stays long enough to read its failures and reach Undo. */
export const bulkToastDurationMs = 15_000;

const actionWords: Record<BulkAction, string> = {
  recolor: "Recoloured",
  "set-category": "Category set",
  "clear-category": "Category cleared",
  delete: "Deleted",
};

const keyOf = (item: BulkAnnotationItem) => `${item.propertyId}/${item.annotationId}`;

/** What Undo again does, said after a run's undo left rows not undone. */
function undoAgainWords(left: number): string {
  return `Undo again tries ${left === 1 ? "it" : `those ${formatNumber(left)}`} once more; nothing is undone twice`;
}

function annotations(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? "annotation" : "annotations"}`;
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
  const run = useBulkRun();
  const queryClient = useQueryClient();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const count = selected.length;
  const busy = run.isPending;

  function start(request: Omit<BulkRun, "items">) {
    const items = selected.map(({ propertyId, annotationId }) => ({ propertyId, annotationId }));
    const titles = new Map(selected.map((item) => [keyOf(item), item.title]));
    // The outcome is reported even if the bar closes meanwhile (the selection emptied elsewhere):
    // mutateAsync settles whether or not this component is still there.
    run.mutateAsync({ ...request, items }).then(
      (result) => {
        setConfirmingDelete(false);
        report(result, titles);
        onFinished?.(
          result.results
            .filter((row) => row.status === "failed")
            .map(({ propertyId, annotationId }) => ({ propertyId, annotationId })),
        );
      },
      (error: unknown) => {
        setConfirmingDelete(false);
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

  function report(result: BulkRunResult, titles: Map<string, string>) {
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
              onClick: () => undoRun(result.batchIds),
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
  function undoRun(batchIds: string[]) {
    undoBulkRun(queryClient, batchIds).then(
      (results) => {
        const undone = results.filter((row) => row.status === "undone").length;
        const unconfirmed = results.filter((row) => row.status === "unconfirmed").length;
        const failures = results.flatMap((row) =>
          row.status === "failed"
            ? [{ title: row.title ?? row.annotationId, error: row.error }]
            : [],
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
                  onClick: () => undoRun(batchIds),
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
          action: {
            label: "Undo again",
            altText: "Undo the changes again",
            onClick: () => undoRun(batchIds),
          },
        }),
    );
  }

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
          <Menu label="Recolour" icon={<Palette aria-hidden="true" />} disabled={busy}>
            {(close) =>
              annotationColors.map((color: AnnotationColor) => (
                <MenuItem
                  key={color}
                  onSelect={() => {
                    close();
                    start({ action: "recolor", color });
                  }}
                >
                  <span
                    aria-hidden="true"
                    className="size-3 rounded-full"
                    style={{ backgroundColor: annotationColorSwatches[color].hex }}
                  />
                  {annotationColorSwatches[color].label}
                </MenuItem>
              ))
            }
          </Menu>
          <Menu label="Category" icon={<Tag aria-hidden="true" />} disabled={busy}>
            {(close) => (
              <>
                {categories.map((category) => (
                  <MenuItem
                    key={category.id}
                    onSelect={() => {
                      close();
                      start({ action: "set-category", categoryId: category.id });
                    }}
                  >
                    {category.name}
                  </MenuItem>
                ))}
                {categories.length === 0 ? (
                  <p className="px-2 py-1.5 text-sm text-muted-foreground">No categories yet</p>
                ) : null}
                <MenuItem
                  onSelect={() => {
                    close();
                    start({ action: "clear-category" });
                  }}
                >
                  No category
                </MenuItem>
              </>
            )}
          </Menu>
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

/** A button that opens a short list of choices below it; Escape or a click elsewhere closes it. */
function Menu({
  label,
  icon,
  disabled,
  children,
}: {
  label: string;
  icon: ReactNode;
  disabled: boolean;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <Button
        variant="outline"
        size="sm"
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={disabled}
        onClick={() => setOpen((was) => !was)}
      >
        {icon}
        {label}
        <ChevronDown aria-hidden="true" />
      </Button>
      {open ? (
        <div
          role="menu"
          aria-label={label}
          className="absolute left-0 z-20 mt-1 max-h-72 min-w-40 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {children(() => setOpen(false))}
        </div>
      ) : null}
    </div>
  );
}

function MenuItem({ onSelect, children }: { onSelect: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      role="menuitem"
      className="flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:outline-none"
      onClick={onSelect}
    >
      {children}
    </button>
  );
}
