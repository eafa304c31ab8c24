import { ArrowDown, ArrowUp, Lock, Pencil, Trash2 } from "lucide-react";
import {
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type MouseEvent,
  type ReactNode,
} from "react";
import type { Annotation, AnnotationSource } from "../../../shared/contracts/annotations";
import type { Category } from "../../../shared/contracts/categories";
import {
  isFilterActive,
  type AnnotationFilter,
  type AnnotationSort,
  type AnnotationSortColumn,
} from "../../../shared/annotation-filter";
import { AnnotationFiltersToolbar } from "./annotation-filters-toolbar";
import { AnnotationCards, NoMatch, SelectionSummary, viewRows } from "./annotations-table-tools";
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

// Phones get cards instead of columns: the same rows, nothing to scroll sideways.
const narrowQuery = "(max-width: 639.98px)";
function subscribeNarrow(onChange: () => void): () => void {
  if (typeof window.matchMedia !== "function") return () => {};
  const list = window.matchMedia(narrowQuery);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}
function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribeNarrow,
    () => typeof window.matchMedia === "function" && window.matchMedia(narrowQuery).matches,
    () => false,
  );
}

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
}: {
  annotations: readonly AnnotationRow[];
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (annotation: AnnotationRow) => void;
  onDelete: (annotation: AnnotationRow) => void;
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
}) {
  const narrow = useNarrowScreen();
  const [sort, setSort] = useState<AnnotationSort>({ column: "date", direction: "desc" });
  const [filter, setFilter] = useState<AnnotationFilter>({});
  const [shown, setShown] = useState(tableRowsPerStep);
  const lastClicked = useRef<number | null>(null);

  const categoryById = useMemo(
    () => new Map((categories ?? []).map((category) => [category.id, category])),
    [categories],
  );
  const filtered = isFilterActive(filter);
  const matching = useMemo(
    () => viewRows(annotations, filter, sort, (id) => categoryById.get(id)?.name),
    [annotations, filter, sort, categoryById],
  );
  const rows = matching.length > shown ? matching.slice(0, shown) : matching;

  const selectable = onSelectionChange !== undefined;
  const selected = selectedIds ?? new Set<string>();
  const rowIds = rows.map(getRowId);
  const allShownSelected = rowIds.length > 0 && rowIds.every((id) => selected.has(id));
  const someShownSelected = rowIds.some((id) => selected.has(id));
  const allMatchingSelected =
    allShownSelected && matching.every((row) => selected.has(getRowId(row)));

  function changeFilter(next: AnnotationFilter) {
    setFilter(next);
    setShown(tableRowsPerStep);
    lastClicked.current = null;
  }
  function toggleSort(column: AnnotationSortColumn) {
    setSort((current) =>
      current.column === column
        ? { column, direction: current.direction === "asc" ? "desc" : "asc" }
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
  const columnCount = columns.length + 1 + (selectable ? 1 : 0);
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
          onClick={() => onEdit(annotation)}
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
          onClick={() => onDelete(annotation)}
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
        sort={narrow ? sort : undefined}
        sortColumns={columns}
        onSortChange={setSort}
      />
      {selectable && selected.size > 0 ? bulkBar : null}
      {selectable ? (
        <SelectionSummary
          selectedCount={selected.size}
          matchingCount={matching.length}
          shownCount={rows.length}
          filtered={filtered}
          allMatchingSelected={allMatchingSelected}
          onSelectAllMatching={() =>
            onSelectionChange(new Set([...selected, ...matching.map(getRowId)]))
          }
          allShown={
            narrow && rows.length > 0 ? (
              <label className="inline-flex items-center gap-2">
                {allShownBox}
                Select all shown
              </label>
            ) : undefined
          }
        />
      ) : null}
      {narrow ? (
        placeholder !== null ? (
          <div className="rounded-xl border bg-card px-3 py-10 text-center text-sm text-muted-foreground">
            {placeholder}
          </div>
        ) : (
          <AnnotationCards
            label={`Annotations, ${sortCaption(sort)}`}
            rows={rows}
            rowIds={rowIds}
            showProperty={showProperty}
            checkbox={selectable ? checkboxOf : undefined}
            title={titleOf}
            chips={(row) => (
              <>
                <ColourChip color={row.color} />
                {categoryOf(row) ? <CategoryChip category={categoryOf(row)} /> : null}
              </>
            )}
            actions={actionsOf}
          />
        )
      ) : (
        // relative: the cells' sr-only labels are absolutely positioned; without a positioned box
        // here they are placed against the page, outside this scroller, and widen the whole page.
        <div className="relative overflow-x-auto rounded-xl border bg-card">
          {/* Fixed column widths: the columns keep their places when the rows arrive, instead of
          the browser re-measuring them from their content. */}
          <table
            className={cn(
              "w-full table-fixed text-left text-sm",
              showProperty ? "min-w-[1000px]" : "min-w-[860px]",
            )}
          >
            {/* Names the table for those who move by tables; the page's heading says whose it is. */}
            <caption className="sr-only">Annotations, {sortCaption(sort)}</caption>
            <colgroup>
              {selectable ? <col className="w-10" /> : null}
              {columns.map((column) => (
                <col key={column} className={widths[column]} />
              ))}
              <col className="w-24" />
            </colgroup>
            <thead className="border-b bg-muted/50 text-xs text-muted-foreground">
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
                        active
                          ? sort.direction === "desc"
                            ? "descending"
                            : "ascending"
                          : undefined
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
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {placeholder !== null ? (
                <tr>
                  <td
                    colSpan={columnCount}
                    className="px-3 py-10 text-center text-muted-foreground"
                  >
                    {placeholder}
                  </td>
                </tr>
              ) : (
                rows.map((annotation, index) => (
                  <tr key={rowIds[index]} className="border-b last:border-b-0">
                    {selectable ? (
                      <td className="px-3 py-2">{checkboxOf(annotation, index)}</td>
                    ) : null}
                    <td className="px-3 py-2">{formatAnnotationDate(annotation)}</td>
                    <td className="px-3 py-2">{titleOf(annotation)}</td>
                    <td className="px-3 py-2 text-muted-foreground">
                      <span className="block truncate" title={annotation.description || undefined}>
                        {annotation.description}
                      </span>
                    </td>
                    <td className="px-3 py-2">
                      <ColourChip color={annotation.color} />
                    </td>
                    {showCategory ? (
                      <td className="px-3 py-2">
                        <CategoryChip category={categoryOf(annotation)} />
                      </td>
                    ) : null}
                    {showProperty ? (
                      <td className="px-3 py-2 break-words">
                        {annotation.propertyName ?? annotation.propertyId ?? "—"}
                      </td>
                    ) : null}
                    <td className="px-3 py-2 text-muted-foreground">
                      {annotation.source ? sourceLabels[annotation.source] : "—"}
                    </td>
                    <td className="px-3 py-2">{actionsOf(annotation)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
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
