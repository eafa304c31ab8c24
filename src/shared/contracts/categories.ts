import { z } from "zod";
import { annotationColors, type AnnotationColor } from "../annotation-colors.js";
import {
  categoryDescriptionMaxLength,
  categoryNameMaxLength,
  normalizeTitleTemplate,
  titleTemplateMaxLength,
} from "../categories.js";
import { cleanText, cleanTextMessages } from "./clean-text.js";

/** A category as the API returns it (GET /api/categories and every write). */
export interface Category {
  id: string;
  name: string;
  color: AnnotationColor;
  description: string | null;
  titleTemplate: string | null;
  /** One of the recommended set, added with 'Add the five recommended categories'. */
  isDefault: boolean;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
}

export interface CategoryListResponse {
  categories: Category[];
  /** How many of the person's annotations each category holds, by category id. */
  annotationCounts: Record<string, number>;
}

/** POST /api/categories/recommended: the recommended categories added (none already held). */
export interface RecommendedCategoriesResponse {
  categories: Category[];
}

export interface CategoryDeletedResponse {
  deleted: true;
}

export const categoryId = z.uuid({ message: "That category was not found." });

/**
 * The stored name is a varchar of 100: besides the visible length, its code points must fit.
 * The form's maxLength (UTF-16 units) is stricter still, so only hand-made requests meet this.
 */
const name = cleanText({
  label: "Category name",
  maxLength: categoryNameMaxLength,
  required: true,
}).refine(
  (text) => Array.from(text).length <= categoryNameMaxLength,
  cleanTextMessages("Category name", categoryNameMaxLength).tooLong,
);

const color = z.enum(annotationColors, {
  message: `Color must be one of ${annotationColors.join(", ")}`,
});

/** Blank or null means "no description". */
const description = cleanText({
  label: "Description",
  maxLength: categoryDescriptionMaxLength,
  multiline: true,
})
  .nullable()
  .transform((value) => (value ? value : null));

/** Blank or null means "no template"; otherwise stored with its segments joined by " · ". */
const titleTemplate = cleanText({ label: "Title template", maxLength: titleTemplateMaxLength })
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
