import type { ReactNode } from "react";
import {
  filterAnnotations,
  sortAnnotations,
  type AnnotationFilter,
  type AnnotationSort,
} from "../../../shared/annotation-filter";
import type { AnnotationRow } from "./annotations-table-types";

// The annotations table's parts beside its columns: the rows a search, filters and sort keep (the
// shared rules), the selection's summary line and the empty result.

/** The rows matching the filter, in the sort's order. */
export function viewRows(
  rows: readonly AnnotationRow[],
  filter: AnnotationFilter,
  sort: AnnotationSort,
  categoryName: (categoryId: string) => string | undefined,
  effectOf?: (row: AnnotationRow) => number | null | undefined,
): AnnotationRow[] {
  return sortAnnotations(filterAnnotations(rows, filter), sort, categoryName, effectOf);
}

/** 'No annotations match “sale”.' with the way out. */
export function NoMatch({ filter, onClear }: { filter: AnnotationFilter; onClear: () => void }) {
  const query = filter.q?.trim();
  return (
    <div className="flex flex-col items-center gap-2">
      <p>No annotations match {query ? `“${query}”` : "these filters"}.</p>
      <button
        type="button"
        onClick={onClear}
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        Clear filters
      </button>
    </div>
  );
}

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

/**
 * Above the rows while they can be selected: how many are, 'Select all N matching' when a filter
 * (or the page's length) hides some of them, and on a phone (CSS shows it below 640 px only) the
 * check box the hidden header row has.
 */
export function SelectionSummary({
  selectedCount,
  matchingCount,
  shownCount,
  filtered,
  allMatchingSelected,
  onSelectAllMatching,
  allShown,
}: {
  selectedCount: number;
  matchingCount: number;
  shownCount: number;
  filtered: boolean;
  allMatchingSelected: boolean;
  onSelectAllMatching: () => void;
  /** The 'select all shown' box for a phone, where the header row is hidden. */
  allShown?: ReactNode;
}) {
  const offerMatching =
    (filtered || matchingCount > shownCount) && matchingCount > 1 && !allMatchingSelected;
  return (
    <div className="flex min-h-5 flex-wrap items-center gap-x-3 text-xs text-muted-foreground">
      {allShown}
      {selectedCount > 0 ? <span>{selectedCount} selected</span> : null}
      {offerMatching ? (
        <button type="button" className={linkClass} onClick={onSelectAllMatching}>
          Select all {matchingCount.toLocaleString("en-US")} matching
        </button>
      ) : null}
    </div>
  );
}
