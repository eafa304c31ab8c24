import { ArrowDown, ArrowUp, Lock, Pencil, Trash2 } from "lucide-react";
import { useMemo, useRef, useState, type MouseEvent, type ReactNode } from "react";
import type { Annotation, AnnotationSource } from "../../../shared/contracts/annotations";
import type { Category } from "../../../shared/contracts/categories";
import {
  isFilterActive,
  type AnnotationFilter,
  type AnnotationSort,
  type AnnotationSortColumn,
} from "../../../shared/annotation-filter";
import { AnnotationFiltersToolbar } from "./annotation-filters-toolbar";
import { NoMatch, SelectionSummary, viewRows } from "./annotations-table-tools";
import { annotationColorSwatches } from "../../../shared/annotation-colors";
import { premiumTooltips } from "../../../shared/plans";
import { HintTooltip } from "../../components/ui/hint-tooltip";
import { cn } from "../../lib/class-names";
import { formatAnnotationDate } from "../../../shared/annotation-dates";
import { ColorSwatch } from "../../components/color-swatch";
import { colorSwatch } from "./annotation-format";

export const systemGeneratedTooltip = "Created by Google Analytics - read-only";
export const emptyTableMessage =
  "No annotations yet - Create your first annotation to mark important events in your analytics.";

/** Where an annotation came from, as its Source cell says it. */
export const sourceLabels: Record<AnnotationSource, string> = {
  tidemark: "Table",
  assistant: "Assistant",
  audit: "Audit",
  import: "Import",
  api: "API",
  google: "Google Analytics",
  inbox: "Inbox",
};

/** A row: an annotation, with its property's name where the table shows several properties. */
export type AnnotationRow = Annotation & { propertyId?: string; propertyName?: string };
export type TableCategory = Pick<Category, "id" | "name" | "color">;

/** How many rows are drawn at first, and added by 'Show more': thousands stay quick. */
export const tableRowsPerStep = 100;

// Below 640 px the same table is drawn as cards, by CSS alone (Tailwind's max-sm: variant): the
// server's page is already right on a phone, nothing moves once the browser takes over, and there
// is one copy of each row for everyone, assistive tech included. Each row is then a grid: the
// check box on the left, the title, day (and property), colour and category in the middle, the
// actions on the right; the header row, description and source are hidden.
const cardRowAreas = {
  selectable:
    "max-sm:grid-cols-[auto_auto_minmax(0,1fr)_auto] max-sm:[grid-template-areas:'check_title_title_actions'_'check_date_property_actions'_'check_colour_category_actions']",
  plain:
    "max-sm:grid-cols-[auto_minmax(0,1fr)_auto] max-sm:[grid-template-areas:'title_title_actions'_'date_property_actions'_'colour_category_actions']",
};
const cardRowClass =
  "sm:border-b sm:last:border-b-0 max-sm:grid max-sm:items-center max-sm:gap-x-2 max-sm:gap-y-1.5 max-sm:rounded-xl max-sm:border max-sm:bg-card max-sm:p-3";
const cellClass = "px-3 py-2 max-sm:p-0";

const iconButtonClass =
  "inline-flex size-8 items-center justify-center rounded-md text-muted-foreground outline-none focus-visible:ring-3 focus-visible:ring-ring/40";
const checkboxClass = "size-4 cursor-pointer accent-primary";

function ActionButton({
  label,
  tooltip,
  disabled,
  onClick,
  children,
}: {
  label: string;
  tooltip?: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const button = (
    <button
      type="button"
      aria-label={disabled && tooltip && !label.endsWith("(read-only)") ? tooltip : label}
      aria-disabled={disabled ? true : undefined}
      onClick={disabled ? undefined : onClick}
      className={cn(
        iconButtonClass,
        disabled ? "cursor-not-allowed opacity-55" : "hover:bg-accent hover:text-foreground",
      )}
    >
      {children}
    </button>
  );
  if (!tooltip) return button;
  return <HintTooltip content={tooltip}>{button}</HintTooltip>;
}

function ColourChip({ color }: { color: Annotation["color"] }) {
  const swatch = colorSwatch(color);
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs whitespace-nowrap">
      <ColorSwatch hex={swatch.hex} />
      {swatch.label}
    </span>
  );
}

function CategoryChip({ category }: { category: TableCategory | undefined }) {
  if (!category) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="inline-flex max-w-full items-center gap-1.5 text-xs" title={category.name}>
      <ColorSwatch hex={annotationColorSwatches[category.color].hex} />
      <span className="truncate">{category.name}</span>
    </span>
  );
}

const columnLabels: Record<AnnotationSortColumn, string> = {
  date: "Date",
  title: "Title",
  description: "Description",
  color: "Colour",
  category: "Category",
  property: "Property",
  source: "Source",
};

function sortCaption({ column, direction }: AnnotationSort): string {
  if (column === "date") return direction === "desc" ? "newest first" : "oldest first";
  return `by ${columnLabels[column].toLowerCase()}, ${direction === "asc" ? "A to Z" : "Z to A"}`;
}

/**
 * A property's annotations (or several properties', with `showProperty`): Date, Title,
 * Description, Colour, Category, Source and Actions, every column sortable, with a search box and
 * filters above. Below 640 px the rows are cards. Without the premium plan, edit and delete are
 * locked; Google's own (system-generated) annotations are read-only for everyone. A row's title
 * opens its details (id, date added). Rows can be selected when `onSelectionChange` is given;
 * `bulkBar` is shown above the table while any are.
 */
export function AnnotationsTable({
  annotations,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
  onOpen,
  emptyMessage = emptyTableMessage,
  isLoading = false,
  categories,
  showProperty = false,
  properties,
  getRowId = (annotation) => annotation.annotationId,
  selectedIds,
  onSelectionChange,
  bulkBar,
  view,
}: {
  annotations: readonly AnnotationRow[];
  canEdit: boolean;
  canDelete: boolean;
  /** Without `onEdit` and `onDelete` the table has no Actions column (a read-only list). */
  onEdit?: (annotation: AnnotationRow) => void;
  onDelete?: (annotation: AnnotationRow) => void;
  /** Opens a row's details: its title is a button when given. */
  onOpen?: (annotation: AnnotationRow) => void;
  emptyMessage?: string;
  isLoading?: boolean;
  /** The person's categories, for the Category column and filter (none: no category column). */
  categories?: readonly TableCategory[];
  /** A Property column (rows carry `propertyName`), for a table of several properties. */
  showProperty?: boolean;
  /** The properties to filter by (a table of several properties). */
  properties?: readonly { propertyId: string; name: string }[];
  /** A row's identity in the selection; its annotation id unless the rows span properties. */
  getRowId?: (annotation: AnnotationRow) => string;
  selectedIds?: ReadonlySet<string>;
  onSelectionChange?: (ids: Set<string>) => void;
  bulkBar?: ReactNode;
  /**
   * Rows already searched, filtered, sorted and paged elsewhere (All annotations does it on the
   * server): the table shows them as given, its toolbar and headers reporting changes here.
   */
  view?: {
    filter: AnnotationFilter;
    onFilterChange: (filter: AnnotationFilter) => void;
    sort: AnnotationSort;
    onSortChange: (sort: AnnotationSort) => void;
    /** Every row matching the view, over all its pages: how many, whether all are selected. */
    matching?: { count: number; allSelected: boolean; onSelectAll: () => void };
  };
}) {
  const [ownSort, setOwnSort] = useState<AnnotationSort>({ column: "date", direction: "desc" });
  const [ownFilter, setOwnFilter] = useState<AnnotationFilter>({});
  const sort = view?.sort ?? ownSort;
  const filter = view?.filter ?? ownFilter;
  const setSort = view?.onSortChange ?? setOwnSort;
  const [shown, setShown] = useState(tableRowsPerStep);
  const lastClicked = useRef<number | null>(null);

  const categoryById = useMemo(
    () => new Map((categories ?? []).map((category) => [category.id, category])),
    [categories],
  );
  const filtered = isFilterActive(filter);
  const matching = useMemo(
    () =>
      view
        ? [...annotations]
        : viewRows(annotations, filter, sort, (id) => categoryById.get(id)?.name),
    [view, annotations, filter, sort, categoryById],
  );
  const rows = matching.length > shown ? matching.slice(0, shown) : matching;

  const selectable = onSelectionChange !== undefined;
  const selected = selectedIds ?? new Set<string>();
  const rowIds = rows.map(getRowId);
  const allShownSelected = rowIds.length > 0 && rowIds.every((id) => selected.has(id));
  const someShownSelected = rowIds.some((id) => selected.has(id));
  const allMatchingSelected = view?.matching
    ? view.matching.allSelected
    : allShownSelected && matching.every((row) => selected.has(getRowId(row)));

  function changeFilter(next: AnnotationFilter) {
    (view?.onFilterChange ?? setOwnFilter)(next);
    setShown(tableRowsPerStep);
    lastClicked.current = null;
  }
  function toggleSort(column: AnnotationSortColumn) {
    setSort(
      sort.column === column
        ? { column, direction: sort.direction === "asc" ? "desc" : "asc" }
        : { column, direction: column === "date" ? "desc" : "asc" },
    );
    lastClicked.current = null;
  }
  function toggleShown() {
    const next = new Set(selected);
    for (const id of rowIds) {
      if (allShownSelected) next.delete(id);
      else next.add(id);
    }
    onSelectionChange?.(next);
  }
  // A shift-click sets every row from the last one clicked to this one as this one is set.
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

  const showCategory = categories !== undefined;
  const columns: AnnotationSortColumn[] = [
    "date",
    "title",
    "description",
    "color",
    ...(showCategory ? (["category"] as const) : []),
    ...(showProperty ? (["property"] as const) : []),
    "source",
  ];
  const hasActions = onEdit !== undefined || onDelete !== undefined;
  const columnCount = columns.length + (hasActions ? 1 : 0) + (selectable ? 1 : 0);
  const widths: Record<AnnotationSortColumn, string> = {
    date: "w-28",
    title: "",
    description: "w-40",
    color: "w-24",
    category: "w-32",
    property: "w-36",
    source: "w-36",
  };

  const noMatch =
    filtered && matching.length === 0 && annotations.length > 0 ? (
      <NoMatch filter={filter} onClear={() => changeFilter({})} />
    ) : null;
  const placeholder = isLoading
    ? "Loading annotations..."
    : matching.length === 0
      ? (noMatch ?? emptyMessage)
      : null;

  const actionsOf = (annotation: AnnotationRow) => {
    const system = annotation.systemGenerated;
    return (
      <div className="flex justify-end gap-1">
        <ActionButton
          label={system ? `Edit ${annotation.title} (read-only)` : `Edit ${annotation.title}`}
          tooltip={system ? systemGeneratedTooltip : canEdit ? undefined : premiumTooltips.edit}
          disabled={system || !canEdit}
          onClick={() => onEdit?.(annotation)}
        >
          {canEdit ? (
            <Pencil className="size-4" aria-hidden="true" />
          ) : (
            <Lock className="size-4" aria-hidden="true" />
          )}
        </ActionButton>
        <ActionButton
          label={system ? `Delete ${annotation.title} (read-only)` : `Delete ${annotation.title}`}
          tooltip={system ? systemGeneratedTooltip : canDelete ? undefined : premiumTooltips.delete}
          disabled={system || !canDelete}
          onClick={() => onDelete?.(annotation)}
        >
          {canDelete ? (
            <Trash2 className="size-4" aria-hidden="true" />
          ) : (
            <Lock className="size-4" aria-hidden="true" />
          )}
        </ActionButton>
      </div>
    );
  };
  const titleOf = (annotation: AnnotationRow) =>
    onOpen ? (
      <button
        type="button"
        onClick={() => onOpen(annotation)}
        className="text-left font-medium break-words underline-offset-4 hover:underline focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none"
      >
        {annotation.title}
      </button>
    ) : (
      <span className="font-medium break-words">{annotation.title}</span>
    );
  const checkboxOf = (annotation: AnnotationRow, index: number) => (
    <input
      type="checkbox"
      className={checkboxClass}
      aria-label={`Select ${annotation.title}`}
      checked={selected.has(rowIds[index]!)}
      onClick={(event) => toggleRow(index, event)}
      onChange={() => {}}
    />
  );
  const allShownBox = (
    <input
      type="checkbox"
      className={checkboxClass}
      aria-label="Select all shown"
      checked={allShownSelected}
      disabled={rows.length === 0}
      ref={(box) => {
        if (box) box.indeterminate = someShownSelected && !allShownSelected;
      }}
      onChange={toggleShown}
    />
  );
  const categoryOf = (annotation: AnnotationRow) =>
    annotation.categoryId ? categoryById.get(annotation.categoryId) : undefined;

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <AnnotationFiltersToolbar
        filter={filter}
        onFilterChange={changeFilter}
        categories={categories}
        properties={properties}
        sort={sort}
        sortColumns={columns}
        onSortChange={setSort}
      />
      {selectable && selected.size > 0 ? bulkBar : null}
      {selectable ? (
        <SelectionSummary
          // A page's bulk bar already says how many are selected.
          selectedCount={bulkBar ? 0 : selected.size}
          matchingCount={view?.matching?.count ?? matching.length}
          shownCount={rows.length}
          filtered={filtered}
          allMatchingSelected={allMatchingSelected}
          onSelectAllMatching={
            view?.matching?.onSelectAll ??
            (() => onSelectionChange(new Set([...selected, ...matching.map(getRowId)])))
          }
          allShown={
            rows.length > 0 ? (
              <label className="inline-flex items-center gap-2 sm:hidden">
                {allShownBox}
                Select all shown
              </label>
            ) : undefined
          }
        />
      ) : null}
      {/* relative: the cells' sr-only labels are absolutely positioned; without a positioned box
      here they are placed against the page, outside this scroller, and widen the whole page. */}
      <div className="relative sm:overflow-x-auto sm:rounded-xl sm:border sm:bg-card">
        {/* Fixed column widths: the columns keep their places when the rows arrive, instead of
          the browser re-measuring them from their content. */}
        <table
          className={cn(
            "w-full table-fixed text-left text-sm max-sm:block",
            showProperty ? "sm:min-w-[1000px]" : "sm:min-w-[860px]",
          )}
        >
          {/* Names the table for those who move by tables; the page's heading says whose it is. */}
          <caption className="sr-only">Annotations, {sortCaption(sort)}</caption>
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
                      onClick={() => toggleSort(column)}
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
          <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-2">
            {placeholder !== null ? (
              <tr className="max-sm:block max-sm:rounded-xl max-sm:border max-sm:bg-card">
                <td
                  colSpan={columnCount}
                  className="px-3 py-10 text-center text-muted-foreground max-sm:block"
                >
                  {placeholder}
                </td>
              </tr>
            ) : (
              rows.map((annotation, index) => (
                <tr
                  key={rowIds[index]}
                  className={cn(
                    cardRowClass,
                    selectable ? cardRowAreas.selectable : cardRowAreas.plain,
                  )}
                >
                  {selectable ? (
                    <td
                      className={cn(
                        cellClass,
                        "max-sm:flex max-sm:h-8 max-sm:items-center max-sm:self-start max-sm:[grid-area:check]",
                      )}
                    >
                      {checkboxOf(annotation, index)}
                    </td>
                  ) : null}
                  <td
                    className={cn(
                      cellClass,
                      "max-sm:text-xs max-sm:whitespace-nowrap max-sm:text-muted-foreground max-sm:[grid-area:date]",
                    )}
                  >
                    {formatAnnotationDate(annotation)}
                  </td>
                  <td className={cn(cellClass, "max-sm:min-w-0 max-sm:[grid-area:title]")}>
                    {titleOf(annotation)}
                  </td>
                  <td className={cn(cellClass, "text-muted-foreground max-sm:hidden")}>
                    <span className="block truncate" title={annotation.description || undefined}>
                      {annotation.description}
                    </span>
                  </td>
                  <td className={cn(cellClass, "max-sm:[grid-area:colour]")}>
                    <ColourChip color={annotation.color} />
                  </td>
                  {showCategory ? (
                    <td
                      className={cn(
                        cellClass,
                        "max-sm:min-w-0",
                        // A card leaves out the dash of an annotation without a category.
                        categoryOf(annotation) ? "max-sm:[grid-area:category]" : "max-sm:hidden",
                      )}
                    >
                      <CategoryChip category={categoryOf(annotation)} />
                    </td>
                  ) : null}
                  {showProperty ? (
                    <td
                      className={cn(
                        cellClass,
                        "break-words max-sm:min-w-0 max-sm:text-xs max-sm:text-muted-foreground max-sm:[grid-area:property]",
                      )}
                    >
                      {annotation.propertyName ?? annotation.propertyId ?? "—"}
                    </td>
                  ) : null}
                  <td className={cn(cellClass, "text-muted-foreground max-sm:hidden")}>
                    {annotation.source ? sourceLabels[annotation.source] : "—"}
                  </td>
                  {hasActions ? (
                    <td className={cn(cellClass, "max-sm:self-start max-sm:[grid-area:actions]")}>
                      {actionsOf(annotation)}
                    </td>
                  ) : null}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {matching.length > rows.length ? (
        <button
          type="button"
          onClick={() => setShown((count) => count + tableRowsPerStep)}
          className="self-center rounded-md px-3 py-1.5 text-sm font-medium text-primary hover:bg-accent"
        >
          Show {Math.min(tableRowsPerStep, matching.length - rows.length)} more of{" "}
          {matching.length - rows.length}
        </button>
      ) : null}
    </div>
  );
}
