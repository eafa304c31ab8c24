import type { CreateAnnotationRequest } from "../../../shared/contracts/annotations";
import type { AcceptSuggestionRequest, Suggestion } from "../../../shared/contracts/suggestions";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import {
  useAcceptSuggestion,
  useBulkSuggestions,
  useDismissSuggestion,
  useRestoreSuggestion,
} from "./inbox-api";

function failureToast(title: string, error: unknown) {
  toast({
    variant: "destructive",
    title,
    description: serverErrorMessage(error) ?? "Please try again in a moment.",
  });
}

/** With the dialog's fields, the person's choice of no category is sent as null. */
function acceptEdits(edited?: CreateAnnotationRequest): AcceptSuggestionRequest {
  return edited
    ? {
        title: edited.title,
        ...(edited.description !== undefined ? { description: edited.description } : {}),
        ...(edited.annotationDate ? { annotationDate: edited.annotationDate } : {}),
        ...(edited.annotationDateRange ? { annotationDateRange: edited.annotationDateRange } : {}),
        ...(edited.color ? { color: edited.color } : {}),
        categoryId: edited.categoryId ?? null,
      }
    : {};
}

/** The inbox's decisions, each saying how it went: accept, dismiss (with Undo), several at once. */
export function useInboxDecisions(
  propertyId: string,
  { onAccepted, onDecidedMany }: { onAccepted: () => void; onDecidedMany: () => void },
) {
  const accept = useAcceptSuggestion(propertyId);
  const dismiss = useDismissSuggestion(propertyId);
  const restore = useRestoreSuggestion(propertyId);
  const bulk = useBulkSuggestions(propertyId);

  function acceptOne(suggestion: Suggestion, edited?: CreateAnnotationRequest) {
    accept.mutate(
      { id: suggestion.id, edits: acceptEdits(edited) },
      {
        onSuccess: (accepted) => {
          onAccepted();
          toast({
            title: "Suggestion accepted",
            description: `"${accepted?.title ?? suggestion.title}" is now an annotation in GA4.`,
          });
        },
        onError: (error) => failureToast("Could not accept the suggestion", error),
      },
    );
  }

  function dismissOne(suggestion: Suggestion) {
    dismiss.mutate(suggestion.id, {
      onSuccess: () =>
        toast({
          title: "Suggestion dismissed",
          action: {
            label: "Undo",
            altText: "Undo the dismissal",
            onClick: () =>
              restore.mutate(suggestion.id, {
                onError: (error) => failureToast("Could not undo the dismissal", error),
              }),
          },
        }),
      onError: (error) => failureToast("Could not dismiss the suggestion", error),
    });
  }

  function decideMany(action: "accept" | "dismiss", ids: string[]) {
    bulk.mutate(
      { action, ids },
      {
        onSuccess: (answer) => {
          onDecidedMany();
          const results = answer?.results ?? [];
          const done = results.filter((result) => result.ok).length;
          const refused = results.find((result) => !result.ok);
          toast({
            title: `${done} of ${results.length} ${action === "accept" ? "accepted" : "dismissed"}`,
            ...(refused && !refused.ok ? { description: refused.error } : {}),
          });
        },
        onError: (error) => failureToast("Could not decide the suggestions", error),
      },
    );
  }

  return {
    acceptOne,
    dismissOne,
    decideMany,
    accepting: accept.isPending,
    busy: accept.isPending || dismiss.isPending,
    bulkPending: bulk.isPending,
  };
}
