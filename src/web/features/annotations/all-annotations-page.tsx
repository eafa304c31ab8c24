import { lazy, Suspense, useRef, useState } from "react";
import { isFilterActive, type AnnotationSort } from "../../../shared/annotation-filter";
import type { AllAnnotationsResponse } from "../../../shared/contracts/all-annotations";
import type { CurrentUser } from "../../../shared/contracts/auth";
import type { Category } from "../../../shared/contracts/categories";
import { formatNumber } from "../../../shared/english-format";
import { capabilitiesOf } from "../../../shared/plans";
import { BackLink } from "../../components/back-link";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import { cn } from "../../lib/class-names";
import { routePaths } from "../../lib/route-paths";
import { useCategories } from "../../session/categories";
import { AnnotationDetailsDialog } from "./annotation-details-dialog";
import { AnnotationsTable, type AnnotationRow } from "./annotations-table";
import { useAllAnnotations } from "./all-annotations-api";
import {
  NoProperties,
  PageHeader,
  Pager,
  PropertyProblems,
  PropertyUndo,
  RowHistory,
  type UndoActionFor,
} from "./all-annotations-parts";
import type { AllAnnotationsView } from "./all-annotations-view";
import { useAddressView, useDraftFilter } from "./use-address-view";
import { keyOf, useSelection } from "./use-all-annotations-selection";

// The bulk actions load once a row is selected (decision 0056).
const BulkActionBar = lazy(() =>
  import("./bulk-action-bar").then((module) => ({ default: module.BulkActionBar })),
);

/** What the table says in place of rows. */
function emptyMessageOf(
  isError: boolean,
  error: unknown,
  data: AllAnnotationsResponse | undefined,
  view: AllAnnotationsView,
): string {
  return isError
    ? (serverErrorMessage(error) ?? "Could not load annotations. Please try again.")
    : data && data.total > 0
      ? "This page is past the last one."
      : isFilterActive(view.filter)
        ? "No annotations match these filters."
        : "No annotations yet on your saved properties.";
}

/** The rows as the table shows them: each annotation with its property. */
function rowsOf(data: AllAnnotationsResponse | undefined): AnnotationRow[] {
  return (data?.rows ?? []).map((row) => ({
    ...row.annotation,
    propertyId: row.propertyId,
    propertyName: row.propertyName,
  }));
}

/** The row whose details are open, and the properties whose rows were opened here. */
function useOpenedRow() {
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
  return { opened, setOpened, openRow, openedProperties, undoActions };
}

async function refreshOrSay(refresh: () => Promise<unknown>) {
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

/**
 * All annotations: every saved property's annotations in Property View's table (with a Property
 * column), searched, filtered, sorted and paged on the server, the view kept in the address so it
 * can be shared and reloaded.
 */
export function AllAnnotationsPage({ user }: { user: CurrentUser }) {
  const [view, setView] = useAddressView();
  const [filter, changeFilter] = useDraftFilter(view, setView);
  const rowOpening = useOpenedRow();
  const { opened, setOpened, undoActions } = rowOpening;
  const { data, isPending, isError, error, isFetching, refresh, refreshing } =
    useAllAnnotations(view);
  const changeSort = (sort: AnnotationSort) => setView({ ...view, sort, page: 1 });

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

  return (
    <div className="mx-auto flex w-full max-w-7xl min-w-0 flex-1 flex-col gap-4 px-4 py-8 sm:px-6">
      <BackLink href={routePaths.dashboard}>Back to Dashboard</BackLink>
      <PageHeader
        data={data}
        view={view}
        refreshing={refreshing}
        onRefresh={() => void refreshOrSay(refresh)}
      />
      {data && data.properties.length === 0 ? (
        <NoProperties />
      ) : (
        <>
          <PropertyProblems problems={problems} />
          <div
            className={cn("min-w-0", isFetching && !isPending && "opacity-70")}
            aria-busy={isFetching}
          >
            <AnnotationsTable
              annotations={rowsOf(data)}
              canEdit={false}
              canDelete={false}
              onOpen={rowOpening.openRow}
              isLoading={isPending}
              emptyMessage={emptyMessageOf(isError, error, data, view)}
              categories={categories}
              showProperty
              showImpact
              properties={data?.properties}
              getRowId={keyOf}
              selectedIds={selection.ids}
              onSelectionChange={selection.change}
              bulkBar={
                <SelectionBulkBar
                  selection={selection}
                  canBulk={canEditAnnotations && canDeleteAnnotations}
                  categories={canUseCategories ? (categoryChoices.data ?? []) : []}
                />
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
        <OpenedRowDialog
          opened={opened}
          data={data}
          canEdit={canEditAnnotations}
          undoActionFor={(change) => undoActions.current.get(opened.propertyId!)?.(change)}
          onClose={() => setOpened(null)}
        />
      ) : null}
      {rowOpening.openedProperties.map((propertyId) => (
        <PropertyUndo
          key={propertyId}
          propertyId={propertyId}
          register={(id, actionFor) => undoActions.current.set(id, actionFor)}
        />
      ))}
    </div>
  );
}

/** The bulk actions on the selection, and a word when it holds fewer than matched. */
function SelectionBulkBar({
  selection,
  canBulk,
  categories,
}: {
  selection: ReturnType<typeof useSelection>;
  canBulk: boolean;
  categories: Category[];
}) {
  return (
    <Suspense fallback={null}>
      <BulkActionBar
        selected={[...selection.items.values()]}
        canBulk={canBulk}
        categories={categories}
        onClearSelection={selection.clear}
        onFinished={selection.keepFailed}
      />
      {selection.capped ? (
        <p role="status" className="mb-2 text-sm text-pretty text-muted-foreground">
          {formatNumber(selection.capped.total)} annotations match; the first{" "}
          {formatNumber(selection.capped.limit)} are selected, as many as a bulk action takes at
          once. Narrow the filters to reach the rest.
        </p>
      ) : null}
    </Suspense>
  );
}

/** An opened row's details, with its impact and history where it names its property. */
function OpenedRowDialog({
  opened,
  data,
  canEdit,
  undoActionFor,
  onClose,
}: {
  opened: AnnotationRow;
  data: AllAnnotationsResponse | undefined;
  canEdit: boolean;
  undoActionFor: UndoActionFor;
  onClose: () => void;
}) {
  return (
    <AnnotationDetailsDialog
      annotation={opened}
      canEdit
      timeZone={data?.properties.find((p) => p.propertyId === opened.propertyId)?.timeZone ?? null}
      categoryName={
        opened.categoryId
          ? data?.categories.find((c) => c.id === opened.categoryId)?.name
          : undefined
      }
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      {...(opened.propertyId ? { impactOf: opened.propertyId } : {})}
      history={
        opened.propertyId ? (
          <RowHistory
            propertyId={opened.propertyId}
            annotation={opened}
            canEdit={canEdit}
            undoActionFor={undoActionFor}
            onRestored={onClose}
          />
        ) : null
      }
    />
  );
}
