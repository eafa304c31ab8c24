import {
  ArrowDown,
  ArrowUp,
  ChevronLeft,
  ChevronRight,
  Loader2,
  RefreshCw,
  Search,
  TriangleAlert,
  X,
} from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { annotationColors, annotationColorSwatches } from "../../../shared/annotation-colors";
import { formatAnnotationDate } from "../../../shared/annotation-dates";
import {
  isFilterActive,
  type AnnotationFilter,
  type AnnotationSort,
  type AnnotationSortColumn,
} from "../../../shared/annotation-filter";
import type { AllAnnotationsResponse } from "../../../shared/contracts/all-annotations";
import type { AnnotationSource } from "../../../shared/contracts/annotations";
import type { CurrentUser } from "../../../shared/contracts/auth";
import { BackLink } from "../../components/back-link";
import { ColorSwatch } from "../../components/color-swatch";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import { cn } from "../../lib/class-names";
import { routePaths } from "../../lib/route-paths";
import { colorSwatch } from "./annotation-format";
import { useAllAnnotations } from "./all-annotations-api";
import {
  allAnnotationsPageSize,
  searchOfView,
  viewFromSearch,
  type AllAnnotationsView,
} from "./all-annotations-view";

type Row = AllAnnotationsResponse["rows"][number];

const sourceLabels: Record<AnnotationSource, string> = {
  tidemark: "Table",
  assistant: "Assistant",
  audit: "Audit",
  import: "Import",
  api: "API",
  google: "Google Analytics",
  inbox: "Inbox",
};

const columnLabels: Record<AnnotationSortColumn, string> = {
  property: "Property",
  date: "Date",
  title: "Title",
  description: "Description",
  color: "Colour",
  category: "Category",
  source: "Source",
};

const noCategoryValue = "__none__";
const searchDelayMs = 300;
const fieldClass = "h-9 sm:w-auto";

function sortCaption({ column, direction }: AnnotationSort): string {
  if (column === "date") return direction === "desc" ? "newest first" : "oldest first";
  return `by ${columnLabels[column].toLowerCase()}, ${direction === "asc" ? "A to Z" : "Z to A"}`;
}

/** The view in the address bar: reading it, and changing it (a new entry, or in place while typing). */
function useAddressView(): [
  AllAnnotationsView,
  (next: AllAnnotationsView, replace?: boolean) => void,
] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const view = viewFromSearch(search);
  const setView = (next: AllAnnotationsView, replace = false) => {
    const query = searchOfView(next);
    navigate(query ? `${routePaths.allAnnotations}?${query}` : routePaths.allAnnotations, {
      replace,
    });
  };
  return [view, setView];
}

function Filters({
  view,
  onChange,
  data,
}: {
  view: AllAnnotationsView;
  onChange: (next: AllAnnotationsView, replace?: boolean) => void;
  data: AllAnnotationsResponse | undefined;
}) {
  const { filter, sort } = view;
  const [words, setWords] = useState(filter.q ?? "");
  const typed = useRef(filter.q ?? "");
  // Typing waits a moment before it asks the server, and replaces the address rather than
  // adding an entry per letter.
  useEffect(() => {
    if ((filter.q ?? "") === words) return;
    const timer = setTimeout(() => {
      typed.current = words;
      onChange({ ...view, filter: { ...filter, q: words || undefined }, page: 1 }, true);
    }, searchDelayMs);
    return () => clearTimeout(timer);
  });
  // Back and forward bring the address's words into the box (not the box's own, which may
  // have moved on while the address caught up).
  useEffect(() => {
    if ((filter.q ?? "") !== typed.current) {
      typed.current = filter.q ?? "";
      setWords(filter.q ?? "");
    }
  }, [filter.q]);

  const set = (changes: Partial<AnnotationFilter>) =>
    onChange({ ...view, filter: { ...filter, ...changes }, page: 1 });
  const category = filter.categoryIds?.[0];
  const properties = data?.properties ?? [];
  const categories = data?.categories ?? [];
  const SortIcon = sort.direction === "desc" ? ArrowDown : ArrowUp;
  return (
    <div
      role="search"
      aria-label="Search and filter annotations"
      className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center"
    >
      <div className="relative col-span-2 sm:min-w-56 sm:flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Search annotations"
          placeholder="Search titles and descriptions"
          value={words}
          maxLength={200}
          onChange={(event) => setWords(event.target.value)}
          className="h-9 pl-8"
        />
      </div>
      {properties.length > 1 ? (
        <NativeSelect
          aria-label="Property"
          value={filter.propertyIds?.[0] ?? ""}
          onChange={(event) =>
            set({ propertyIds: event.target.value ? [event.target.value] : undefined })
          }
          className={cn(fieldClass, "col-span-2 sm:col-span-1")}
        >
          <option value="">Every property</option>
          {properties.map((property) => (
            <option key={property.propertyId} value={property.propertyId}>
              {property.name}
            </option>
          ))}
        </NativeSelect>
      ) : null}
      <label className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
        From
        <Input
          type="date"
          value={filter.from ?? ""}
          max={filter.to}
          onChange={(event) => set({ from: event.target.value || undefined })}
          className={cn(fieldClass, "px-2")}
        />
      </label>
      <label className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
        To
        <Input
          type="date"
          value={filter.to ?? ""}
          min={filter.from}
          onChange={(event) => set({ to: event.target.value || undefined })}
          className={cn(fieldClass, "px-2")}
        />
      </label>
      <NativeSelect
        aria-label="Colour"
        value={filter.colors?.[0] ?? ""}
        onChange={(event) =>
          set({
            colors: event.target.value
              ? [event.target.value as (typeof annotationColors)[number]]
              : undefined,
          })
        }
        className={fieldClass}
      >
        <option value="">Any colour</option>
        {annotationColors.map((color) => (
          <option key={color} value={color}>
            {annotationColorSwatches[color].label}
          </option>
        ))}
      </NativeSelect>
      {categories.length > 0 ? (
        <NativeSelect
          aria-label="Category"
          value={category === null ? noCategoryValue : (category ?? "")}
          onChange={(event) => {
            const value = event.target.value;
            set({ categoryIds: value ? [value === noCategoryValue ? null : value] : undefined });
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
      ) : null}
      {/* On a phone there are no column headers to sort by. */}
      <div className="col-span-2 flex min-w-0 gap-1 sm:hidden">
        <NativeSelect
          aria-label="Sort by"
          value={sort.column}
          onChange={(event) => {
            const column = event.target.value as AnnotationSortColumn;
            onChange({
              ...view,
              sort: { column, direction: column === "date" ? "desc" : "asc" },
              page: 1,
            });
          }}
          className="h-9"
        >
          {(Object.keys(columnLabels) as AnnotationSortColumn[])
            .filter((column) => column !== "category" || categories.length > 0)
            .map((column) => (
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
            onChange({
              ...view,
              sort: { ...sort, direction: sort.direction === "asc" ? "desc" : "asc" },
              page: 1,
            })
          }
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-md border border-input bg-background hover:bg-accent"
        >
          <SortIcon className="size-4" aria-hidden="true" />
        </button>
      </div>
      {isFilterActive(filter) ? (
        <button
          type="button"
          onClick={() => {
            setWords("");
            typed.current = "";
            onChange({ ...view, filter: {}, page: 1 });
          }}
          className="col-span-2 inline-flex h-9 items-center justify-center gap-1 rounded-md px-2 text-sm text-muted-foreground hover:bg-accent hover:text-foreground sm:col-span-1"
        >
          <X className="size-4" aria-hidden="true" />
          Clear filters
        </button>
      ) : null}
    </div>
  );
}

function ColourChip({ color }: { color: Row["annotation"]["color"] }) {
  const swatch = colorSwatch(color);
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs whitespace-nowrap">
      <ColorSwatch hex={swatch.hex} />
      {swatch.label}
    </span>
  );
}

function sourceOf(row: Row): string {
  const source = row.annotation.source;
  return source ? sourceLabels[source] : "—";
}

function RowsTable({
  rows,
  sort,
  onSort,
  categoryNames,
  placeholder,
}: {
  rows: Row[];
  sort: AnnotationSort;
  onSort: (column: AnnotationSortColumn) => void;
  categoryNames: Map<string, string>;
  placeholder: ReactNode;
}) {
  const showCategory = categoryNames.size > 0;
  const columns: AnnotationSortColumn[] = [
    "property",
    "date",
    "title",
    "description",
    "color",
    ...(showCategory ? (["category"] as const) : []),
    "source",
  ];
  const widths: Record<AnnotationSortColumn, string> = {
    property: "w-52",
    date: "w-48",
    title: "",
    description: "",
    color: "w-28",
    category: "w-36",
    source: "w-32",
  };
  return (
    <div className="relative hidden overflow-x-auto rounded-xl border bg-card sm:block">
      <table className="w-full min-w-[960px] table-fixed text-left text-sm">
        <caption className="sr-only">All annotations, {sortCaption(sort)}</caption>
        <colgroup>
          {columns.map((column) => (
            <col key={column} className={widths[column]} />
          ))}
        </colgroup>
        <thead className="border-b bg-muted/50 text-xs text-muted-foreground">
          <tr>
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
          </tr>
        </thead>
        <tbody>
          {placeholder !== null ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-10 text-center text-muted-foreground">
                {placeholder}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={`${row.propertyId}/${row.annotation.annotationId}`}
                className="border-b align-top last:border-b-0"
              >
                <td
                  className="truncate px-3 py-2"
                  title={`${row.propertyName} (${row.propertyId})`}
                >
                  {row.propertyName}
                </td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                  {formatAnnotationDate(row.annotation)}
                </td>
                <td className="px-3 py-2 font-medium break-words">{row.annotation.title}</td>
                <td className="px-3 py-2 text-muted-foreground">
                  <span className="line-clamp-2 break-words" title={row.annotation.description}>
                    {row.annotation.description || "—"}
                  </span>
                </td>
                <td className="px-3 py-2">
                  <ColourChip color={row.annotation.color} />
                </td>
                {showCategory ? (
                  <td className="truncate px-3 py-2">
                    {row.annotation.categoryId
                      ? (categoryNames.get(row.annotation.categoryId) ?? "—")
                      : "—"}
                  </td>
                ) : null}
                <td className="px-3 py-2 text-muted-foreground">{sourceOf(row)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Below 640 px each annotation is a card: nothing to scroll sideways. */
function RowCards({
  rows,
  sort,
  categoryNames,
  placeholder,
}: {
  rows: Row[];
  sort: AnnotationSort;
  categoryNames: Map<string, string>;
  placeholder: ReactNode;
}) {
  if (placeholder !== null)
    return (
      <div className="rounded-xl border bg-card px-3 py-10 text-center text-sm text-muted-foreground sm:hidden">
        {placeholder}
      </div>
    );
  return (
    <ul
      aria-label={`All annotations, ${sortCaption(sort)}`}
      className="flex flex-col gap-2 sm:hidden"
    >
      {rows.map((row) => {
        const category = row.annotation.categoryId
          ? categoryNames.get(row.annotation.categoryId)
          : undefined;
        return (
          <li
            key={`${row.propertyId}/${row.annotation.annotationId}`}
            className="flex min-w-0 flex-col gap-1.5 rounded-xl border bg-card p-3 text-sm"
          >
            <span className="font-medium break-words">{row.annotation.title}</span>
            <span className="text-xs break-words text-muted-foreground">
              {formatAnnotationDate(row.annotation)} · {row.propertyName}
            </span>
            {row.annotation.description ? (
              <p className="line-clamp-2 text-xs break-words text-muted-foreground">
                {row.annotation.description}
              </p>
            ) : null}
            <div className="flex min-w-0 flex-wrap items-center gap-2 text-xs">
              <ColourChip color={row.annotation.color} />
              {category ? <span className="truncate">{category}</span> : null}
              <span className="text-muted-foreground">{sourceOf(row)}</span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function Pager({
  view,
  total,
  onChange,
}: {
  view: AllAnnotationsView;
  total: number;
  onChange: (next: AllAnnotationsView) => void;
}) {
  if (total === 0) return null;
  const pages = Math.max(1, Math.ceil(total / allAnnotationsPageSize));
  const first = (view.page - 1) * allAnnotationsPageSize + 1;
  const last = Math.min(total, view.page * allAnnotationsPageSize);
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        {first > total
          ? `Page ${view.page} is past the last page`
          : `${first.toLocaleString("en-US")}–${last.toLocaleString("en-US")} of ${total.toLocaleString("en-US")}`}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={view.page <= 1}
          onClick={() => onChange({ ...view, page: Math.min(view.page - 1, pages) })}
        >
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <span className="text-muted-foreground tabular-nums">
          {Math.min(view.page, pages)} / {pages}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={view.page >= pages}
          onClick={() => onChange({ ...view, page: view.page + 1 })}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

function NoProperties() {
  return (
    <Card className="mx-auto w-full max-w-md text-center">
      <CardHeader className="items-center">
        <CardTitle as="h2" className="text-lg">
          No properties yet
        </CardTitle>
        <CardDescription className="text-pretty">
          Connect Google Analytics and choose a property on the dashboard; its annotations will be
          listed here.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex justify-center">
        <Button asChild>
          <Link href={routePaths.dashboard}>Go to the dashboard</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function readAt(properties: AllAnnotationsResponse["properties"]): string | null {
  const times = properties.flatMap((p) => (p.fetchedAt ? [p.fetchedAt] : [])).sort();
  const oldest = times[0];
  if (!oldest) return null;
  return new Date(oldest).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
}

/**
 * All annotations: every saved property's annotations in one table, searched, filtered, sorted
 * and paged on the server, the view kept in the address so it can be shared and reloaded.
 */
export function AllAnnotationsPage(_props: { user: CurrentUser }) {
  const [view, setView] = useAddressView();
  const { data, isPending, isError, error, isFetching, refresh, refreshing } =
    useAllAnnotations(view);

  async function onRefresh() {
    try {
      await refresh();
    } catch (failure) {
      toast({
        variant: "destructive",
        title: "Could not refresh",
        description: serverErrorMessage(failure) ?? "Please try again.",
      });
    }
  }
  function toggleSort(column: AnnotationSortColumn) {
    const { sort } = view;
    setView({
      ...view,
      sort:
        sort.column === column
          ? { column, direction: sort.direction === "asc" ? "desc" : "asc" }
          : { column, direction: column === "date" ? "desc" : "asc" },
      page: 1,
    });
  }

  const categoryNames = new Map((data?.categories ?? []).map((c) => [c.id, c.name]));
  const problems = (data?.properties ?? []).filter((p) => p.problem !== null);
  const filtered = isFilterActive(view.filter);
  const placeholder = isPending ? (
    "Loading annotations..."
  ) : isError ? (
    (serverErrorMessage(error) ?? "Could not load annotations. Please try again.")
  ) : data && data.rows.length === 0 ? (
    filtered ? (
      <div className="flex flex-col items-center gap-2">
        <p>
          No annotations match{" "}
          {view.filter.q?.trim() ? `“${view.filter.q.trim()}”` : "these filters"}.
        </p>
        <button
          type="button"
          onClick={() => setView({ ...view, filter: {}, page: 1 })}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Clear filters
        </button>
      </div>
    ) : data.total > 0 ? (
      "This page is past the last one."
    ) : (
      "No annotations yet on your saved properties."
    )
  ) : null;
  const at = data ? readAt(data.properties) : null;

  return (
    <div className="mx-auto flex w-full max-w-7xl min-w-0 flex-1 flex-col gap-4 px-4 py-8 sm:px-6">
      <BackLink href={routePaths.dashboard}>Back to Dashboard</BackLink>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">All annotations</h1>
          <p className="text-sm text-pretty text-muted-foreground">
            Every saved property's annotations in one place; each one's dates are on its property's
            calendar.
            {at ? ` Read from Google Analytics at ${at}.` : null}
          </p>
        </div>
        {data && data.properties.length > 0 ? (
          <Button variant="outline" size="sm" onClick={onRefresh} disabled={refreshing}>
            {refreshing ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <RefreshCw aria-hidden="true" />
            )}
            Refresh
          </Button>
        ) : null}
      </div>
      {data && data.properties.length === 0 ? (
        <NoProperties />
      ) : (
        <>
          {problems.length > 0 ? (
            <Alert variant="destructive" role="status">
              <TriangleAlert aria-hidden="true" />
              <ul className="flex min-w-0 flex-col gap-1 break-words">
                {problems.map((p) => (
                  <li key={p.propertyId}>{p.problem}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
          <Filters view={view} onChange={setView} data={data} />
          <div
            className={cn("flex min-w-0 flex-col gap-2", isFetching && !isPending && "opacity-70")}
            aria-busy={isFetching}
          >
            <RowsTable
              rows={data?.rows ?? []}
              sort={view.sort}
              onSort={toggleSort}
              categoryNames={categoryNames}
              placeholder={placeholder}
            />
            <RowCards
              rows={data?.rows ?? []}
              sort={view.sort}
              categoryNames={categoryNames}
              placeholder={placeholder}
            />
          </div>
          {data ? <Pager view={view} total={data.total} onChange={setView} /> : null}
        </>
      )}
    </div>
  );
}
