/**
 * One accepted suggestion written to Google: its proposed category made first, then one PATCH
 * naming only the changed fields, and never over work done in Google since the audit.
 */
import { defaultAnnotationColor, isAnnotationColor } from "../../../shared/annotation-colors.js";
import { categoryPresets } from "../../../shared/categories.js";
import type { Annotation, UpdateAnnotationRequest } from "../../../shared/contracts/annotations.js";
import type { Category } from "../../../shared/contracts/categories.js";
import type { AnnotationSuggestion, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import type { AuditsServiceDeps } from "./audits-deps.js";
import { effectiveChange } from "./audit-views.js";

export const changedSinceAuditMessage =
  "It was changed in Google Analytics since the audit, so it was left as it is.";
export const deletedSinceAuditMessage = "It was deleted in Google Analytics since the audit.";

/** Google's answers to an apply that leave the suggestion to be tried again, never failed. */
const notYetCodes: ReadonlySet<string> = new Set([
  "google_unconfirmed",
  "google_unavailable",
  "google_busy",
]);

export function createAuditApplyOne(deps: AuditsServiceDeps) {
  const { repository, annotations, categories, logger } = deps;

  /**
   * A suggestion that proposes a category the person does not have yet gets it on apply: made
   * (with its preset's template when it is one of the five) or, when one of that name exists by
   * now, that one is used, and it is recorded on the suggestion as the person's pick so a retried
   * apply links the same one. A refusal (the category limit) fails the suggestion with its reason,
   * before anything is written to Google.
   */
  async function makeProposedCategory(
    user: User,
    suggestion: AnnotationSuggestion,
    personCategories: Category[],
  ): Promise<{ failureReason: string | null }> {
    const name = suggestion.suggestedCategoryName;
    if (!name || suggestion.modifiedCategoryId || suggestion.suggestedCategoryId)
      return { failureReason: null };
    let category = personCategories.find(
      (candidate) => candidate.name.toLowerCase() === name.toLowerCase(),
    );
    if (!category) {
      const preset = categoryPresets.find((candidate) => candidate.name === name);
      const color = isAnnotationColor(suggestion.suggestedCategoryColor)
        ? suggestion.suggestedCategoryColor
        : (preset?.color ?? defaultAnnotationColor);
      try {
        category = await categories.create(user, {
          name,
          color,
          description: suggestion.suggestedCategoryDescription,
          ...(preset ? { titleTemplate: preset.titleTemplate } : {}),
        });
      } catch (error) {
        if (error instanceof AppError) return { failureReason: error.message };
        throw error;
      }
      personCategories.push(category);
    }
    suggestion.modifiedCategoryId = category.id;
    await repository.linkCategory(suggestion.id, category.id);
    return { failureReason: null };
  }

  async function applyOne(
    user: User,
    propertyId: string,
    suggestion: AnnotationSuggestion,
    current: Map<string, Annotation>,
    personCategories: Category[],
  ): Promise<
    | { status: "applied" }
    | { status: "failed"; failureReason: string }
    | { status: "accepted"; failureReason: string }
  > {
    const annotation = current.get(suggestion.annotationId);
    if (!annotation) return { status: "failed", failureReason: deletedSinceAuditMessage };
    const wanted = effectiveChange(suggestion, personCategories);
    // An earlier apply may have written it already (its answer lost, or its instance gone before
    // it could record the outcome): what Google holds is the change, not a change by someone else.
    const alreadyInGoogle = holdsWantedChange(annotation, suggestion, wanted);
    if (
      !alreadyInGoogle &&
      (annotation.title !== suggestion.originalTitle ||
        annotation.description !== (suggestion.originalDescription ?? "") ||
        (suggestion.originalColor !== null && annotation.color !== suggestion.originalColor))
    )
      return { status: "failed", failureReason: changedSinceAuditMessage };

    const changes: UpdateAnnotationRequest = {};
    if (wanted.title !== null && wanted.title !== annotation.title) changes.title = wanted.title;
    if (wanted.description !== null && wanted.description !== annotation.description)
      changes.description = wanted.description;
    if (wanted.color !== null && wanted.color !== annotation.color) changes.color = wanted.color;
    if (wanted.categoryId !== null && wanted.categoryId !== annotation.categoryId)
      changes.categoryId = wanted.categoryId;
    if (Object.keys(changes).length === 0) return { status: "applied" };
    try {
      await annotations.update(user, propertyId, suggestion.annotationId, changes);
      return { status: "applied" };
    } catch (error) {
      // Google did not confirm the change and it is not there now (or could not be checked), or
      // Google was busy or unavailable and did nothing: not a failure, so it stays accepted and
      // the next apply tries it again (decision 0066).
      if (error instanceof AppError && notYetCodes.has(error.code))
        return { status: "accepted", failureReason: error.message };
      if (error instanceof AppError) return { status: "failed", failureReason: error.message };
      logger.error({ err: error, suggestionId: suggestion.id }, "applying a suggestion failed");
      return {
        status: "failed",
        failureReason: "Google Analytics did not take the change. Try again later.",
      };
    }
  }

  return { makeProposedCategory, applyOne };
}

/**
 * Whether Google already holds what the suggestion changes in Google (a title, description or
 * colour it sets to something new). A suggestion that changes only the category has nothing in
 * Google to recognise.
 */
function holdsWantedChange(
  annotation: Annotation,
  suggestion: AnnotationSuggestion,
  wanted: ReturnType<typeof effectiveChange>,
): boolean {
  const fields = [
    [wanted.title, suggestion.originalTitle, annotation.title],
    [wanted.description, suggestion.originalDescription ?? "", annotation.description],
    [wanted.color, suggestion.originalColor, annotation.color],
  ] as const;
  const changed = fields.filter(([want, original]) => want !== null && want !== original);
  return changed.length > 0 && changed.every(([want, , held]) => want === held);
}
