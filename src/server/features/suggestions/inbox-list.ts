/** The inbox as a person may see it: the sources their plan reads, and each suggestion's view. */
import type { InboxSuggestion, User } from "../../db/schema/index.js";
import { fromIsoDate } from "../../../shared/calendar-date.js";
import { applyTitleTemplate, categoryForPreset } from "../../../shared/categories.js";
import { annotationTitleMaxLength } from "../../../shared/contracts/annotations.js";
import type { Category } from "../../../shared/contracts/categories.js";
import type {
  Suggestion,
  SuggestionListResponse,
  SuggestionStatusValue,
} from "../../../shared/contracts/suggestions.js";
import { capabilitiesOf } from "../../../shared/plans.js";
import {
  suggestionSourceKinds,
  type SuggestionSourceKind,
} from "../../../shared/suggestion-sources.js";
import type { SuggestionsDeps } from "./suggestions-deps.js";
import { presetOf } from "./suggestion-words.js";

export function availableSources(user: User): readonly SuggestionSourceKind[] {
  return capabilitiesOf(user.subscriptionTier).suggestionSources;
}

export function toSuggestion(row: InboxSuggestion, categories: readonly Category[]): Suggestion {
  const preset = presetOf(row.categoryPreset);
  const category = categoryForPreset(categories, preset);
  const start = fromIsoDate(row.startDate);
  return {
    id: row.id,
    propertyId: row.propertyId,
    source: row.source,
    annotationDate: start,
    ...(row.endDate
      ? { annotationDateRange: { startDate: start, endDate: fromIsoDate(row.endDate) } }
      : {}),
    title: applyTitleTemplate(
      row.title,
      category ? category.titleTemplate : preset.titleTemplate,
      annotationTitleMaxLength,
    ),
    description: row.description,
    color: row.color,
    categoryPreset: row.categoryPreset,
    categoryId: category?.id ?? null,
    status: row.status,
    annotationId: row.annotationId,
    decidedHow: row.decidedHow,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createInboxList(
  deps: SuggestionsDeps,
  categoriesOf: (user: User) => Promise<Category[]>,
) {
  return {
    async list(
      user: User,
      propertyId: string,
      status: SuggestionStatusValue,
    ): Promise<SuggestionListResponse> {
      await deps.properties.requireAllowed(user, propertyId);
      const available = availableSources(user);
      const [rows, openRows, categories] = await Promise.all([
        deps.repository.list(propertyId, status),
        status === "open" ? null : deps.repository.list(propertyId, "open"),
        categoriesOf(user),
      ]);
      const visible = rows.filter((row) => available.includes(row.source));
      const open = (openRows ?? rows).filter((row) => available.includes(row.source));
      return {
        suggestions: visible.map((row) => toSuggestion(row, categories)),
        openCount: open.length,
        sources: suggestionSourceKinds.map((kind) => ({
          kind,
          available: available.includes(kind),
        })),
      };
    },
  };
}
