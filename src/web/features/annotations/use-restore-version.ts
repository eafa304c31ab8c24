import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type {
  AnnotationChange,
  RestoreVersionResponse,
} from "../../../shared/contracts/annotation-history";
import type { Annotation } from "../../../shared/contracts/annotations";
import { formatMoment } from "../../../shared/annotation-dates";
import { toast, type ToastActionOptions } from "../../components/ui/use-toast";
import { apiRequest } from "../../lib/api-client";
import { serverErrorMessage } from "../../lib/api-error-message";
import { newRequestId } from "../../lib/request-id";
import { annotationsPath, applyChangeAnswer } from "./annotations-api";
import { undoToastDurationMs, type UndoableChange } from "./undo-change";

/**
 * Restores one entry of an annotation's history (the annotation reads as that change left it; a
 * deletion's entry brings it back). The request id is chosen once per restore asked for, so a
 * second click or a retry is answered with the first one's result. Kept beside the history, the
 * one place that restores, so the dashboard's first screen never carries it.
 */
function useRestoreVersion(propertyId: string, annotationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ changeId, requestId }: { changeId: string; requestId: string }) =>
      apiRequest<RestoreVersionResponse>(
        `${annotationsPath(propertyId, annotationId)}/history/${encodeURIComponent(changeId)}/restore`,
        { method: "POST", body: { requestId } },
      ),
    onSuccess: (answer) => applyChangeAnswer(queryClient, propertyId, answer),
  });
}

/** What Restore asks before it overwrites. */
export function restoreQuestion(change: AnnotationChange, title: string, at: string) {
  if (change.kind === "deleted")
    return {
      title: "Bring it back?",
      description: `“${change.before?.title ?? title}” is made again in Google Analytics as it was before it was deleted on ${at}.`,
    };
  const when =
    change.kind === "created" ? `when it was created on ${at}` : `after the edit of ${at}`;
  return {
    title: "Restore this version?",
    description: `“${title}” will read again as it did ${when}: its title, dates, colour, category and description. The restore is recorded in the history, so you can undo it.`,
  };
}

/**
 * Restore on a history entry: the question it asks first (`asking`), then the restore and the
 * toast that says what it did, with its Undo.
 */
export function useRestoreFlow({
  propertyId,
  annotation,
  timeZone,
  onRestored,
  undoActionFor,
}: {
  propertyId: string;
  annotation: Annotation;
  timeZone: string | null;
  onRestored?: (answer: RestoreVersionResponse) => void;
  undoActionFor?: (change: UndoableChange) => ToastActionOptions | undefined;
}) {
  const restore = useRestoreVersion(propertyId, annotation.annotationId);
  const [asking, setAsking] = useState<{ change: AnnotationChange; requestId: string } | null>(
    null,
  );

  function confirmRestore() {
    if (!asking) return;
    const { change, requestId } = asking;
    const at = formatMoment(change.at, timeZone);
    restore.mutate(
      { changeId: change.changeId, requestId },
      {
        onSuccess: (answer) => {
          setAsking(null);
          const title = answer.annotation?.title ?? annotation.title;
          const action = undoActionFor?.({
            changeId: answer.change.changeId,
            kind: answer.change.kind,
            title,
          });
          toast({
            title: "Restored",
            description:
              change.kind === "deleted"
                ? `"${title}" is back in GA4.`
                : `"${title}" reads again as it did on ${at}.`,
            ...(action ? { action, duration: undoToastDurationMs } : {}),
          });
          onRestored?.(answer);
        },
        onError: (error) => {
          setAsking(null);
          toast({
            variant: "destructive",
            title: "Could not restore",
            description:
              serverErrorMessage(error) ?? "The version could not be restored. Try again.",
          });
        },
      },
    );
  }

  return {
    asking,
    ask: (change: AnnotationChange) => setAsking({ change, requestId: newRequestId() }),
    cancel: () => {
      if (!restore.isPending) setAsking(null);
    },
    pending: restore.isPending,
    confirmRestore,
  };
}
