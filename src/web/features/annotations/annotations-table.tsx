import type { ReactNode } from "react";
import {
  isFilterActive,
  type AnnotationFilter,
  type AnnotationSort,
  type AnnotationSortColumn,
} from "../../../shared/annotation-filter";
import { cn } from "../../lib/class-names";
import { AnnotationFiltersToolbar } from "./annotation-filters-toolbar";
import { nextSort, sortCaption, TableHead, tableColumns } from "./annotations-table-head";
import {
  AnnotationTableRow,
  checkboxClass,
  PlaceholderRow,
  RowCheckbox,
  type RowOptions,
} from "./annotations-table-row";
import { NoMatch, SelectionSummary } from "./annotations-table-tools";
import type { AnnotationRow, TableCategory } from "./annotations-table-types";
import type { useRowImpacts } from "./impact-column";
import { useRowSelection } from "./use-row-selection";
import { tableRowsPerStep, useTableRows, type TableControls } from "./use-table-rows";

export { sourceLabels, systemGeneratedTooltip } from "./annotations-table-row";
export type { AnnotationRow, TableCategory } from "./annotations-table-types";

export const emptyTableMessage =
  "No annotations yet - Create your first annotation to mark important events in your analytics.";

export { tableRowsPerStep } from "./use-table-rows";

interface AnnotationsTableProps {
  annotations: readonly AnnotationRow[];
  canEdit: boolean;
  canDelete: boolean;
  /**
   * Why no annotation of this property can be changed (the person's Google role only lets them
   * view it): each row's edit and delete are disabled with it.
   */
  readOnlyReason?: string | null;
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
  view?: TableControls & {
    /** Every row matching the view, over all its pages: how many, whether all are selected. */
    matching?: { count: number; allSelected: boolean; onSelectAll: () => void };
  };
  /**
   * The search, filters and order held by the page, which the table applies to the rows it is
   * given (Property View's Export writes the same rows in the same order); without them, and
   * without `view`, the table keeps its own.
   */
  controls?: TableControls;
  /**
   * An Impact column: each annotation's measured impact on sessions, sortable (unmeasured last),
   * read per property (one request each) for the rows shown.
   */
  showImpact?: boolean;
  /** The property of rows that do not name theirs (Property View's own annotations). */
  propertyId?: string;
}

/**
 * A property's annotations (or several properties', with `showProperty`): Date, Title,
 * Description, Colour, Category, Source and Actions, every column sortable, with a search box and
 * filters above. Below 640 px the rows are cards. Without the premium plan, edit and delete are
 * locked; Google's own (system-generated) annotations are read-only for everyone. A row's title
 * opens its details (id, date added). Rows can be selected when `onSelectionChange` is given;
 * `bulkBar` is shown above the table while any are.
 */
export function AnnotationsTable(props: AnnotationsTableProps) {
  const {
    annotations,
    categories,
    view,
    bulkBar,
    emptyMessage = emptyTableMessage,
    getRowId = (annotation) => annotation.annotationId,
    onSelectionChange,
  } = props;
  const { sort, setSort, filter, matching, rows, ...table } = useTableRows(props);
  const filtered = isFilterActive(filter);
  const selection = useRowSelection({
    rows,
    matching,
    getRowId,
    selectedIds: props.selectedIds,
    onSelectionChange,
    allMatchingSelected: view?.matching?.allSelected,
  });
  const options = rowOptionsOf(props);

  function changeFilter(next: AnnotationFilter) {
    table.setFilter(next);
    table.showFirst();
    selection.forgetLastClicked();
  }
  function toggleSort(column: AnnotationSortColumn) {
    setSort(nextSort(sort, column));
    selection.forgetLastClicked();
  }

  const columns = tableColumns({
    category: options.showCategory,
    property: options.showProperty,
    impact: options.showImpact,
  });
  const noMatch =
    filtered && matching.length === 0 && annotations.length > 0 ? (
      <NoMatch filter={filter} onClear={() => changeFilter({})} />
    ) : null;
  const placeholder = props.isLoading
    ? "Loading annotations..."
    : matching.length === 0
      ? (noMatch ?? emptyMessage)
      : null;
  const allShownBox = <AllShownBox selection={selection} disabled={rows.length === 0} />;

  return (
    <div className="flex min-w-0 flex-col gap-2">
      {table.impactReaders}
      <AnnotationFiltersToolbar
        filter={filter}
        onFilterChange={changeFilter}
        categories={categories}
        properties={props.properties}
        sort={sort}
        sortColumns={columns}
        onSortChange={setSort}
      />
      {options.selectable && selection.selected.size > 0 ? bulkBar : null}
      {options.selectable ? (
        <SelectionSummary
          // A page's bulk bar already says how many are selected.
          selectedCount={bulkBar ? 0 : selection.selected.size}
          matchingCount={view?.matching?.count ?? matching.length}
          shownCount={rows.length}
          filtered={filtered}
          allMatchingSelected={selection.allMatchingSelected}
          onSelectAllMatching={view?.matching?.onSelectAll ?? selection.selectAllMatching}
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
      <TableGrid
        sort={sort}
        columns={columns}
        options={options}
        onSort={toggleSort}
        allShownBox={allShownBox}
        placeholder={placeholder}
        body={{
          rows,
          options,
          categoryById: table.categoryById,
          impacts: table.impacts,
          propertyOf: (row) => row.propertyId ?? props.propertyId ?? "",
          selection,
        }}
      />
      <ShowMore left={matching.length - rows.length} onClick={table.showMore} />
    </div>
  );
}

/** The table itself: its widths, its sortable headers, and the rows or what stands in for them. */
function TableGrid({
  sort,
  columns,
  options,
  onSort,
  allShownBox,
  placeholder,
  body,
}: {
  sort: AnnotationSort;
  columns: readonly AnnotationSortColumn[];
  options: RowOptions & { hasActions: boolean };
  onSort: (column: AnnotationSortColumn) => void;
  allShownBox: ReactNode;
  /** Drawn in place of the rows (loading, nothing yet, nothing matching); null when there are rows. */
  placeholder: ReactNode | null;
  body: Parameters<typeof TableRows>[0];
}) {
  // relative: the cells' sr-only labels are absolutely positioned; without a positioned box here
  // they are placed against the page, outside this scroller, and widen the whole page.
  return (
    <div className="relative sm:overflow-x-auto sm:rounded-xl sm:border sm:bg-card">
      {/* Fixed column widths: the columns keep their places when the rows arrive, instead of
        the browser re-measuring them from their content. */}
      <table
        className={cn(
          "w-full table-fixed text-left text-sm max-sm:block",
          minWidthClass(options.showProperty, options.showImpact),
        )}
      >
        {/* Names the table for those who move by tables; the page's heading says whose it is. */}
        <caption className="sr-only">Annotations, {sortCaption(sort)}</caption>
        <TableHead
          columns={columns}
          sort={sort}
          onSort={onSort}
          allShownBox={options.selectable ? allShownBox : null}
          hasActions={options.hasActions}
        />
        <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-2">
          {placeholder !== null ? (
            <PlaceholderRow columnCount={columnCountOf(columns, options)}>
              {placeholder}
            </PlaceholderRow>
          ) : (
            <TableRows {...body} />
          )}
        </tbody>
      </table>
    </div>
  );
}

/** What every row shows and may do, from the table's props with their defaults. */
function rowOptionsOf(props: AnnotationsTableProps): RowOptions & { hasActions: boolean } {
  const { onEdit, onDelete } = props;
  return {
    selectable: props.onSelectionChange !== undefined,
    showCategory: props.categories !== undefined,
    showProperty: props.showProperty ?? false,
    showImpact: props.showImpact ?? false,
    canEdit: props.canEdit,
    canDelete: props.canDelete,
    readOnlyReason: props.readOnlyReason ?? null,
    onEdit,
    onDelete,
    onOpen: props.onOpen,
    hasActions: onEdit !== undefined || onDelete !== undefined,
  };
}

function columnCountOf(
  columns: readonly AnnotationSortColumn[],
  { hasActions, selectable }: { hasActions: boolean; selectable: boolean },
): number {
  return columns.length + (hasActions ? 1 : 0) + (selectable ? 1 : 0);
}

/** The box that selects every row shown, half set while some are. */
function AllShownBox({
  selection,
  disabled,
}: {
  selection: ReturnType<typeof useRowSelection>;
  disabled: boolean;
}) {
  return (
    <input
      type="checkbox"
      className={checkboxClass}
      aria-label="Select all shown"
      checked={selection.allShownSelected}
      disabled={disabled}
      ref={(box) => {
        if (box) box.indeterminate = selection.someShownSelected && !selection.allShownSelected;
      }}
      onChange={selection.toggleShown}
    />
  );
}

/** 'Show more': the next step of rows, while any are left. */
function ShowMore({ left, onClick }: { left: number; onClick: () => void }) {
  if (left <= 0) return null;
  return (
    <button
      type="button"
      onClick={onClick}
      className="self-center rounded-md px-3 py-1.5 text-sm font-medium text-primary hover:bg-accent"
    >
      Show {Math.min(tableRowsPerStep, left)} more of {left}
    </button>
  );
}

/** Wide enough for every column it shows to keep its width; narrower pages scroll it. */
function minWidthClass(showProperty: boolean, showImpact: boolean): string {
  if (showProperty) return showImpact ? "sm:min-w-[1140px]" : "sm:min-w-[1000px]";
  return showImpact ? "sm:min-w-[1000px]" : "sm:min-w-[860px]";
}

/** The rows shown, each with its category, its impact when measured, and its selection box. */
function TableRows({
  rows,
  options,
  categoryById,
  impacts,
  propertyOf,
  selection,
}: {
  rows: readonly AnnotationRow[];
  options: RowOptions;
  categoryById: ReadonlyMap<string, TableCategory>;
  impacts: ReturnType<typeof useRowImpacts>["impacts"];
  propertyOf: (row: AnnotationRow) => string;
  selection: ReturnType<typeof useRowSelection>;
}) {
  const { rowIds, selected } = selection;
  return rows.map((annotation, index) => (
    <AnnotationTableRow
      key={rowIds[index]}
      annotation={annotation}
      options={options}
      category={annotation.categoryId ? categoryById.get(annotation.categoryId) : undefined}
      impact={
        options.showImpact
          ? {
              value: impacts.impactOf(propertyOf(annotation), annotation.annotationId),
              pending: impacts.pendingFor(propertyOf(annotation)),
              failed: impacts.failedFor(propertyOf(annotation)),
            }
          : undefined
      }
      checkbox={
        options.selectable ? (
          <RowCheckbox
            annotation={annotation}
            checked={selected.has(rowIds[index]!)}
            onToggle={(event) => selection.toggleRow(index, event)}
          />
        ) : null
      }
    />
  ));
}
