import { useState, type ReactNode } from "react";
import type { AnnotationChangeKind } from "../../../shared/contracts/annotation-history";
import { describeUndo, undoWords } from "../../../shared/undo-words";
import {
  DeferredConfirmDialog as ConfirmDialog,
  preloadConfirmDialog,
} from "../../components/ui/deferred-confirm-dialog";
import { toast, type ToastActionOptions } from "../../components/ui/use-toast";
import { isApiError } from "../../lib/api-client";
import { serverErrorMessage } from "../../lib/api-error-message";
import { newRequestId } from "../../lib/request-id";
import { useUndoChange } from "./annotations-api";

/** A change a success toast offers to undo: what it was, and the annotation's title for words. */
export interface UndoableChange {
  changeId: string | null;
  kind: AnnotationChangeKind;
  title: string;
}

/** Failures an undo survives: Google busy, unavailable, or not confirming what it did. */
const retryableCodes: ReadonlySet<string> = new Set([
  "google_busy",
  "google_unavailable",
  "google_unconfirmed",
]);

/** A toast with Undo stays a little longer than the usual five seconds, to leave time to reach it. */
export const undoToastDurationMs = 10_000;

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
          toast({ title: undoWords.done, description: describeUndo(answer, change.title) });
        },
        onError: (error) => {
          setConfirming(null);
          // Google failed, or did not confirm: the change is still undoable, and the same request
          // id again is answered from the first try if that one did reach Google.
          const again = !isApiError(error) || retryableCodes.has(error.code ?? "");
          toast({
            variant: "destructive",
            title: "Could not undo",
            description: serverErrorMessage(error) ?? undoWords.failed,
            ...(again
              ? {
                  duration: Infinity,
                  action: {
                    label: "Undo again",
                    altText: `Undo again: ${change.title}`,
                    onClick: () => run(change, requestId, confirm),
                  },
                }
              : {}),
          });
        },
      },
    );
  }

  function actionFor(change: UndoableChange): ToastActionOptions | undefined {
    if (!change.changeId) return undefined;
    // Undoing a create asks first: the question's code comes while the toast is up.
    if (change.kind === "created") preloadConfirmDialog();
    const requestId = newRequestId();
    return {
      label: undoWords.label,
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
      title={undoWords.createTitle}
      description={confirming ? undoWords.createDescription(confirming.title) : undefined}
      confirmLabel={undoWords.createConfirm}
      destructive
      pending={undo.isPending}
      onConfirm={() => {
        if (confirming) run(confirming, confirming.requestId, true);
      }}
    />
  );
  return { actionFor, dialog };
}
