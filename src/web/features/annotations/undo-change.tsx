import { useState, type ReactNode } from "react";
import type { AnnotationChangeKind } from "../../../shared/contracts/annotation-history";
import { describeUndo, undoWords } from "../../../shared/undo-words";
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
          toast({
            variant: "destructive",
            title: "Could not undo",
            description: serverErrorMessage(error) ?? undoWords.failed,
          });
        },
      },
    );
  }

  function actionFor(change: UndoableChange): ToastActionOptions | undefined {
    if (!change.changeId) return undefined;
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
