import { useId } from "react";
import type { AnnotationCopy } from "../../../shared/contracts/annotation-sets";
import type { SavedPropertyView } from "../../../shared/contracts/properties";
import { FormDialog } from "../../components/ui/form-dialog";
import { useReadOnlyPropertyIds } from "../../session/read-only-properties";
import { useSavedProperties } from "../../session/saved-properties";
import { AlsoCopiesCheckbox } from "./also-copies-checkbox";
import { AnnotationDateFields } from "./annotation-date-fields";
import {
  CategoryAndColor,
  DescriptionField,
  PropertyTargetsField,
  TitleField,
} from "./annotation-form-fields";
import type { AnnotationFormDialogProps, SetChoices } from "./annotation-form-types";
import { AnnotationImpactSummary } from "./annotation-impact";
import {
  useAnnotationCopies,
  useCreateOnProperties,
  useUpdateWithCopies,
} from "./annotation-sets-api";
import { useAnnotationForm } from "./use-annotation-form";
import { useAnnotationFormSubmit } from "./use-annotation-form-submit";

export { futureDateHint } from "./annotation-date-fields";
export { alsoChangeCopiesLabel } from "./also-copies-checkbox";
export { createRequestOf, updateRequestOf, type AnnotationDraft } from "./annotation-form-values";

const noProperties: SavedPropertyView[] = [];
const noCopies: AnnotationCopy[] = [];

function AnnotationFormWithSets(props: AnnotationFormDialogProps & { propertyId: string }) {
  const { propertyId } = props;
  const createOnMany = useCreateOnProperties();
  const updateMany = useUpdateWithCopies(propertyId);
  // The person's saved properties to add it to: none on a plan that holds one (Free's is locked).
  const saved = useSavedProperties();
  const savedList = saved.data ?? noProperties;
  // The current property first, then the others as the picker lists them.
  const propertyChoices =
    props.mode === "create" && savedList.length > 1 && !savedList.some((p) => p.locked)
      ? [
          ...savedList.filter((p) => p.propertyId === propertyId),
          ...savedList.filter((p) => p.propertyId !== propertyId),
        ]
      : noProperties;
  const readOnly = useReadOnlyPropertyIds();
  const copies = useAnnotationCopies(
    props.mode === "edit" ? propertyId : "",
    props.annotation?.annotationId ?? "",
  );
  return (
    <AnnotationFormBody
      {...props}
      sets={{
        propertyChoices,
        readOnly,
        copyList: copies.data ?? noCopies,
        createOnMany,
        updateMany,
      }}
    />
  );
}

/**
 * The create and edit dialogs. Mount it with a `key`
 * per opening so each opening starts from fresh values.
 */
export function AnnotationFormDialog(props: AnnotationFormDialogProps) {
  return props.propertyId ? (
    <AnnotationFormWithSets {...props} propertyId={props.propertyId} />
  ) : (
    <AnnotationFormBody {...props} />
  );
}

function AnnotationFormBody(props: AnnotationFormDialogProps & { sets?: SetChoices }) {
  const { open, onOpenChange } = props;
  const readOnlyNoteId = useId();
  const form = useAnnotationForm(props);
  const handleSubmit = useAnnotationFormSubmit(props, form);
  const { isCreate } = form;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={isCreate ? "Create New Annotation" : "Edit Annotation"}
      description={
        isCreate
          ? "Add a new annotation to your GA4 property to mark important events."
          : "Update the annotation details below."
      }
      submitLabel={isCreate ? "Create Annotation" : "Update Annotation"}
      submitDisabled={form.invalid}
      pending={form.pending}
      onSubmit={handleSubmit}
    >
      <TitleField form={form} />
      <DescriptionField form={form} />
      <AnnotationDateFields
        values={form.values.dates}
        onChange={(dates) => form.set("dates", dates)}
        isCreate={isCreate}
        today={form.today}
        todayOf={form.todayOf}
      />
      <CategoryAndColor form={form} onLeave={() => onOpenChange(false)} />
      {form.targets.choices.length > 0 ? (
        <PropertyTargetsField targets={form.targets} readOnlyNoteId={readOnlyNoteId} />
      ) : null}
      <AlsoCopiesCheckbox
        copies={form.copies.list}
        verb="change"
        checked={form.copies.alsoCopies}
        onCheckedChange={form.copies.setAlsoCopies}
      />
      {props.mode === "edit" && props.impactOf ? (
        <AnnotationImpactSummary
          propertyId={props.impactOf}
          annotationId={props.annotation.annotationId}
        />
      ) : null}
      {props.mode === "edit" ? props.history : null}
    </FormDialog>
  );
}
