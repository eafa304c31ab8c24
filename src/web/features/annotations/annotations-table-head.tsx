import { ArrowDown, ArrowUp } from "lucide-react";
import type { ReactNode } from "react";
import type { AnnotationSort, AnnotationSortColumn } from "../../../shared/annotation-filter";

/** The columns' names, in the headers and in the phone's sort menu alike. */
export const columnLabels: Record<AnnotationSortColumn, string> = {
  date: "Date",
  title: "Title",
  description: "Description",
  color: "Colour",
  category: "Category",
  property: "Property",
  source: "Source",
  impact: "Impact",
};

/** The columns whose first click sorts largest (newest) first. */
const descendingFirst: ReadonlySet<AnnotationSortColumn> = new Set(["date", "impact"]);

// Title and description share what the fixed columns leave: on a wide page both read whole
// (a description is cut only where the page runs out of room, never at a set width).
const widths: Record<AnnotationSortColumn, string> = {
  date: "w-28",
  title: "",
  description: "",
  color: "w-24",
  category: "w-32",
  property: "w-36",
  source: "w-36",
  impact: "w-36",
};

export function sortCaption({ column, direction }: AnnotationSort): string {
  if (column === "date") return direction === "desc" ? "newest first" : "oldest first";
  if (column === "impact")
    return direction === "desc" ? "by impact, largest first" : "by impact, smallest first";
  return `by ${columnLabels[column].toLowerCase()}, ${direction === "asc" ? "A to Z" : "Z to A"}`;
}

/** A click on a column's header: the other way round if it is the order already. */
export function nextSort(sort: AnnotationSort, column: AnnotationSortColumn): AnnotationSort {
  return sort.column === column
    ? { column, direction: sort.direction === "asc" ? "desc" : "asc" }
    : { column, direction: descendingFirst.has(column) ? "desc" : "asc" };
}

/** The columns a table shows, in their order, by what it was asked to show. */
export function tableColumns(show: {
  category: boolean;
  property: boolean;
  impact: boolean;
}): AnnotationSortColumn[] {
  return [
    "date",
    "title",
    "description",
    "color",
    ...(show.category ? (["category"] as const) : []),
    ...(show.property ? (["property"] as const) : []),
    ...(show.impact ? (["impact"] as const) : []),
    "source",
  ];
}

/** The column widths and the header row, each header a button that sorts by its column. */
export function TableHead({
  columns,
  sort,
  onSort,
  allShownBox,
  hasActions,
}: {
  columns: readonly AnnotationSortColumn[];
  sort: AnnotationSort;
  onSort: (column: AnnotationSortColumn) => void;
  /** The box that selects every row shown; none when rows cannot be selected. */
  allShownBox: ReactNode | null;
  hasActions: boolean;
}) {
  const selectable = allShownBox !== null;
  return (
    <>
      <colgroup className="max-sm:hidden">
        {selectable ? <col className="w-10" /> : null}
        {columns.map((column) => (
          <col key={column} className={widths[column]} />
        ))}
        {hasActions ? <col className="w-24" /> : null}
      </colgroup>
      <thead className="border-b bg-muted/50 text-xs text-muted-foreground max-sm:hidden">
        <tr>
          {selectable ? (
            <th scope="col" className="px-3 py-2">
              {allShownBox}
            </th>
          ) : null}
          {columns.map((column) => {
            const active = sort.column === column;
            const Icon = sort.direction === "desc" ? ArrowDown : ArrowUp;
            return (
              <th
                key={column}
                scope="col"
                className="px-3 py-2 font-medium"
                aria-sort={
                  active ? (sort.direction === "desc" ? "descending" : "ascending") : undefined
                }
              >
                <button
                  type="button"
                  onClick={() => onSort(column)}
                  className="-mx-1 inline-flex items-center gap-1 rounded px-1 font-medium hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none"
                >
                  {columnLabels[column]}
                  {active ? <Icon className="size-3.5" aria-hidden="true" /> : null}
                </button>
              </th>
            );
          })}
          {hasActions ? (
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Actions
            </th>
          ) : null}
        </tr>
      </thead>
    </>
  );
}
