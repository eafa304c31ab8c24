import { useMemo, useState } from "react";
import type { Annotation } from "../../../shared/contracts/annotations";
import type { Category } from "../../../shared/contracts/categories";
import { useCategories } from "../../session/categories";

const noSelection: ReadonlySet<string> = new Set();
const noCategories: Category[] = [];

/** The selected rows (annotation ids) of this property; another property starts with none. */
export function useSelectedAnnotations(annotations: readonly Annotation[], propertyId: string) {
  const [selection, setSelection] = useState<{ propertyId: string; ids: ReadonlySet<string> }>({
    propertyId,
    ids: noSelection,
  });
  const selectedIds = selection.propertyId === propertyId ? selection.ids : noSelection;
  const selectRows = (ids: Iterable<string>) => setSelection({ propertyId, ids: new Set(ids) });
  const selectedRows = useMemo(
    () =>
      annotations
        .filter((annotation) => selectedIds.has(annotation.annotationId))
        .map(({ annotationId, title }) => ({ propertyId, annotationId, title })),
    [annotations, selectedIds, propertyId],
  );
  return { selectedIds, selectRows, selectedRows };
}

/**
 * Premium's categories, fetched only while `wanted` (a dialog or the bulk actions offer them or an
 * annotation shows one): the choices to offer and each one's name by id.
 */
export function useCategoryChoices(canUseCategories: boolean, wanted: boolean) {
  const categories = useCategories({ enabled: canUseCategories && wanted });
  const categoryChoices = canUseCategories ? (categories.data ?? noCategories) : noCategories;
  const categoryNames = useMemo(
    () => new Map((categories.data ?? []).map((category) => [category.id, category.name])),
    [categories.data],
  );
  return { categoryChoices, categoryNames };
}
