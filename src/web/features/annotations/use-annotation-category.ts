import { useState } from "react";
import type { AnnotationColor } from "../../../shared/annotation-colors";
import {
  applyTitleTemplate,
  templatePrefix,
  templateSegments,
  templateSeparator,
  titleHasTemplatePrefix,
} from "../../../shared/categories";
import { annotationTitleMaxLength } from "../../../shared/contracts/annotations";
import type { Category } from "../../../shared/contracts/categories";

/**
 * The title as it reads in `next` category: its template's prefix put first by the shared rule
 * (`applyTitleTemplate`, the one the assistant and the audit follow). A prefix the `previous`
 * category had put there is taken off first, so switching from Campaigns to Releases turns
 * "CAMPAIGN · Winter sale" into "RELEASE · Winter sale", and choosing no category gives
 * "Winter sale" back. A blank title stays blank: the template is a hint, not text to fill in.
 */
export function titleWithCategory(
  title: string,
  next: Category | undefined,
  previous?: Category,
): string {
  const previousPrefix = templatePrefix(previous?.titleTemplate);
  let typed = title;
  if (previousPrefix && titleHasTemplatePrefix(title, previousPrefix)) {
    typed = templateSegments(title).slice(1).join(templateSeparator);
  }
  if (!next) return typed === title ? title : typed;
  const written = applyTitleTemplate(typed, next.titleTemplate, annotationTitleMaxLength);
  return written === title.trim() ? title : written;
}

/** The category's template, shown as the title's hint while it is chosen; null without one. */
export function titleHintOf(category: Category | undefined): string | null {
  return category?.titleTemplate ?? null;
}

/**
 * The category of an annotation being created or edited, among `categories` (the person's, or
 * none without Premium). A picked category decides the colour. `initialCategoryId` (editing)
 * counts only while it is still one of the person's categories.
 */
export function useAnnotationCategory({
  categories,
  initialCategoryId = null,
}: {
  categories: readonly Category[];
  initialCategoryId?: string | null;
}) {
  /** undefined until the person picks: the annotation's own category stands. */
  const [picked, setPicked] = useState<string | undefined>(undefined);

  const current = picked ?? initialCategoryId ?? "";
  const selected = categories.find((category) => category.id === current);

  return {
    /** Shown only to Premium people who have at least one category. */
    visible: categories.length > 0,
    categories,
    categoryId: selected?.id ?? "",
    selected,
    /** The colour a picked category imposes; the colour control is locked while there is one. */
    lockedColor: selected?.color as AnnotationColor | undefined,
    /** Picks a category ("" for none) and returns it, so the form can apply its title prefill. */
    pick(id: string): Category | undefined {
      setPicked(id);
      return categories.find((category) => category.id === id);
    },
    /** What to send: for a new annotation the chosen id; for an edit, only a change (null clears). */
    createField(): { categoryId?: string } {
      return selected ? { categoryId: selected.id } : {};
    },
    updateField(original: string | null): { categoryId?: string | null } {
      if (picked === undefined) return {};
      const next = selected?.id ?? null;
      return next === original ? {} : { categoryId: next };
    },
  };
}

export type AnnotationCategoryState = ReturnType<typeof useAnnotationCategory>;
