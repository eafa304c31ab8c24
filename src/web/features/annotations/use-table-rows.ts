import { useMemo, useState } from "react";
import type { AnnotationFilter, AnnotationSort } from "../../../shared/annotation-filter";
import { viewRows } from "./annotations-table-tools";
import type { AnnotationRow, TableCategory } from "./annotations-table-types";
import { useRowImpacts } from "./impact-column";

/** How many rows are drawn at first, and added by 'Show more': thousands stay quick. */
export const tableRowsPerStep = 100;

/** A search, filters and order held outside the table, and how the table changes them. */
export interface TableControls {
  filter: AnnotationFilter;
  onFilterChange: (filter: AnnotationFilter) => void;
  sort: AnnotationSort;
  onSortChange: (sort: AnnotationSort) => void;
}

/**
 * The rows a table draws: searched, filtered and sorted here by the page's controls or the
 * table's own (unless the page's view did it already), then cut to the rows shown so far.
 */
export function useTableRows({
  annotations,
  view,
  controls,
  categories,
  showImpact = false,
  propertyId,
}: {
  annotations: readonly AnnotationRow[];
  view?: TableControls;
  controls?: TableControls;
  categories?: readonly TableCategory[];
  showImpact?: boolean;
  propertyId?: string;
}) {
  const [ownSort, setOwnSort] = useState<AnnotationSort>({ column: "date", direction: "desc" });
  const [ownFilter, setOwnFilter] = useState<AnnotationFilter>({});
  const held = view ?? controls;
  const sort = held?.sort ?? ownSort;
  const filter = held?.filter ?? ownFilter;
  const [shown, setShown] = useState(tableRowsPerStep);

  const categoryById = useMemo(
    () => new Map((categories ?? []).map((category) => [category.id, category])),
    [categories],
  );
  const impactPropertyIds = useMemo(
    () =>
      showImpact
        ? [...new Set(annotations.map((row) => row.propertyId ?? propertyId ?? ""))].filter(Boolean)
        : [],
    [showImpact, annotations, propertyId],
  );
  const { impacts, readers: impactReaders } = useRowImpacts(impactPropertyIds);
  const matching = useMemo(
    () =>
      view
        ? [...annotations]
        : viewRows(
            annotations,
            filter,
            sort,
            (id) => categoryById.get(id)?.name,
            (row) =>
              impacts.impactOf(row.propertyId ?? propertyId ?? "", row.annotationId)?.estimate
                ?.effect,
          ),
    [view, annotations, filter, sort, categoryById, impacts, propertyId],
  );
  const rows = matching.length > shown ? matching.slice(0, shown) : matching;

  return {
    sort,
    setSort: held?.onSortChange ?? setOwnSort,
    filter,
    setFilter: held?.onFilterChange ?? setOwnFilter,
    categoryById,
    impacts,
    impactReaders,
    matching,
    rows,
    showMore: () => setShown((count) => count + tableRowsPerStep),
    showFirst: () => setShown(tableRowsPerStep),
  };
}
