import type { AnnotationCategory, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import { isAnnotationColor, defaultAnnotationColor } from "../../../shared/annotation-colors.js";
import { categoriesPerPersonLimit } from "../../../shared/categories.js";
import {
  categoryId as categoryIdSchema,
  type Category,
} from "../../../shared/contracts/categories.js";
import { capabilitiesOf, premiumFeatureMessages } from "../../../shared/plans.js";

export const categoryNotFoundMessage = "That category was not found.";
export const categoryLimitMessage = `You can keep up to ${categoriesPerPersonLimit} categories. Delete one to add another.`;
export const nameTakenMessage = (name: string) => `You already have a category named "${name}".`;

/** Whether the person's plan includes categories (a free user's stay stored but unusable). */
export function canUseCategories(user: Pick<User, "subscriptionTier">): boolean {
  return capabilitiesOf(user.subscriptionTier).canUseCategories;
}

export function requirePremium(user: User): void {
  if (!canUseCategories(user)) {
    throw new AppError("premium_required", premiumFeatureMessages.categories);
  }
}

export const notFound = () => new AppError("category_not_found", categoryNotFoundMessage);

/** A path or tool argument that is not even an id names no category: the same 404, so ids leak nothing. */
export function idOf(id: unknown): string {
  const parsed = categoryIdSchema.safeParse(id);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

export function toCategory(row: AnnotationCategory): Category {
  return {
    id: row.id,
    name: row.name,
    color: isAnnotationColor(row.color) ? row.color : defaultAnnotationColor,
    description: row.description,
    titleTemplate: row.titleTemplate,
    isDefault: row.isDefault === "true",
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
