import { isAnnotationColor, type AnnotationColor } from "../../../shared/annotation-colors.js";
import {
  applyTitleTemplate,
  categoryDescriptionMaxLength,
  categoryNameMaxLength,
  categoryPresets,
  withoutRepeatedPrefix,
} from "../../../shared/categories.js";
import {
  annotationDescriptionMaxLength,
  annotationTitleMaxLength,
} from "../../../shared/contracts/annotations.js";
import type { Category } from "../../../shared/contracts/categories.js";
import {
  hasDisguisingDirection,
  hasForbiddenCharacters,
  isInvisibleText,
  visibleLength,
} from "../../../shared/contracts/clean-text.js";

/** One annotation as a reviewer sees it. */
export interface ReviewableAnnotation {
  annotationId: string;
  title: string;
  description: string;
  color: string;
  /** YYYY-MM-DD: the day, or a range's first day. */
  date: string;
  /** A range's last day, YYYY-MM-DD. */
  endDate?: string | null;
  categoryId: string | null;
}

export interface ReviewContext {
  /** The person's categories. */
  categories: Category[];
  /** Every annotation the audit covers, for comparisons across a batch (same-day duplicates). */
  all: ReviewableAnnotation[];
  signal?: AbortSignal;
}

export interface NewCategoryProposal {
  name: string;
  description: string;
  color: AnnotationColor;
}

/** What a reviewer proposes for one annotation; null fields mean "leave as it is". */
export interface ReviewedSuggestion {
  annotationId: string;
  suggestedTitle: string | null;
  suggestedDescription: string | null;
  suggestedColor: AnnotationColor | null;
  /** One of the person's categories... */
  suggestedCategoryId: string | null;
  /** ...or one they do not have yet. */
  newCategory: NewCategoryProposal | null;
  /** Another annotation of the same day this one seems to repeat; pointed out, never changed. */
  duplicateOf: string | null;
  /** The title says too little to tell what happened; worth pointing out even with no rewrite. */
  vagueTitle: boolean;
  /** Why, in one sentence. */
  aiReasoning: string;
}

/**
 * The audit's reviewer, behind one interface with two engines like the assistant: the built-in
 * deterministic one and the configured language model. A reviewer sees one batch at a time.
 */
export interface AuditReviewer {
  readonly kind: "offline" | "llm";
  /** Annotations per review call. */
  readonly batchSize: number;
  review(batch: ReviewableAnnotation[], context: ReviewContext): Promise<ReviewedSuggestion[]>;
}

const reasoningMaxLength = 500;

/**
 * The last check on any reviewer's answer, before anything is stored: it must be about an
 * annotation of the batch (once), use the six colours and the annotation fields' lengths and
 * characters, and name one of the person's categories or a clearly new one. Fields equal to what
 * the annotation already has are dropped, and so is filler: a description that only repeats the
 * title and the date. A suggested title in a category with a template follows it
 * (`applyTitleTemplate`, the rule every other path uses), and never says the category's word
 * twice ("RELEASE · Release 2.4" is "Release 2.4"). A suggestion left with nothing to say
 * is dropped too.
 * Returns the accepted suggestions and how many answers were refused.
 */
export function checkReviewedSuggestions(
  answers: ReviewedSuggestion[],
  batch: ReviewableAnnotation[],
  categories: Category[],
): { accepted: ReviewedSuggestion[]; refused: number } {
  const byId = new Map(batch.map((annotation) => [annotation.annotationId, annotation]));
  const seen = new Set<string>();
  const accepted: ReviewedSuggestion[] = [];
  let refused = 0;
  for (const answer of answers) {
    const annotation = byId.get(answer.annotationId);
    const checked =
      annotation && !seen.has(answer.annotationId)
        ? checkAnswer(answer, annotation, categories)
        : null;
    if (!checked) {
      refused += 1;
      continue;
    }
    seen.add(answer.annotationId);
    if (checked !== "nothing") accepted.push(checked);
  }
  return { accepted, refused };
}

/** Whether a field may be stored: null, or text as a title or description typed into the table may be. */
function fits(value: string | null, max: number, multiline: boolean): boolean {
  return (
    value === null ||
    (typeof value === "string" &&
      !hasForbiddenCharacters(value, multiline) &&
      // The same refusals as a title or description typed into the table.
      !isInvisibleText(value) &&
      !hasDisguisingDirection(value) &&
      visibleLength(value) <= max)
  );
}

/**
 * The category an answer names: one of the person's, or a clearly new one (a "new" one the person
 * already has by name is that one); null when it names neither.
 */
function answerCategory(
  answer: ReviewedSuggestion,
  annotation: ReviewableAnnotation,
  categories: Category[],
): Pick<ReviewedSuggestion, "suggestedCategoryId" | "newCategory"> | null {
  let categoryId = answer.suggestedCategoryId;
  let newCategory = answer.newCategory;
  if (categoryId !== null && !categories.some((category) => category.id === categoryId))
    return null;
  if (newCategory !== null) {
    if (categoryId !== null) return null;
    if (
      !fits(newCategory.name, categoryNameMaxLength, false) ||
      !isAnnotationColor(newCategory.color) ||
      typeof newCategory.description !== "string" ||
      hasForbiddenCharacters(newCategory.description, true) ||
      visibleLength(newCategory.description) > categoryDescriptionMaxLength
    )
      return null;
    // A "new" category the person already has (by name) is that one.
    const existing = categories.find(
      (category) => category.name.toLowerCase() === newCategory!.name.trim().toLowerCase(),
    );
    if (existing) {
      categoryId = existing.id;
      newCategory = null;
    } else {
      newCategory = {
        name: newCategory.name.trim(),
        description: newCategory.description.trim(),
        color: newCategory.color,
      };
    }
  }
  if (categoryId !== null && categoryId === annotation.categoryId) categoryId = null;
  return { suggestedCategoryId: categoryId, newCategory };
}

function checkAnswer(
  answer: ReviewedSuggestion,
  annotation: ReviewableAnnotation,
  categories: Category[],
): ReviewedSuggestion | "nothing" | null {
  if (!fits(answer.suggestedTitle, annotationTitleMaxLength, false)) return null;
  if (!fits(answer.suggestedDescription, annotationDescriptionMaxLength, true)) return null;
  if (answer.suggestedColor !== null && !isAnnotationColor(answer.suggestedColor)) return null;
  if (typeof answer.aiReasoning !== "string" || answer.aiReasoning.trim() === "") return null;
  if (hasForbiddenCharacters(answer.aiReasoning, false)) return null;
  const named = answerCategory(answer, annotation, categories);
  if (!named) return null;
  const { suggestedCategoryId: categoryId, newCategory } = named;

  const template =
    categoryId !== null
      ? categories.find((category) => category.id === categoryId)?.titleTemplate
      : newCategory !== null
        ? categoryPresets.find((preset) => preset.name === newCategory!.name)?.titleTemplate
        : annotation.categoryId !== null
          ? categories.find((category) => category.id === annotation.categoryId)?.titleTemplate
          : null;
  const rawTitle = answer.suggestedTitle?.trim() ?? null;
  const title =
    rawTitle === null
      ? null
      : applyTitleTemplate(
          withoutRepeatedPrefix(rawTitle, template),
          template,
          annotationTitleMaxLength,
        );
  if (title !== null && !fits(title, annotationTitleMaxLength, false)) return null;
  const offered = answer.suggestedDescription?.trim() ?? null;
  const description =
    offered !== null &&
    isFillerDescription(offered, [annotation.title, title ?? ""], annotation.date)
      ? null
      : offered;
  const suggestion: ReviewedSuggestion = {
    annotationId: annotation.annotationId,
    suggestedTitle: title !== null && title !== annotation.title ? title : null,
    suggestedDescription:
      description !== null && description !== annotation.description ? description : null,
    suggestedColor:
      answer.suggestedColor !== null && answer.suggestedColor !== annotation.color
        ? answer.suggestedColor
        : null,
    suggestedCategoryId: categoryId,
    newCategory,
    duplicateOf:
      answer.duplicateOf && answer.duplicateOf !== annotation.annotationId
        ? answer.duplicateOf
        : null,
    vagueTitle: answer.vagueTitle === true,
    aiReasoning: truncate(answer.aiReasoning.trim(), reasoningMaxLength),
  };
  const changesSomething =
    suggestion.suggestedTitle !== null ||
    suggestion.suggestedDescription !== null ||
    suggestion.suggestedColor !== null ||
    suggestion.suggestedCategoryId !== null ||
    suggestion.newCategory !== null;
  // A suggestion that changes nothing may still point out a likely duplicate or a vague title.
  if (!changesSomething && suggestion.duplicateOf === null && !suggestion.vagueTitle)
    return "nothing";
  return suggestion;
}

/** Words that say nothing on their own in a description. */
const fillerWords = new Set(
  "a an the on at in of for to and or was is were be been this that it its as by with from date day annotation category".split(
    " ",
  ),
);

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * Whether a description only repeats what the annotation already says: every word of it is a word
 * of its title (as it is or as suggested), a part of its date, a category's name or a small word
 * ("Campaigns & Promos: Spring sale launch (2015-03-02)."). Such a description adds nothing to
 * read and is not suggested.
 */
export function isFillerDescription(description: string, titles: string[], date: string): boolean {
  const known = new Set([
    ...titles.flatMap(wordsOf),
    ...wordsOf(date),
    ...categoryPresets.flatMap((preset) => wordsOf(`${preset.name} ${preset.prefix}`)),
  ]);
  const words = wordsOf(description);
  return words.every((word) => known.has(word) || fillerWords.has(word));
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
