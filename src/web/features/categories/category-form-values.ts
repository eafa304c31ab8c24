import { isAnnotationColor } from "../../../shared/annotation-colors";
import {
  categoryDescriptionMaxLength,
  categoryNameMaxLength,
  categoryPresets,
  defaultTitleTemplate,
  normalizeTitleTemplate,
  titleTemplateMaxLength,
  type CategoryPreset,
} from "../../../shared/categories";
import type {
  Category,
  CreateCategoryRequest,
  UpdateCategoryRequest,
} from "../../../shared/contracts/categories";
import { cleanTextProblem } from "../../../shared/contracts/clean-text";

export const missingFieldsMessage = "Please fill in the category name and color";

export interface CategoryFormValues {
  name: string;
  color: string;
  description: string;
  titleTemplate: string;
}

export type PresetChoice = CategoryPreset["key"] | "custom";
export type PatternChoice = CategoryPreset["key"] | "default" | "custom";

export const patternTemplates: { value: Exclude<PatternChoice, "custom">; template: string }[] = [
  { value: "default", template: defaultTitleTemplate },
  ...categoryPresets.map((preset) => ({ value: preset.key, template: preset.titleTemplate })),
];

/** Which listed pattern a template is, so the select shows it; anything else is custom. */
export function patternOf(template: string): PatternChoice {
  const normalized = normalizeTitleTemplate(template);
  return patternTemplates.find((pattern) => pattern.template === normalized)?.value ?? "custom";
}

export function initialValues(category: Category | undefined): CategoryFormValues {
  return {
    name: category?.name ?? "",
    color: category?.color ?? "",
    description: category?.description ?? "",
    titleTemplate: category?.titleTemplate ?? "",
  };
}

/** Why the server would refuse the typed text (the same shared rules), or null. */
export function problemsOf(values: CategoryFormValues) {
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
