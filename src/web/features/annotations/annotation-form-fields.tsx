import { readOnlyChoiceNote, readOnlyPropertyReason } from "../../../shared/property-access";
import { ColorSwatchField } from "../../components/color-swatch";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { CategorySelect } from "./category-select";
import { titleWithCategory } from "./use-annotation-category";
import type { AnnotationForm, PropertyTargets } from "./use-annotation-form";

const fieldClass =
  "w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 sm:text-sm";

/** The title, with the chosen category's prefix and the way its titles are written. */
export function TitleField({ form }: { form: AnnotationForm }) {
  const { category, titleHint, values, set, isCreate } = form;
  return (
    <FormField
      label="Title"
      error={form.titleTouched && form.titleMissing ? "Title is required" : form.titleProblem}
      hint={
        titleHint && category.selected
          ? `Titles in ${category.selected.name} follow ${titleHint}`
          : undefined
      }
    >
      {(field) => (
        <Input
          {...field}
          data-autofocus
          value={values.title}
          required
          placeholder={titleHint ?? "e.g. Winter sale launch"}
          onChange={(event) => set("title", event.target.value)}
          onBlur={() => {
            form.setTitleTouched(true);
            if (isCreate) set("title", titleWithCategory(values.title, category.selected));
          }}
        />
      )}
    </FormField>
  );
}

export function DescriptionField({ form }: { form: AnnotationForm }) {
  return (
    <FormField label="Description" error={form.descriptionProblem}>
      {(field) => (
        <textarea
          {...field}
          rows={3}
          value={form.values.description}
          placeholder="Optional details"
          onChange={(event) => form.set("description", event.target.value)}
          className={fieldClass}
        />
      )}
    </FormField>
  );
}

/** The category, and the colour it decides (the person's choice without one). */
export function CategoryAndColor({ form, onLeave }: { form: AnnotationForm; onLeave: () => void }) {
  const { category, isCreate, set } = form;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <CategorySelect
        state={category}
        onPick={(id) => {
          const previous = category.selected;
          const picked = category.pick(id);
          // A new title follows the category; an existing one is the person's to change.
          if (isCreate) set("title", titleWithCategory(form.values.title, picked, previous));
        }}
        onLeave={onLeave}
      />
      <ColorSwatchField
        label="Color"
        value={form.color}
        onChange={(next) => set("color", next)}
        lockedBy={category.selected ? `Set by the category ${category.selected.name}` : undefined}
      />
    </div>
  );
}

/** "Add it to": the person's other saved properties a new annotation may go to as well. */
export function PropertyTargetsField({
  targets,
  readOnlyNoteId,
}: {
  targets: PropertyTargets;
  readOnlyNoteId: string;
}) {
  const { readOnly } = targets;
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5">
      <legend className="mb-1 text-sm font-medium">Add it to</legend>
      {targets.choices.map((property) => (
        <label
          key={property.propertyId}
          className="flex items-center gap-2 text-sm has-[:disabled]:text-muted-foreground"
          title={
            readOnly.has(property.propertyId)
              ? readOnlyPropertyReason(property.propertyId, property.name)
              : undefined
          }
        >
          <input
            type="checkbox"
            className="size-4 shrink-0 accent-primary"
            checked={targets.chosen.includes(property.propertyId)}
            disabled={readOnly.has(property.propertyId)}
            aria-describedby={readOnly.has(property.propertyId) ? readOnlyNoteId : undefined}
            onChange={(event) => {
              const { checked } = event.target;
              targets.setTargets((previous) =>
                checked
                  ? [...previous, property.propertyId]
                  : previous.filter((id) => id !== property.propertyId),
              );
            }}
          />
          <span className="min-w-0 break-words">
            {property.name}
            {readOnly.has(property.propertyId) ? " (read-only)" : ""}
          </span>
        </label>
      ))}
      <p className="text-xs text-muted-foreground">
        {targets.noTarget
          ? "Choose at least one property."
          : "Each property counts as one annotation of the day's allowance."}
      </p>
      {targets.anyReadOnly ? (
        <p id={readOnlyNoteId} className="text-xs text-muted-foreground">
          {readOnlyChoiceNote}
        </p>
      ) : null}
    </fieldset>
  );
}
