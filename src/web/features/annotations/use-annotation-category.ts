import { useState } from "react";
import type { AnnotationColor } from "../../../shared/annotation-colors";
import { firstTemplateSegment } from "../../../shared/categories";
import type { Category } from "../../../shared/contracts/categories";

/**
 * The title a category suggests for an empty title: its template's first segment (CAMPAIGN in
 * "CAMPAIGN · [Team/System] · …"). A placeholder such as [TYPE] suggests nothing.
 */
export function titlePrefillOf(category: Category): string {
  const segment = firstTemplateSegment(category.titleTemplate);
  return /^\[.*\]$/.test(segment) ? "" : segment;
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
