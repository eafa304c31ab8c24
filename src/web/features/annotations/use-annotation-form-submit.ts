import {
  describeOutcomes,
  outcomesTitle,
  type PropertyOutcome,
} from "../../../shared/contracts/annotation-sets";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import type { AnnotationFormDialogProps, SetChoices } from "./annotation-form-types";
import { createRequestOf, updateRequestOf, type FormValues } from "./annotation-form-values";
import { anyDone } from "./annotation-sets-api";
import { titleWithCategory } from "./use-annotation-category";
import type { AnnotationForm } from "./use-annotation-form";

function reportFailure(title: string, error: unknown) {
  toast({
    variant: "destructive",
    title,
    description: serverErrorMessage(error) ?? "Google Analytics did not answer. Please try again.",
  });
}

type SubmitProps = AnnotationFormDialogProps & { sets?: SetChoices };

/**
 * What the dialogs' submit does: a create on this property or on several, an edit of this
 * annotation alone or of its copies too, or nothing (closed) when no field changed.
 */
export function useAnnotationFormSubmit(props: SubmitProps, form: AnnotationForm) {
  const { propertyId = "", onOpenChange, sets } = props;

  /** The toast naming each property's outcome; the dialog closes once any write landed. */
  function reportOutcomes(outcomes: readonly PropertyOutcome[], verb: string, title: string) {
    const landed = anyDone(outcomes);
    toast({
      ...(landed ? {} : { variant: "destructive" as const }),
      title: outcomesTitle(outcomes, verb, title),
      description: describeOutcomes(outcomes, verb),
    });
    if (landed) onOpenChange(false);
  }

  function create(chosen: FormValues, props: SubmitProps & { mode: "create" }) {
    const request = createRequestOf(chosen);
    if (!request) return;
    const full = { ...request, ...form.category.createField() };
    const choices = form.targets.choices;
    // The current property first, then the others in the order they are listed.
    const propertyIds = [propertyId, ...choices.map((property) => property.propertyId)].filter(
      (id, index, all) => form.targets.chosen.includes(id) && all.indexOf(id) === index,
    );
    if (
      !sets ||
      choices.length === 0 ||
      (propertyIds.length === 1 && propertyIds[0] === propertyId)
    )
      props.onCreate(full);
    else
      sets.createOnMany.mutate(
        { propertyIds, annotation: { ...full, requestId: props.requestId } },
        {
          onSuccess: ({ outcomes }) => reportOutcomes(outcomes, "Added to", "Annotation created"),
          onError: (error) => reportFailure("Error creating annotation", error),
        },
      );
  }

  function update(chosen: FormValues, props: SubmitProps & { mode: "edit" }) {
    const fields = updateRequestOf(chosen, props.annotation);
    if (!fields) return;
    const changes = { ...fields, ...form.category.updateField(props.annotation.categoryId) };
    if (Object.keys(changes).length === 0) onOpenChange(false);
    else if (sets && form.copies.list.length > 0 && form.copies.alsoCopies)
      sets.updateMany.mutate(
        { annotationId: props.annotation.annotationId, changes },
        {
          onSuccess: ({ outcomes }) => reportOutcomes(outcomes, "Changed in", "Annotation updated"),
          onError: (error) => reportFailure("Error updating annotation", error),
        },
      );
    else props.onUpdate(changes);
  }

  return function handleSubmit() {
    form.setTitleTouched(true);
    if (form.invalid || form.pending) return;
    const { values, isCreate } = form;
    // A title typed after the category was chosen gets its prefix too (a new annotation only).
    const title = isCreate ? titleWithCategory(values.title, form.category.selected) : values.title;
    const chosen = { ...values, title, color: form.color };
    if (props.mode === "create") create(chosen, props);
    else update(chosen, props);
  };
}
