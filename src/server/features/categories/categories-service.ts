import type { User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import {
  categoryId as categoryIdSchema,
  type Category,
} from "../../../shared/contracts/categories.js";
import type { CategoriesRepository } from "./categories-repository.js";
import { matchCategory, type CategoryMatch } from "./category-match.js";
import {
  categoryNotFoundMessage,
  idOf,
  notFound,
  requirePremium,
  toCategory,
} from "./category-rules.js";
import { createCategoryWrites } from "./category-writes.js";

export { matchCategory, type CategoryMatch } from "./category-match.js";
export {
  canUseCategories,
  categoryLimitMessage,
  categoryNotFoundMessage,
  nameTakenMessage,
  toCategory,
} from "./category-rules.js";

/**
 * A person's categories. The one path to them for the REST routes, the annotation rules, the
 * assistant and the audit, so every caller gets the same plan check, ownership and validation.
 * Another person's category is "not found", never "forbidden".
 */
export function createCategoriesService(deps: { repository: CategoriesRepository }) {
  const { repository } = deps;

  async function matchReference(user: User, reference: string): Promise<CategoryMatch> {
    requirePremium(user);
    const categories = (await repository.listByUser(user.id)).map(toCategory);
    return matchCategory(categories, reference);
  }

  return {
    /** Ordered by name, ignoring case. */
    async list(user: User): Promise<Category[]> {
      requirePremium(user);
      return (await repository.listByUser(user.id)).map(toCategory);
    },

    /**
     * The person's names for these categories, by id (one deleted since is left out). Reading
     * names back is no use of categories, so no plan is needed: an annotation's history made on
     * Premium still names its categories after a move to Free.
     */
    async namesOf(user: User, ids: readonly string[]): Promise<Record<string, string>> {
      if (ids.length === 0) return {};
      const wanted = new Set(ids);
      return Object.fromEntries(
        (await repository.listByUser(user.id))
          .filter((row) => wanted.has(row.id))
          .map((row) => [row.id, row.name]),
      );
    },

    /**
     * The categories with how many of the person's annotations each holds. An annotation counts
     * where this person linked it, in any property; one deleted in Google outside Tidemark counts
     * until Tidemark next lists that property and drops its record.
     */
    async listWithCounts(
      user: User,
    ): Promise<{ categories: Category[]; annotationCounts: Record<string, number> }> {
      requirePremium(user);
      const [rows, counts] = await Promise.all([
        repository.listByUser(user.id),
        repository.annotationCounts(user.id),
      ]);
      const categories = rows.map(toCategory);
      return {
        categories,
        annotationCounts: Object.fromEntries(
          categories.map((category) => [category.id, counts[category.id] ?? 0]),
        ),
      };
    },

    async get(user: User, id: string): Promise<Category> {
      requirePremium(user);
      const row = await repository.findById(user.id, idOf(id));
      if (!row) throw notFound();
      return toCategory(row);
    },

    ...createCategoryWrites(repository),

    /**
     * The category a person means by a word, from the surest reading to the loosest: its name
     * ignoring case ("campaigns & promos"); its name in the singular or plural ("release" for
     * "Releases"); a preset's prefix, singular or plural ("release", "Incidents"), naming the
     * categories whose template starts with that prefix, else the one carrying the preset's name;
     * then every word of the reference among the words of the name ("social" in "Paid Social").
     * The first reading that names anything decides: one category is found, several are
     * ambiguous (the caller asks which). None leaves the person's categories for the caller to
     * list: callers say so rather than invent one.
     */
    matchReference,

    /** The one category a word names, or null when it names none or several. */
    async findByReference(user: User, reference: string): Promise<Category | null> {
      const match = await matchReference(user, reference);
      return match.kind === "found" ? match.category : null;
    },

    /**
     * The check behind every annotation that names a category: the plan must include categories
     * and the category must be the person's own and still exist. Anything else is a bad request
     * (400), so nothing is written.
     */
    async requireUsable(user: User, id: string): Promise<Category> {
      requirePremium(user);
      const parsed = categoryIdSchema.safeParse(id);
      const row = parsed.success ? await repository.findById(user.id, parsed.data) : null;
      if (!row) {
        throw new AppError("category_not_found", categoryNotFoundMessage, { fromInput: true });
      }
      return toCategory(row);
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
