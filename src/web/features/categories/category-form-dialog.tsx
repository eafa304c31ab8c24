import { useState } from "react";
import { isAnnotationColor } from "../../../shared/annotation-colors";
import {
  categoryDescriptionMaxLength,
  categoryNameMaxLength,
  categoryPresets,
} from "../../../shared/categories";
import type {
  Category,
  CreateCategoryRequest,
  UpdateCategoryRequest,
} from "../../../shared/contracts/categories";
import { ColorOptions } from "../../components/color-options";
import { FormDialog } from "../../components/ui/form-dialog";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/use-toast";
import {
  createCategoryRequestOf,
  initialValues,
  missingFieldsMessage,
  patternOf,
  patternTemplates,
  problemsOf,
  updateCategoryRequestOf,
  type CategoryFormValues,
  type PatternChoice,
  type PresetChoice,
} from "./category-form-values";
import { TitleTemplateField } from "./title-template-field";

type CategoryFormProps =
  | { mode: "create"; category?: undefined; onCreate: (request: CreateCategoryRequest) => void }
  | { mode: "edit"; category: Category; onUpdate: (changes: UpdateCategoryRequest) => void };

/** A label with the red star of a required field; the star is not read out, `required` says it. */
function RequiredLabel({ children }: { children: string }) {
  return (
    <>
      {children}{" "}
      <span aria-hidden="true" className="text-destructive">
        *
      </span>
    </>
  );
}

/** The form's values, with the preset and pattern choices that fill them in. */
function useCategoryFormValues(category: Category | undefined) {
  const [values, setValues] = useState(() => initialValues(category));
  const [preset, setPreset] = useState<PresetChoice>("custom");
  const [pattern, setPattern] = useState<PatternChoice>(() =>
    patternOf(category?.titleTemplate ?? ""),
  );

  function set<K extends keyof CategoryFormValues>(key: K, value: CategoryFormValues[K]) {
    setValues((previous) => ({ ...previous, [key]: value }));
  }

  function choosePreset(choice: PresetChoice) {
    setPreset(choice);
    const chosen = categoryPresets.find((candidate) => candidate.key === choice);
    if (!chosen) return;
    setValues({
      name: chosen.name,
      color: chosen.color,
      description: chosen.description,
      titleTemplate: chosen.titleTemplate,
    });
    setPattern(chosen.key);
  }

  function choosePattern(choice: PatternChoice) {
    setPattern(choice);
    const chosen = patternTemplates.find((candidate) => candidate.value === choice);
    if (chosen) set("titleTemplate", chosen.template);
  }

  function typeTemplate(template: string) {
    set("titleTemplate", template);
    setPattern(patternOf(template));
  }

  return { values, set, preset, choosePreset, pattern, choosePattern, typeTemplate };
}

function PresetField({
  preset,
  onChoose,
}: {
  preset: PresetChoice;
  onChoose: (choice: PresetChoice) => void;
}) {
  return (
    <FormField label="Template Preset">
      {(field) => (
        <NativeSelect
          {...field}
          value={preset}
          onChange={(event) => onChoose(event.target.value as PresetChoice)}
        >
          <option value="custom">Custom</option>
          {categoryPresets.map((candidate) => (
            <option key={candidate.key} value={candidate.key}>
              {candidate.name}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

/** The category's name, colour and description. */
function CategoryFields({
  values,
  problems,
  onChange: set,
}: {
  values: CategoryFormValues;
  problems: ReturnType<typeof problemsOf>;
  onChange: <K extends keyof CategoryFormValues>(key: K, value: CategoryFormValues[K]) => void;
}) {
  return (
    <>
      <FormField label={<RequiredLabel>Category Name</RequiredLabel>} error={problems.name}>
        {(field) => (
          <Input
            {...field}
            data-autofocus
            required
            value={values.name}
            maxLength={categoryNameMaxLength}
            placeholder="e.g. Campaigns & Promos"
            onChange={(event) => set("name", event.target.value)}
          />
        )}
      </FormField>
      <FormField label={<RequiredLabel>Color</RequiredLabel>}>
        {(field) => (
          <NativeSelect
            {...field}
            required
            value={values.color}
            onChange={(event) => set("color", event.target.value)}
          >
            <option value="" disabled>
              Select a color
            </option>
            <ColorOptions />
          </NativeSelect>
        )}
      </FormField>
      <FormField label="Description" error={problems.description}>
        {(field) => (
          <Textarea
            {...field}
            rows={3}
            value={values.description}
            maxLength={categoryDescriptionMaxLength}
            placeholder="What belongs in this category"
            onChange={(event) => set("description", event.target.value)}
          />
        )}
      </FormField>
    </>
  );
}

/**
 * The create and edit dialog of /categories: a preset fills every field, the pattern select
 * fills the template. Mount it with a `key` per opening so each opening starts fresh.
 */
export function CategoryFormDialog(
  props: CategoryFormProps & {
    open: boolean;
    onOpenChange: (open: boolean) => void;
    pending: boolean;
  },
) {
  const { mode, category, open, onOpenChange, pending } = props;
  const { values, set, preset, choosePreset, pattern, choosePattern, typeTemplate } =
    useCategoryFormValues(category);
  const isCreate = mode === "create";
  const problems = problemsOf(values);
  const hasProblem = Object.values(problems).some((found) => found !== null);

  function handleSubmit() {
    if (!values.name.trim() || !isAnnotationColor(values.color)) {
      toast({
        variant: "destructive",
        title: "Validation error",
        description: missingFieldsMessage,
      });
      return;
    }
    if (hasProblem) return;
    if (props.mode === "create") {
      const request = createCategoryRequestOf(values);
      if (request) props.onCreate(request);
      return;
    }
    const changes = updateCategoryRequestOf(values, props.category);
    if (!changes) return;
    if (Object.keys(changes).length === 0) onOpenChange(false);
    else props.onUpdate(changes);
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={isCreate ? "Create Category" : "Edit Category"}
      description={
        isCreate
          ? "Start from a template preset or build your own category."
          : "Update the category details below."
      }
      submitLabel={isCreate ? "Create Category" : "Update Category"}
      submitDisabled={hasProblem}
      pending={pending}
      onSubmit={handleSubmit}
    >
      <PresetField preset={preset} onChoose={choosePreset} />
      <CategoryFields values={values} problems={problems} onChange={set} />
      <TitleTemplateField
        pattern={pattern}
        template={values.titleTemplate}
        problem={problems.titleTemplate}
        onChoosePattern={choosePattern}
        onType={typeTemplate}
      />
    </FormDialog>
  );
}
