/**
 * The assistant's plain rules and words that both engines and the capabilities share, apart from
 * the actions themselves so that what reads messages (the reading thread) needs none of the
 * services behind them.
 */
import type { Category } from "../../../shared/contracts/categories.js";
import type { CategoryMatch } from "../categories/categories-service.js";

export const noPropertyMessage =
  "Which property should I use? Choose one in the property picker above, or write its ID (for example: property 123456789).";

/** The most annotations one confirmation may delete. */
export const maxDeletionsPerConfirmation = 20;

/**
 * What the assistant says when a category named in a message is not one of the person's, or
 * could be several: plainly, with the categories they have, and never a category invented.
 */
export function categoryMatchProblem(reference: string, match: CategoryMatch): string | null {
  if (match.kind === "found") return null;
  if (match.kind === "ambiguous") {
    const names = match.candidates.map((c) => c.name);
    return `“${reference}” could be ${names.slice(0, -1).join(", ")} or ${names.at(-1)}. Which category do you mean?`;
  }
  if (match.categories.length === 0)
    return `You don't have a category called “${reference}”. You have no categories yet; create them on the Categories page.`;
  return `You don't have a category called “${reference}”. Your categories: ${match.categories.map((c) => c.name).join(", ")}.`;
}

/**
 * A create or update request put in a category as the annotation dialogs do it: the category's
 * id, and its colour, which a category's annotations always take.
 */
export function inCategory<T extends object>(
  request: T,
  category: Category,
): T & { categoryId: string; color: Category["color"] } {
  return { ...request, categoryId: category.id, color: category.color };
}
