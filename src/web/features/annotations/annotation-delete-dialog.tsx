import { useState } from "react";
import type { Annotation } from "../../../shared/contracts/annotations";
import { describeOutcomes, outcomesTitle } from "../../../shared/contracts/annotation-sets";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import { AlsoCopiesCheckbox } from "./also-copies-checkbox";
import { anyDone, useAnnotationCopies, useRemoveWithCopies } from "./annotation-sets-api";

/**
 * "Are you sure?" before a delete. An annotation with copies on the person's other properties
 * (decision 0058) offers to delete them too, ticked by default; the copies are asked for only
 * when the dialog opens, so this loads with the dialogs, not on the first screen.
 */
export function AnnotationDeleteDialog({
  annotation,
  propertyId,
  pending,
  onOpenChange,
  onDeleteOne,
}: {
  annotation: Annotation;
  propertyId: string;
  /** The single delete is under way. */
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  /** Deletes this annotation alone, as before copies existed. */
  onDeleteOne: () => void;
}) {
  const copies = useAnnotationCopies(propertyId, annotation.annotationId);
  const copyList = copies.data ?? [];
  const [alsoCopies, setAlsoCopies] = useState(true);
  const removeMany = useRemoveWithCopies(propertyId);
  const withCopies = copyList.length > 0 && alsoCopies;

  return (
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title="Delete Annotation"
      description={
        withCopies
          ? `Are you sure you want to delete "${annotation.title}" and its copies? This removes them from Google Analytics.`
          : `Are you sure you want to delete "${annotation.title}"? This removes it from Google Analytics; you can undo it straight after.`
      }
      confirmLabel="Delete"
      destructive
      pending={pending || removeMany.isPending}
      onConfirm={() => {
        if (!withCopies) {
          onDeleteOne();
          return;
        }
        removeMany.mutate(annotation.annotationId, {
          onSuccess: ({ outcomes }) => {
            const landed = anyDone(outcomes);
            toast({
              ...(landed ? {} : { variant: "destructive" as const }),
              title: landed
                ? outcomesTitle(outcomes, "Deleted from", "Annotation deleted")
                : "Nothing was deleted",
              description: describeOutcomes(outcomes, "Deleted from"),
            });
            onOpenChange(false);
          },
          onError: (error) => {
            onOpenChange(false);
            toast({
              variant: "destructive",
              title: "Error deleting annotation",
              description:
                serverErrorMessage(error) ??
                "Failed to delete annotation in GA4. Please try again.",
            });
          },
        });
      }}
    >
      <AlsoCopiesCheckbox
        copies={copyList}
        verb="delete"
        checked={alsoCopies}
        onCheckedChange={setAlsoCopies}
      />
    </ConfirmDialog>
  );
}
