/** How an audit and its suggestions read in answers, and what a suggestion would change. */
import { isAnnotationColor, type AnnotationColor } from "../../../shared/annotation-colors.js";
import type { AuditSession, AuditSuggestion } from "../../../shared/contracts/audits.js";
import type { Category } from "../../../shared/contracts/categories.js";
import type { AnnotationAuditSession, AnnotationSuggestion } from "../../db/schema/index.js";

export function toSession(
  row: AnnotationAuditSession,
  suggestionCount: number,
  appliedCount = 0,
): AuditSession {
  return {
    id: row.id,
    propertyId: row.propertyId,
    startDate: row.startDate,
    endDate: row.endDate,
    status: row.status,
    totalAnnotations: row.totalAnnotations,
    processedAnnotations: row.processedAnnotations,
    skippedAnnotations: row.skippedAnnotations,
    lastStep: row.lastStep,
    errorMessage: row.errorMessage,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    suggestionCount,
    appliedCount,
    started: row.status !== "pending" || row.startedAt !== null,
  };
}

/** What applying the suggestion would set, with the person's modifications taking precedence. */
export function effectiveChange(
  suggestion: AnnotationSuggestion,
  personCategories: Category[] = [],
): {
  title: string | null;
  description: string | null;
  color: AnnotationColor | null;
  categoryId: string | null;
} {
  const chosen = suggestion.modifiedCategoryId
    ? personCategories.find((category) => category.id === suggestion.modifiedCategoryId)
    : undefined;
  const suggestedColor = isAnnotationColor(suggestion.suggestedColor)
    ? suggestion.suggestedColor
    : null;
  return {
    title: suggestion.modifiedTitle ?? suggestion.suggestedTitle,
    description: suggestion.modifiedDescription ?? suggestion.suggestedDescription,
    color: chosen?.color ?? suggestedColor,
    categoryId: suggestion.modifiedCategoryId ?? suggestion.suggestedCategoryId,
  };
}

export function isApplicable(suggestion: AnnotationSuggestion): boolean {
  const wanted = effectiveChange(suggestion);
  return (
    suggestion.suggestedCategoryName !== null ||
    (wanted.title !== null && wanted.title !== suggestion.originalTitle) ||
    (wanted.description !== null &&
      wanted.description !== (suggestion.originalDescription ?? "")) ||
    (wanted.color !== null && wanted.color !== suggestion.originalColor) ||
    wanted.categoryId !== null
  );
}

export function toSuggestion(row: AnnotationSuggestion): AuditSuggestion {
  const color = (value: string | null) => (isAnnotationColor(value) ? value : null);
  return {
    id: row.id,
    annotationId: row.annotationId,
    originalTitle: row.originalTitle,
    originalDescription: row.originalDescription,
    originalColor: row.originalColor,
    suggestedTitle: row.suggestedTitle,
    suggestedDescription: row.suggestedDescription,
    suggestedColor: color(row.suggestedColor),
    suggestedCategoryId: row.suggestedCategoryId,
    suggestedCategoryName: row.suggestedCategoryName,
    suggestedCategoryDescription: row.suggestedCategoryDescription,
    suggestedCategoryColor: color(row.suggestedCategoryColor),
    aiReasoning: row.aiReasoning,
    status: row.status,
    modifiedTitle: row.modifiedTitle,
    modifiedDescription: row.modifiedDescription,
    modifiedCategoryId: row.modifiedCategoryId,
    failureReason: row.failureReason,
    applicable: isApplicable(row),
    annotationDate: row.annotationDate,
    annotationEndDate: row.annotationEndDate,
  };
}
