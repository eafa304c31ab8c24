import type { ReactNode } from "react";
import {
  filterAnnotations,
  sortAnnotations,
  type AnnotationFilter,
  type AnnotationSort,
} from "../../../shared/annotation-filter";
import { formatAnnotationDate } from "../../../shared/annotation-dates";
import type { AnnotationRow } from "./annotations-table";

// The annotations table's parts beside its columns: the rows a search, filters and sort keep (the
// shared rules), a phone's cards, the selection's summary line and the empty result.

/** The rows matching the filter, in the sort's order. */
export function viewRows(
  rows: readonly AnnotationRow[],
  filter: AnnotationFilter,
  sort: AnnotationSort,
  categoryName: (categoryId: string) => string | undefined,
): AnnotationRow[] {
  return sortAnnotations(filterAnnotations(rows, filter), sort, categoryName);
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
 * (or the page's length) hides some of them, and on a phone the check box the header has.
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
  /** The 'select all shown' box, on a phone (there is no header row). */
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
          Select all {matchingCount} matching
        </button>
      ) : null}
    </div>
  );
}

/** A phone's rows: one card each, with nothing to scroll sideways. */
export function AnnotationCards({
  label,
  rows,
  rowIds,
  showProperty,
  checkbox,
  title,
  chips,
  actions,
}: {
  label: string;
  rows: readonly AnnotationRow[];
  rowIds: readonly string[];
  showProperty: boolean;
  checkbox?: (row: AnnotationRow, index: number) => ReactNode;
  title: (row: AnnotationRow) => ReactNode;
  chips: (row: AnnotationRow) => ReactNode;
  actions: (row: AnnotationRow) => ReactNode;
}) {
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {rows.map((row, index) => (
        <li
          key={rowIds[index]}
          className="flex min-w-0 items-start gap-3 rounded-xl border bg-card p-3 text-sm"
        >
          {checkbox ? <span className="flex h-8 items-center">{checkbox(row, index)}</span> : null}
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            {title(row)}
            <span className="text-xs text-muted-foreground">
              {formatAnnotationDate(row)}
              {showProperty && row.propertyName ? ` · ${row.propertyName}` : null}
            </span>
            <div className="flex min-w-0 flex-wrap items-center gap-2">{chips(row)}</div>
          </div>
          {actions(row)}
        </li>
      ))}
    </ul>
  );
}
