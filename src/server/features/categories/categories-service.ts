import type { AnnotationCategory, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import { isAnnotationColor, defaultAnnotationColor } from "../../../shared/annotation-colors.js";
import {
  categoriesPerPersonLimit,
  categoryPresets,
  firstTemplateSegment,
  presetByPrefix,
} from "../../../shared/categories.js";
import {
  categoryId as categoryIdSchema,
  type Category,
  type CreateCategoryInput,
  type UpdateCategoryInput,
} from "../../../shared/contracts/categories.js";
import { capabilitiesOf, premiumFeatureMessages } from "../../../shared/plans.js";
import type { CategoriesRepository, CategoryWriteOutcome } from "./categories-repository.js";

export const categoryNotFoundMessage = "That category was not found.";
export const categoryLimitMessage = `You can keep up to ${categoriesPerPersonLimit} categories. Delete one to add another.`;
export const nameTakenMessage = (name: string) => `You already have a category named "${name}".`;

/** Whether the person's plan includes categories (a free user's stay stored but unusable). */
export function canUseCategories(user: Pick<User, "subscriptionTier">): boolean {
  return capabilitiesOf(user.subscriptionTier).canUseCategories;
}

function requirePremium(user: User): void {
  if (!canUseCategories(user)) {
    throw new AppError("premium_required", premiumFeatureMessages.categories);
  }
}

const notFound = () => new AppError("category_not_found", categoryNotFoundMessage);

/** A path or tool argument that is not even an id names no category: the same 404, so ids leak nothing. */
function idOf(id: unknown): string {
  const parsed = categoryIdSchema.safeParse(id);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

export type CategoryMatch =
  | { kind: "found"; category: Category }
  | { kind: "ambiguous"; candidates: Category[] }
  | { kind: "none"; categories: Category[] };

/** Lowercase words, each without a plural "s", so "Site/App Releases" reads as site, app, release. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) =>
      word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word,
    );
}

/** The reading ladder of `matchReference`, over a person's categories. */
export function matchCategory(categories: readonly Category[], reference: string): CategoryMatch {
  const wanted = reference.trim().replace(/\s+/g, " ").toLowerCase();
  const settle = (found: readonly Category[]): CategoryMatch | null =>
    found.length === 1
      ? { kind: "found", category: found[0]! }
      : found.length > 1
        ? { kind: "ambiguous", candidates: [...found] }
        : null;
  if (wanted === "") return { kind: "none", categories: [...categories] };
  const byName = categories.filter((c) => c.name.toLowerCase() === wanted);
  const wantedWords = wordsOf(wanted);
  const sameWords = (c: Category) => wordsOf(c.name).join(" ") === wantedWords.join(" ");
  const preset = presetByPrefix(wanted);
  const byPrefix = preset
    ? categories.filter(
        (c) => firstTemplateSegment(c.titleTemplate).toUpperCase() === preset.prefix,
      )
    : [];
  const byPresetName = preset
    ? categories.filter((c) => c.name.toLowerCase() === preset.name.toLowerCase())
    : [];
  const byWords =
    wantedWords.length === 0
      ? []
      : categories.filter((c) => {
          const words = new Set(wordsOf(c.name));
          return wantedWords.every((word) => words.has(word));
        });
  return (
    settle(byName) ??
    settle(categories.filter(sameWords)) ??
    settle(byPrefix) ??
    settle(byPresetName) ??
    settle(byWords) ?? { kind: "none", categories: [...categories] }
  );
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

/**
 * A person's categories. The one path to them for the REST routes, the annotation rules, the
 * assistant and the audit, so every caller gets the same plan check, ownership and validation.
 * Another person's category is "not found", never "forbidden".
 */
export function createCategoriesService(deps: { repository: CategoriesRepository }) {
  const { repository } = deps;

  async function settle(user: User, outcome: CategoryWriteOutcome, name: string | undefined) {
    if (outcome.ok) return toCategory(outcome.category);
    if (outcome.reason === "not_found") throw notFound();
    if (outcome.reason === "limit_reached") {
      throw new AppError("category_limit", categoryLimitMessage);
    }
    const clash = name === undefined ? null : await repository.findByName(user.id, name);
    throw new AppError("category_name_taken", nameTakenMessage(clash?.name ?? name ?? ""));
  }

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

    async get(user: User, id: string): Promise<Category> {
      requirePremium(user);
      const row = await repository.findById(user.id, idOf(id));
      if (!row) throw notFound();
      return toCategory(row);
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
