import { z } from "zod";
import { annotationColors, type AnnotationColor } from "../annotation-colors.js";
import {
  categoryDescriptionMaxLength,
  categoryNameMaxLength,
  normalizeTitleTemplate,
  titleTemplateMaxLength,
} from "../categories.js";

/** A category as the API returns it (GET /api/categories and every write). */
export interface Category {
  id: string;
  name: string;
  color: AnnotationColor;
  description: string | null;
  titleTemplate: string | null;
  isDefault: boolean;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
}

export interface CategoryListResponse {
  categories: Category[];
}

export interface CategoryDeletedResponse {
  deleted: true;
}

export const categoryId = z.uuid({ message: "That category was not found." });

const name = z
  .string({ message: "Category name is required" })
  .trim()
  .min(1, "Category name is required")
  .max(categoryNameMaxLength, `Category name must be ${categoryNameMaxLength} characters or fewer`);

const color = z.enum(annotationColors, {
  message: `Color must be one of ${annotationColors.join(", ")}`,
});

/** Blank or null means "no description". */
const description = z
  .string({ message: "Description must be text" })
  .trim()
  .max(
    categoryDescriptionMaxLength,
    `Description must be ${categoryDescriptionMaxLength} characters or fewer`,
  )
  .nullable()
  .transform((value) => (value ? value : null));

/** Blank or null means "no template"; otherwise stored with its segments joined by " · ". */
const titleTemplate = z
  .string({ message: "Title template must be text" })
  .trim()
  .max(
    titleTemplateMaxLength,
    `Title template must be ${titleTemplateMaxLength} characters or fewer`,
  )
  .nullable()
  .transform((value, context) => {
    if (value === null) return null;
    const normalized = normalizeTitleTemplate(value);
    if (normalized !== null && typeof normalized === "object") {
      context.addIssue({ code: "custom", message: normalized.error });
      return z.NEVER;
    }
    return normalized;
  });

const unknownField = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === "unrecognized_keys"
      ? `Unknown field${issue.keys && issue.keys.length > 1 ? "s" : ""}: ${issue.keys?.join(", ") ?? ""}`
      : "The request must be a JSON object",
};

export const createCategoryRequest = z.strictObject(
  {
    name,
    color,
    description: description.optional(),
    titleTemplate: titleTemplate.optional(),
  },
  unknownField,
);
export type CreateCategoryRequest = z.input<typeof createCategoryRequest>;
export type CreateCategoryInput = z.output<typeof createCategoryRequest>;

export const updateCategoryRequest = z
  .strictObject(
    {
      name: name.optional(),
      color: color.optional(),
      description: description.optional(),
      titleTemplate: titleTemplate.optional(),
    },
    unknownField,
  )
  .refine((body) => Object.values(body).some((value) => value !== undefined), "Nothing to change");
export type UpdateCategoryRequest = z.input<typeof updateCategoryRequest>;
export type UpdateCategoryInput = z.output<typeof updateCategoryRequest>;
