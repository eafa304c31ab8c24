import { ArrowDown, ArrowUp, Search, X } from "lucide-react";
import { annotationColors } from "../../../shared/annotation-colors";
import {
  isFilterActive,
  type AnnotationFilter,
  type AnnotationSort,
  type AnnotationSortColumn,
} from "../../../shared/annotation-filter";
import { CommittedDateInput } from "../../components/ui/date-input";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { colorSwatch } from "./annotation-format";
import { columnLabels } from "./annotations-table-head";
import type { TableCategory } from "./annotations-table-types";

// Loaded after the table's rows (see annotations-table.tsx): the search box, the period, colour,
// category (and, for several properties, property) filters, and on a phone the sort the column
// headers give on a wider screen (always drawn, shown by CSS below 640 px only, so the server's
// page is already right on a phone). Compact: one line from 640 px, three short ones on a phone.

const noCategoryValue = "__none__";
/** A person's six, and Google's own orange (its system-generated annotations). */
const filterColors = [...annotationColors, "ORANGE"] as const;
const fieldClass = "h-9 sm:w-auto";
// On a phone each date takes its half of the row under its word, so "YYYY-MM-DD" and the
// calendar button both fit; from 640 px the word sits beside the field.
const dateLabelClass =
  "flex min-w-0 flex-col items-stretch gap-1 text-xs text-muted-foreground sm:flex-row sm:items-center sm:gap-1.5";

type SetFilter = (changes: Partial<AnnotationFilter>) => void;

function SearchBox({ filter, set }: { filter: AnnotationFilter; set: SetFilter }) {
  return (
    <div className="relative col-span-2 sm:min-w-48 sm:flex-1">
      <Search
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label="Search annotations"
        placeholder="Search titles and descriptions"
        value={filter.q ?? ""}
        onChange={(event) => set({ q: event.target.value || undefined })}
        className="h-9 pl-8"
      />
    </div>
  );
}

function PeriodFields({ filter, set }: { filter: AnnotationFilter; set: SetFilter }) {
  return (
    <>
      <label className={dateLabelClass}>
        From
        <CommittedDateInput
          value={filter.from ?? ""}
          max={filter.to}
          calendarLabel="Choose the first day from a calendar"
          onCommit={(from) => set({ from: from || undefined })}
          className="w-full sm:w-36"
          inputClassName="h-9 pl-2"
        />
      </label>
      <label className={dateLabelClass}>
        To
        <CommittedDateInput
          value={filter.to ?? ""}
          min={filter.from}
          calendarLabel="Choose the last day from a calendar"
          onCommit={(to) => set({ to: to || undefined })}
          className="w-full sm:w-36"
          inputClassName="h-9 pl-2"
        />
      </label>
    </>
  );
}

function ColourFilter({ filter, set }: { filter: AnnotationFilter; set: SetFilter }) {
  return (
    <NativeSelect
      aria-label="Colour"
      value={filter.colors?.[0] ?? ""}
      onChange={(event) =>
        set({
          colors: event.target.value
            ? [event.target.value as (typeof filterColors)[number]]
            : undefined,
        })
      }
      className={fieldClass}
    >
      <option value="">Any colour</option>
      {filterColors.map((color) => (
        <option key={color} value={color}>
          {colorSwatch(color).label}
        </option>
      ))}
    </NativeSelect>
  );
}

function CategoryFilter({
  filter,
  set,
  categories,
}: {
  filter: AnnotationFilter;
  set: SetFilter;
  categories: readonly TableCategory[];
}) {
  const category = filter.categoryIds?.[0];
  return (
    <NativeSelect
      aria-label="Category"
      value={category === null ? noCategoryValue : (category ?? "")}
      onChange={(event) => {
        const value = event.target.value;
        set({
          categoryIds: value ? [value === noCategoryValue ? null : value] : undefined,
        });
      }}
      className={fieldClass}
    >
      <option value="">Any category</option>
      <option value={noCategoryValue}>No category</option>
      {categories.map((choice) => (
        <option key={choice.id} value={choice.id}>
          {choice.name}
        </option>
      ))}
    </NativeSelect>
  );
}

function PropertyFilter({
  filter,
  set,
  properties,
}: {
  filter: AnnotationFilter;
  set: SetFilter;
  properties: readonly { propertyId: string; name: string }[];
}) {
  return (
    <NativeSelect
      aria-label="Property"
      value={filter.propertyIds?.[0] ?? ""}
      onChange={(event) =>
        set({ propertyIds: event.target.value ? [event.target.value] : undefined })
      }
      className={fieldClass}
    >
      <option value="">Every property</option>
      {properties.map((property) => (
        <option key={property.propertyId} value={property.propertyId}>
          {property.name}
        </option>
      ))}
    </NativeSelect>
  );
}

/** The order on a phone, where the column headers that give it on a wider screen are hidden. */
function PhoneSort({
  sort,
  sortColumns,
  onSortChange,
}: {
  sort: AnnotationSort;
  sortColumns: readonly AnnotationSortColumn[];
  onSortChange: (sort: AnnotationSort) => void;
}) {
  const SortIcon = sort.direction === "desc" ? ArrowDown : ArrowUp;
  return (
    <div className="flex min-w-0 gap-1 sm:hidden">
      <NativeSelect
        aria-label="Sort by"
        value={sort.column}
        onChange={(event) =>
          onSortChange({
            column: event.target.value as AnnotationSortColumn,
            // Newest and largest first, as the table's headers sort them on a first click.
            direction:
              event.target.value === "date" || event.target.value === "impact" ? "desc" : "asc",
          })
        }
        className={fieldClass}
      >
        {sortColumns.map((column) => (
          <option key={column} value={column}>
            Sort: {columnLabels[column]}
          </option>
        ))}
      </NativeSelect>
      <button
        type="button"
        aria-label={sort.direction === "asc" ? "Ascending" : "Descending"}
        aria-pressed={sort.direction === "desc"}
        onClick={() =>
          onSortChange({ ...sort, direction: sort.direction === "asc" ? "desc" : "asc" })
        }
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-md border border-input bg-background hover:bg-accent"
      >
        <SortIcon className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

export function AnnotationFiltersToolbar({
  filter,
  onFilterChange,
  categories,
  properties,
  sort,
  sortColumns,
  onSortChange,
}: {
  filter: AnnotationFilter;
  onFilterChange: (filter: AnnotationFilter) => void;
  categories?: readonly TableCategory[];
  properties?: readonly { propertyId: string; name: string }[];
  /** The rows' order: its controls show on a phone only, where the column headers are hidden. */
  sort: AnnotationSort;
  sortColumns: readonly AnnotationSortColumn[];
  onSortChange: (sort: AnnotationSort) => void;
}) {
  const set = (changes: Partial<AnnotationFilter>) => onFilterChange({ ...filter, ...changes });
  return (
    <div
      role="search"
      aria-label="Search and filter annotations"
      className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center"
    >
      <SearchBox filter={filter} set={set} />
      <PeriodFields filter={filter} set={set} />
      <ColourFilter filter={filter} set={set} />
      {categories ? <CategoryFilter filter={filter} set={set} categories={categories} /> : null}
      {properties && properties.length > 1 ? (
        <PropertyFilter filter={filter} set={set} properties={properties} />
      ) : null}
      <PhoneSort sort={sort} sortColumns={sortColumns} onSortChange={onSortChange} />
      {isFilterActive(filter) ? (
        <button
          type="button"
          onClick={() => onFilterChange({})}
          className="inline-flex h-9 items-center justify-center gap-1 rounded-md px-2 text-sm text-muted-foreground hover:bg-accent hover:text-foreground"
        >
          <X className="size-4" aria-hidden="true" />
          Clear filters
        </button>
      ) : null}
    </div>
  );
}
