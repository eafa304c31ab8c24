import { useId, useState } from "react";
import { isAnnotationColor } from "../../../shared/annotation-colors";
import {
  categoryDescriptionMaxLength,
  categoryNameMaxLength,
  categoryPresets,
  defaultTitleTemplate,
  normalizeTitleTemplate,
  titleTemplateExample,
  titleTemplateMaxLength,
  type CategoryPreset,
} from "../../../shared/categories";
import type {
  Category,
  CreateCategoryRequest,
  UpdateCategoryRequest,
} from "../../../shared/contracts/categories";
import { cleanTextProblem } from "../../../shared/contracts/clean-text";
import { FormDialog } from "../../components/ui/form-dialog";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { ColorOptions } from "../../components/color-options";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/use-toast";

export const missingFieldsMessage = "Please fill in the category name and color";

export interface CategoryFormValues {
  name: string;
  color: string;
  description: string;
  titleTemplate: string;
}

type PresetChoice = CategoryPreset["key"] | "custom";
type PatternChoice = CategoryPreset["key"] | "default" | "custom";

const patternTemplates: { value: Exclude<PatternChoice, "custom">; template: string }[] = [
  { value: "default", template: defaultTitleTemplate },
  ...categoryPresets.map((preset) => ({ value: preset.key, template: preset.titleTemplate })),
];

/** Which listed pattern a template is, so the select shows it; anything else is custom. */
function patternOf(template: string): PatternChoice {
  const normalized = normalizeTitleTemplate(template);
  return patternTemplates.find((pattern) => pattern.template === normalized)?.value ?? "custom";
}

function initialValues(category: Category | undefined): CategoryFormValues {
  return {
    name: category?.name ?? "",
    color: category?.color ?? "",
    description: category?.description ?? "",
    titleTemplate: category?.titleTemplate ?? "",
  };
}

/** Why the server would refuse the typed text (the same shared rules), or null. */
function problemsOf(values: CategoryFormValues) {
  const normalized = normalizeTitleTemplate(values.titleTemplate);
  return {
    name: cleanTextProblem(values.name, {
      label: "Category name",
      maxLength: categoryNameMaxLength,
    }),
    description: cleanTextProblem(values.description, {
      label: "Description",
      maxLength: categoryDescriptionMaxLength,
      multiline: true,
    }),
    titleTemplate:
      cleanTextProblem(values.titleTemplate, {
        label: "Title template",
        maxLength: titleTemplateMaxLength,
      }) ?? (normalized !== null && typeof normalized === "object" ? normalized.error : null),
  };
}

/** The create body: description and template only when filled in. */
export function createCategoryRequestOf(values: CategoryFormValues): CreateCategoryRequest | null {
  const name = values.name.trim();
  if (!name || !isAnnotationColor(values.color)) return null;
  const request: CreateCategoryRequest = { name, color: values.color };
  if (values.description.trim()) request.description = values.description.trim();
  if (values.titleTemplate.trim()) request.titleTemplate = values.titleTemplate.trim();
  return request;
}

/** Only the fields that changed; a cleared description or template is sent as null. */
export function updateCategoryRequestOf(
  values: CategoryFormValues,
  original: Category,
): UpdateCategoryRequest | null {
  const name = values.name.trim();
  if (!name || !isAnnotationColor(values.color)) return null;
  const changes: UpdateCategoryRequest = {};
  if (name !== original.name) changes.name = name;
  if (values.color !== original.color) changes.color = values.color;
  const description = values.description.trim();
  if (description !== (original.description ?? "")) changes.description = description || null;
  const template = values.titleTemplate.trim();
  if (template !== (original.titleTemplate ?? "")) changes.titleTemplate = template || null;
  return changes;
}

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
  const [values, setValues] = useState(() => initialValues(category));
  const [preset, setPreset] = useState<PresetChoice>("custom");
  const [pattern, setPattern] = useState<PatternChoice>(() =>
    patternOf(category?.titleTemplate ?? ""),
  );
  const ids = {
    pattern: useId(),
    template: useId(),
    templateHint: useId(),
    templateError: useId(),
  };
  const isCreate = mode === "create";
  const problems = problemsOf(values);
  const problem = problems.titleTemplate;
  const hasProblem = Object.values(problems).some((found) => found !== null);

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
      <FormField label="Template Preset">
        {(field) => (
          <NativeSelect
            {...field}
            value={preset}
            onChange={(event) => choosePreset(event.target.value as PresetChoice)}
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
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-2 text-sm leading-none font-medium">Title Template</legend>
        <Label htmlFor={ids.pattern} className="sr-only">
          Title template pattern
        </Label>
        <NativeSelect
          id={ids.pattern}
          value={pattern}
          onChange={(event) => choosePattern(event.target.value as PatternChoice)}
        >
          <option value="custom">Custom pattern</option>
          {patternTemplates.map((candidate) => (
            <option key={candidate.value} value={candidate.value}>
              {candidate.template}
            </option>
          ))}
        </NativeSelect>
        <Label htmlFor={ids.template} className="sr-only">
          Title template
        </Label>
        <Input
          id={ids.template}
          value={values.titleTemplate}
          maxLength={titleTemplateMaxLength}
          placeholder={defaultTitleTemplate}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${ids.templateError} ${ids.templateHint}` : ids.templateHint}
          onChange={(event) => {
            set("titleTemplate", event.target.value);
            setPattern(patternOf(event.target.value));
          }}
        />
        {problem ? (
          <p id={ids.templateError} className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
        <p id={ids.templateHint} className="text-xs break-words text-muted-foreground">
          Separate the segments with “ · ”, for example: {titleTemplateExample}
        </p>
      </fieldset>
    </FormDialog>
  );
}
