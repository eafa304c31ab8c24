import { useState, type ReactNode } from "react";
import type { AnnotationChangeKind } from "../../../shared/contracts/annotation-history";
import type { UndoChangeResponse } from "../../../shared/contracts/annotation-history";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { toast, type ToastActionOptions } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import { newRequestId } from "../../lib/request-id";
import { useUndoChange } from "./annotations-api";

/** A change a success toast offers to undo: what it was, and the annotation's title for words. */
export interface UndoableChange {
  changeId: string | null;
  kind: AnnotationChangeKind;
  title: string;
}

/** A toast with Undo stays a little longer than the usual five seconds, to leave time to reach it. */
export const undoToastDurationMs = 10_000;

function describeUndo({ change, annotation }: UndoChangeResponse, title: string): string {
  if (change.kind === "deleted") return `"${title}" has been removed from GA4.`;
  if (change.kind === "created") return `"${annotation?.title ?? title}" is back in GA4.`;
  return `"${annotation?.title ?? title}" is back as it was in GA4.`;
}

/**
 * The Undo action of Property View's success toasts, and the confirmation an undone create asks
 * for (it deletes the annotation from Google Analytics). Each Undo carries a request id of its
 * own, so a second click is answered with the first one's result instead of a second undo.
 */
export function useUndoAction(propertyId: string): {
  actionFor: (change: UndoableChange) => ToastActionOptions | undefined;
  dialog: ReactNode;
} {
  const undo = useUndoChange(propertyId);
  const [confirming, setConfirming] = useState<(UndoableChange & { requestId: string }) | null>(
    null,
  );

  function run(change: UndoableChange, requestId: string, confirm: boolean) {
    undo.mutate(
      { changeId: change.changeId!, requestId, confirm },
      {
        onSuccess: (answer) => {
          setConfirming(null);
          toast({ title: "Undone", description: describeUndo(answer, change.title) });
        },
        onError: (error) => {
          setConfirming(null);
          toast({
            variant: "destructive",
            title: "Could not undo",
            description: serverErrorMessage(error) ?? "The change could not be undone. Try again.",
          });
        },
      },
    );
  }

  function actionFor(change: UndoableChange): ToastActionOptions | undefined {
    if (!change.changeId) return undefined;
    const requestId = newRequestId();
    return {
      label: "Undo",
      altText: `Undo: ${change.title}`,
      onClick: () => {
        if (change.kind === "created") setConfirming({ ...change, requestId });
        else run(change, requestId, false);
      },
    };
  }

  const dialog = (
    <ConfirmDialog
      open={confirming !== null}
      onOpenChange={(open) => {
        if (!open) setConfirming(null);
      }}
      title="Undo the new annotation?"
      description={
        confirming ? `Undoing removes "${confirming.title}" from Google Analytics.` : undefined
      }
      confirmLabel="Remove it"
      destructive
      pending={undo.isPending}
      onConfirm={() => {
        if (confirming) run(confirming, confirming.requestId, true);
      }}
    />
  );
  return { actionFor, dialog };
}
