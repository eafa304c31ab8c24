import { useRef, type MouseEvent } from "react";
import type { AnnotationRow } from "./annotations-table-types";

/**
 * The table's selection of rows, held by the page: the rows shown, all of them, or every row
 * matching the view. A shift-click sets every row from the last one clicked to this one as this
 * one is set; a new filter or order forgets that last click.
 */
export function useRowSelection({
  rows,
  matching,
  getRowId,
  selectedIds,
  onSelectionChange,
  allMatchingSelected: allMatchingElsewhere,
}: {
  rows: readonly AnnotationRow[];
  matching: readonly AnnotationRow[];
  getRowId: (annotation: AnnotationRow) => string;
  selectedIds: ReadonlySet<string> | undefined;
  onSelectionChange: ((ids: Set<string>) => void) | undefined;
  /** Whether every matching row is selected, when the rows are paged elsewhere. */
  allMatchingSelected: boolean | undefined;
}) {
  const lastClicked = useRef<number | null>(null);
  const selected = selectedIds ?? new Set<string>();
  const rowIds = rows.map(getRowId);
  const allShownSelected = rowIds.length > 0 && rowIds.every((id) => selected.has(id));
  const someShownSelected = rowIds.some((id) => selected.has(id));
  const allMatchingSelected =
    allMatchingElsewhere ??
    (allShownSelected && matching.every((row) => selected.has(getRowId(row))));

  function toggleShown() {
    const next = new Set(selected);
    for (const id of rowIds) {
      if (allShownSelected) next.delete(id);
      else next.add(id);
    }
    onSelectionChange?.(next);
  }
  function toggleRow(index: number, event: MouseEvent<HTMLInputElement>) {
    const id = rowIds[index]!;
    const on = !selected.has(id);
    const from = event.shiftKey && lastClicked.current !== null ? lastClicked.current : index;
    const next = new Set(selected);
    for (let i = Math.min(from, index); i <= Math.max(from, index); i++) {
      if (on) next.add(rowIds[i]!);
      else next.delete(rowIds[i]!);
    }
    lastClicked.current = index;
    onSelectionChange?.(next);
  }

  return {
    selected,
    rowIds,
    allShownSelected,
    someShownSelected,
    allMatchingSelected,
    toggleShown,
    toggleRow,
    selectAllMatching: () => onSelectionChange?.(new Set([...selected, ...matching.map(getRowId)])),
    forgetLastClicked: () => {
      lastClicked.current = null;
    },
  };
}
