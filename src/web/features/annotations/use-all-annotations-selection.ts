import { useState } from "react";
import type { AllAnnotationsResponse } from "../../../shared/contracts/all-annotations";
import type { BulkAnnotationItem } from "../../../shared/contracts/bulk-annotations";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import type { BulkSelectionItem } from "./bulk-action-bar";
import { fetchMatchingKeys } from "./all-annotations-api";
import { filterKeyOfView, type AllAnnotationsView } from "./all-annotations-view";

export const keyOf = (item: { propertyId?: string; annotationId: string }) =>
  `${item.propertyId ?? ""}/${item.annotationId}`;

/**
 * The selected rows of one filter (over all its pages; paging and sorting keep them): each by
 * property and annotation id. `allMatching` after "Select all N matching"; `capped` is how many
 * matched when that was more than the bulk actions take at once.
 */
interface Selection {
  filterKey: string;
  items: ReadonlyMap<string, BulkSelectionItem>;
  allMatching: boolean;
  capped: { total: number; limit: number } | null;
}
const noItems: ReadonlyMap<string, BulkSelectionItem> = new Map();
const emptySelection = (filterKey: string): Selection => ({
  filterKey,
  items: noItems,
  allMatching: false,
  capped: null,
});

/** The selection across the pages of the view's filter; a new filter starts with none. */
export function useSelection(view: AllAnnotationsView, rows: AllAnnotationsResponse["rows"]) {
  const filterKey = filterKeyOfView(view);
  const [state, setState] = useState<Selection>(() => emptySelection(filterKey));
  // A new filter clears the selection (state adjusted while rendering, not in an effect).
  if (state.filterKey !== filterKey) setState(emptySelection(filterKey));
  const current = state.filterKey === filterKey ? state : emptySelection(filterKey);

  const ids: ReadonlySet<string> = new Set(current.items.keys());
  /** The table's new set of ids: rows of other pages keep what is known of them. */
  function change(next: Iterable<string>) {
    const shown = new Map(
      rows.map(({ propertyId, annotation: { annotationId, title } }) => [
        keyOf({ propertyId, annotationId }),
        { propertyId, annotationId, title },
      ]),
    );
    const items = new Map<string, BulkSelectionItem>();
    for (const id of next) {
      const item = current.items.get(id) ?? shown.get(id);
      if (item) items.set(id, item);
    }
    setState({ ...emptySelection(filterKey), items });
  }
  const [selecting, setSelecting] = useState(false);
  async function selectAllMatching() {
    setSelecting(true);
    try {
      const answer = await fetchMatchingKeys(view);
      // If the filter changed while the keys were on their way, they are not its rows.
      setState((was) =>
        was.filterKey !== filterKey
          ? was
          : {
              filterKey,
              items: new Map(answer.items.map((item) => [keyOf(item), item])),
              allMatching: true,
              capped:
                answer.total > answer.items.length
                  ? { total: answer.total, limit: answer.limit }
                  : null,
            },
      );
    } catch (failure) {
      toast({
        variant: "destructive",
        title: "Could not select them",
        description: serverErrorMessage(failure) ?? "Please try again.",
      });
    } finally {
      setSelecting(false);
    }
  }
  /** After a run: only the rows that failed stay selected. */
  function keepFailed(failed: BulkAnnotationItem[]) {
    const items = new Map<string, BulkSelectionItem>();
    for (const row of failed) {
      const item = current.items.get(keyOf(row));
      if (item) items.set(keyOf(row), item);
    }
    setState({ ...emptySelection(filterKey), items });
  }
  return {
    ids,
    items: current.items,
    allMatching: current.allMatching,
    capped: current.capped,
    selecting,
    change,
    clear: () => setState(emptySelection(filterKey)),
    selectAllMatching,
    keepFailed,
  };
}
