import {
  ChevronLeft,
  ChevronRight,
  Download,
  Loader2,
  RefreshCw,
  TriangleAlert,
} from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import {
  isFilterActive,
  type AnnotationFilter,
  type AnnotationSort,
} from "../../../shared/annotation-filter";
import type { AllAnnotationsResponse } from "../../../shared/contracts/all-annotations";
import type { CurrentUser } from "../../../shared/contracts/auth";
import type { BulkAnnotationItem } from "../../../shared/contracts/bulk-annotations";
import { formatNumber } from "../../../shared/english-format";
import { capabilitiesOf } from "../../../shared/plans";
import { BackLink } from "../../components/back-link";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import { cn } from "../../lib/class-names";
import { routePaths } from "../../lib/route-paths";
import { useCategories } from "../../session/categories";
import { useReadOnlyReason } from "../../session/read-only-properties";
import { AnnotationDetailsDialog } from "./annotation-details-dialog";
import { AnnotationsTable, type AnnotationRow } from "./annotations-table";
import type { BulkSelectionItem } from "./bulk-action-bar";
import { fetchMatchingKeys, useAllAnnotations } from "./all-annotations-api";
import { useUndoAction } from "./undo-change";
import {
  allAnnotationsPageSize,
  filterKeyOfView,
  searchOfView,
  viewFromSearch,
  type AllAnnotationsView,
} from "./all-annotations-view";

const searchDelayMs = 300;

// The bulk actions load once a row is selected (decision 0056).
const BulkActionBar = lazy(() =>
  import("./bulk-action-bar").then((module) => ({ default: module.BulkActionBar })),
);
// A row's history loads when its details open; Export when it is first drawn.
const AnnotationHistory = lazy(() =>
  import("./annotation-history").then((module) => ({ default: module.AnnotationHistory })),
);
const ExportAnnotationsView = lazy(() =>
  import("./export-annotations").then((module) => ({ default: module.ExportAnnotationsView })),
);
const exportFallback = (
  <Button variant="outline" size="sm" disabled>
    <Download aria-hidden="true" />
    Export
  </Button>
);

type UndoActionFor = ReturnType<typeof useUndoAction>["actionFor"];

/**
 * The Undo of one property's toasts. All annotations spans properties, and an undo is asked of
 * its change's property, so each property whose rows were opened keeps one (with its question).
 */
function PropertyUndo({
  propertyId,
  register,
}: {
  propertyId: string;
  register: (propertyId: string, actionFor: UndoActionFor) => void;
}) {
  const undo = useUndoAction(propertyId);
  useEffect(() => {
    register(propertyId, undo.actionFor);
  });
  return undo.dialog;
}

const keyOf = (item: { propertyId?: string; annotationId: string }) =>
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
function useSelection(view: AllAnnotationsView, rows: AllAnnotationsResponse["rows"]) {
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

/**
 * The filters as the table's toolbar shows them: what is typed shows at once, and the address (so
 * the server) follows once typing pauses; every other change goes to the address at once. Back
 * and forward bring the address's filters into the toolbar.
 */
function useDraftFilter(
  view: AllAnnotationsView,
  setView: (next: AllAnnotationsView, replace?: boolean) => void,
): [AnnotationFilter, (next: AnnotationFilter) => void] {
  const [draft, setDraft] = useState(view.filter);
  const current = searchOfView(view);
  const pushed = useRef(current);
  useEffect(() => {
    if (current === pushed.current) return;
    pushed.current = current;
    setDraft(viewFromSearch(current).filter);
  }, [current]);
  useEffect(() => {
    if ((draft.q ?? "") === (view.filter.q ?? "")) return;
    const timer = setTimeout(() => {
      const next = { ...view, filter: { ...view.filter, q: draft.q || undefined }, page: 1 };
      pushed.current = searchOfView(next);
      setView(next, true);
    }, searchDelayMs);
    return () => clearTimeout(timer);
  });
  const change = (next: AnnotationFilter) => {
    setDraft(next);
    const onlyWords = searchOfView({ ...view, filter: { ...next, q: view.filter.q } }) === current;
    if (onlyWords) return;
    const target = { ...view, filter: { ...next, q: next.q || undefined }, page: 1 };
    pushed.current = searchOfView(target);
    setView(target);
  };
  return [draft, change];
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

/**
 * An opened row's history. Restore is an edit: offered when the plan allows edits and the
 * person's Google role lets them write to the property (asked only once a row is opened).
 */
function RowHistory({
  propertyId,
  annotation,
  canEdit,
  undoActionFor,
  onRestored,
}: {
  propertyId: string;
  annotation: AnnotationRow;
  canEdit: boolean;
  undoActionFor: UndoActionFor;
  onRestored: () => void;
}) {
  const readOnly = useReadOnlyReason(propertyId);
  return (
    <Suspense fallback={<p className="text-sm text-muted-foreground">Loading the history…</p>}>
      <AnnotationHistory
        propertyId={propertyId}
        annotation={annotation}
        canRestore={canEdit && !annotation.systemGenerated && readOnly === null}
        undoActionFor={undoActionFor}
        onRestored={onRestored}
      />
    </Suspense>
  );
}

/** The properties a view shows: those its property filter names, or all of them. */
function shownProperties(
  properties: AllAnnotationsResponse["properties"],
  filter: AnnotationFilter,
): AllAnnotationsResponse["properties"] {
  const named = filter.propertyIds;
  return named?.length ? properties.filter((p) => named.includes(p.propertyId)) : properties;
}

function readAt(properties: AllAnnotationsResponse["properties"]): string | null {
  const times = properties.flatMap((p) => (p.fetchedAt ? [p.fetchedAt] : [])).sort();
  const oldest = times[0];
  if (!oldest) return null;
  return new Date(oldest).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
}

/**
 * All annotations: every saved property's annotations in Property View's table (with a Property
 * column), searched, filtered, sorted and paged on the server, the view kept in the address so it
 * can be shared and reloaded.
 */
export function AllAnnotationsPage({ user }: { user: CurrentUser }) {
  const [view, setView] = useAddressView();
  const [filter, changeFilter] = useDraftFilter(view, setView);
  const [opened, setOpened] = useState<AnnotationRow | null>(null);
  // The properties whose rows were opened here: each keeps the Undo of its restores' toasts.
  const [openedProperties, setOpenedProperties] = useState<readonly string[]>([]);
  const undoActions = useRef(new Map<string, UndoActionFor>());
  function openRow(row: AnnotationRow) {
    setOpened(row);
    const propertyId = row.propertyId;
    if (propertyId && !openedProperties.includes(propertyId))
      setOpenedProperties((held) => [...held, propertyId]);
  }
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
  const changeSort = (sort: AnnotationSort) => setView({ ...view, sort, page: 1 });

  const rows: AnnotationRow[] = (data?.rows ?? []).map((row) => ({
    ...row.annotation,
    propertyId: row.propertyId,
    propertyName: row.propertyName,
  }));
  const categories = data?.categories.length ? data.categories : undefined;
  const selection = useSelection(view, data?.rows ?? []);
  const { canEditAnnotations, canDeleteAnnotations, canUseCategories } = capabilitiesOf(
    user.subscriptionTier,
  );
  // The person's categories, for the bulk actions' "Category", once something is selected.
  const categoryChoices = useCategories({
    enabled: canUseCategories && selection.items.size > 0,
  });
  const problems = (data?.properties ?? []).filter((p) => p.problem !== null);
  const emptyMessage = isError
    ? (serverErrorMessage(error) ?? "Could not load annotations. Please try again.")
    : data && data.total > 0
      ? "This page is past the last one."
      : isFilterActive(view.filter)
        ? "No annotations match these filters."
        : "No annotations yet on your saved properties.";
  const at = data ? readAt(data.properties) : null;
  const openedTimeZone = opened
    ? (data?.properties.find((p) => p.propertyId === opened.propertyId)?.timeZone ?? null)
    : null;

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
          <div className="flex flex-wrap gap-2">
            <Suspense fallback={exportFallback}>
              <ExportAnnotationsView
                search={searchOfView({ ...view, page: 1 })}
                total={data.total}
                properties={shownProperties(data.properties, view.filter)}
                filtered={isFilterActive(view.filter)}
              />
            </Suspense>
            <Button variant="outline" size="sm" onClick={onRefresh} disabled={refreshing}>
              {refreshing ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <RefreshCw aria-hidden="true" />
              )}
              Refresh
            </Button>
          </div>
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
          <div
            className={cn("min-w-0", isFetching && !isPending && "opacity-70")}
            aria-busy={isFetching}
          >
            <AnnotationsTable
              annotations={rows}
              canEdit={false}
              canDelete={false}
              onOpen={openRow}
              isLoading={isPending}
              emptyMessage={emptyMessage}
              categories={categories}
              showProperty
              showImpact
              properties={data?.properties}
              getRowId={keyOf}
              selectedIds={selection.ids}
              onSelectionChange={selection.change}
              bulkBar={
                <Suspense fallback={null}>
                  <BulkActionBar
                    selected={[...selection.items.values()]}
                    canBulk={canEditAnnotations && canDeleteAnnotations}
                    categories={canUseCategories ? (categoryChoices.data ?? []) : []}
                    onClearSelection={selection.clear}
                    onFinished={selection.keepFailed}
                  />
                  {selection.capped ? (
                    <p role="status" className="mb-2 text-sm text-pretty text-muted-foreground">
                      {formatNumber(selection.capped.total)} annotations match; the first{" "}
                      {formatNumber(selection.capped.limit)} are selected, as many as a bulk action
                      takes at once. Narrow the filters to reach the rest.
                    </p>
                  ) : null}
                </Suspense>
              }
              view={{
                filter,
                onFilterChange: changeFilter,
                sort: view.sort,
                onSortChange: changeSort,
                matching: data
                  ? {
                      count: data.total,
                      allSelected: selection.allMatching || selection.selecting,
                      onSelectAll: () => void selection.selectAllMatching(),
                    }
                  : undefined,
              }}
            />
          </div>
          {data ? <Pager view={view} total={data.total} onChange={setView} /> : null}
        </>
      )}
      {opened ? (
        <AnnotationDetailsDialog
          annotation={opened}
          canEdit
          timeZone={openedTimeZone}
          categoryName={
            opened.categoryId
              ? data?.categories.find((c) => c.id === opened.categoryId)?.name
              : undefined
          }
          onOpenChange={(open) => {
            if (!open) setOpened(null);
          }}
          {...(opened.propertyId ? { impactOf: opened.propertyId } : {})}
          history={
            opened.propertyId ? (
              <RowHistory
                propertyId={opened.propertyId}
                annotation={opened}
                canEdit={canEditAnnotations}
                undoActionFor={(change) => undoActions.current.get(opened.propertyId!)?.(change)}
                onRestored={() => setOpened(null)}
              />
            ) : null
          }
        />
      ) : null}
      {openedProperties.map((propertyId) => (
        <PropertyUndo
          key={propertyId}
          propertyId={propertyId}
          register={(id, actionFor) => undoActions.current.set(id, actionFor)}
        />
      ))}
    </div>
  );
}
