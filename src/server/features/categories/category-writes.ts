import type { User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import { categoriesPerPersonLimit, categoryPresets } from "../../../shared/categories.js";
import type {
  Category,
  CreateCategoryInput,
  UpdateCategoryInput,
} from "../../../shared/contracts/categories.js";
import type { CategoriesRepository, CategoryWriteOutcome } from "./categories-repository.js";
import {
  categoryLimitMessage,
  idOf,
  nameTakenMessage,
  notFound,
  requirePremium,
  toCategory,
} from "./category-rules.js";

/** A person's categories added, changed and removed, each refusal said the same way. */
export function createCategoryWrites(repository: CategoriesRepository) {
  async function settle(user: User, outcome: CategoryWriteOutcome, name: string | undefined) {
    if (outcome.ok) return toCategory(outcome.category);
    if (outcome.reason === "not_found") throw notFound();
    if (outcome.reason === "limit_reached") {
      throw new AppError("category_limit", categoryLimitMessage);
    }
    const clash = name === undefined ? null : await repository.findByName(user.id, name);
    throw new AppError("category_name_taken", nameTakenMessage(clash?.name ?? name ?? ""));
  }

  return {
    /**
     * Adds the five recommended categories (the presets, each with its template), skipping any the
     * person already has by name; all or none within the category limit. Returns those added.
     */
    async addRecommended(user: User): Promise<Category[]> {
      requirePremium(user);
      const outcome = await repository.insertMissingWithinLimit(
        user.id,
        categoryPresets.map((preset) => ({
          name: preset.name,
          color: preset.color,
          description: preset.description,
          titleTemplate: preset.titleTemplate,
        })),
        categoriesPerPersonLimit,
      );
      if (!outcome.ok) throw new AppError("category_limit", categoryLimitMessage);
      return outcome.inserted.map(toCategory);
    },

    /** `input` has been checked against the shared contract by the caller (a route, a tool). */
    async create(user: User, input: CreateCategoryInput): Promise<Category> {
      requirePremium(user);
      const outcome = await repository.insertWithinLimit(
        user.id,
        {
          name: input.name,
          color: input.color,
          description: input.description ?? null,
          titleTemplate: input.titleTemplate ?? null,
        },
        categoriesPerPersonLimit,
      );
      return settle(user, outcome, input.name);
    },

    async update(user: User, id: string, input: UpdateCategoryInput): Promise<Category> {
      requirePremium(user);
      const categoryId = idOf(id);
      const changes = Object.fromEntries(
        Object.entries(input).filter(([, value]) => value !== undefined),
      );
      return settle(user, await repository.update(user.id, categoryId, changes), input.name);
    },

    /** The category goes; every annotation linked to it stays, without a category. */
    async remove(user: User, id: string): Promise<void> {
      requirePremium(user);
      if (!(await repository.delete(user.id, idOf(id)))) throw notFound();
    },
  };
}
