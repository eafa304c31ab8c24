import { lazy, Suspense, useDeferredValue, useMemo, useState } from "react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import type { Annotation } from "../../../shared/contracts/annotations";
import type { Category } from "../../../shared/contracts/categories";
import type { AnnotationFilter, AnnotationSort } from "../../../shared/annotation-filter";
import { capabilitiesOf } from "../../../shared/plans";
import { Download } from "lucide-react";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";
import { isApiError } from "../../lib/api-client";
import { preloadable } from "../../lib/preloadable";
import { serverErrorMessage } from "../../lib/api-error-message";
import { newRequestId } from "../../lib/request-id";
import { useAnnotationLimitReason } from "../../session/annotation-allowance";
import { useCategories } from "../../session/categories";
import { useReadOnlyReason } from "../../session/read-only-properties";
import { readOnlyRowReason } from "../../../shared/property-access";
import { usePropertyTimeZone } from "../../session/use-property-time-zone";
import type { AnnotationDraft } from "./annotation-form-dialog";
import { undoToastDurationMs, useUndoAction } from "./undo-change";
import {
  useAnnotations,
  useCreateAnnotation,
  useDeleteAnnotation,
  useUpdateAnnotation,
} from "./annotations-api";

const noCategories: Category[] = [];

// The dialogs load when one first opens, so the dashboard's first screen carries only the table.
const AnnotationFormDialog = lazy(() =>
  import("./annotation-form-dialog").then((module) => ({ default: module.AnnotationFormDialog })),
);
const AnnotationDeleteDialog = lazy(() =>
  import("./annotation-delete-dialog").then((module) => ({
    default: module.AnnotationDeleteDialog,
  })),
);
const AnnotationDetailsDialog = lazy(() =>
  import("./annotation-details-dialog").then((module) => ({
    default: module.AnnotationDetailsDialog,
  })),
);

// Export and its CSV library load in a chunk of their own, after the table.
const ExportAnnotations = lazy(() =>
  import("./export-annotations").then((module) => ({ default: module.ExportAnnotations })),
);
const exportFallback = (
  <Button variant="outline" size="sm" disabled>
    <Download aria-hidden="true" />
    Export
  </Button>
);

// The chart and its libraries load after the table, in a chunk of their own.
// As tall as the loaded panel, so neither its code nor its report moves the table.
const chartFallback = (
  <div className="h-[490px] rounded-xl border bg-card" aria-busy="true">
    <span role="status" className="sr-only">
      Loading the chart…
    </span>
  </div>
);
const TrafficPanel = preloadable(
  () => import("./traffic-panel").then((module) => module.TrafficPanel),
  chartFallback,
);
// The edit dialog's timeline: only an opened edit dialog needs it, so it is not first-screen code.
const AnnotationHistory = preloadable(
  () => import("./annotation-history").then((module) => module.AnnotationHistory),
  <p className="text-sm text-muted-foreground">Loading the history…</p>,
);

// The table, with its search, filters, sorting and a phone's cards, is a chunk of its own, fetched
// as soon as this module runs: a page drawn on the server is taken over once it is here (so its
// rows are never swapped for a fallback), and the dashboard's first screen carries less code.
const tableFallback = (
  <div
    className="rounded-xl border bg-card px-3 py-10 text-center text-sm text-muted-foreground"
    aria-busy="true"
  >
    Loading annotations...
  </div>
);
const AnnotationsTable = preloadable(
  () => import("./annotations-table").then((module) => module.AnnotationsTable),
  tableFallback,
);
if (typeof window !== "undefined") AnnotationsTable.preload().catch(() => undefined);

// The bulk actions load once a row is selected (decision 0056).
const BulkActionBar = lazy(() =>
  import("./bulk-action-bar").then((module) => ({ default: module.BulkActionBar })),
);
const noSelection: ReadonlySet<string> = new Set();

/** Starts fetching the chart's code, for a screen that will show it (Property View). */
export const preloadTrafficPanel = TrafficPanel.preload;

export const missingPropertyMessage = "Please select a property ID first.";

export function toastMissingProperty(): void {
  toast({ variant: "destructive", title: "Error", description: missingPropertyMessage });
}

/**
 * Whether the server answered that the create did not happen (a refusal with its reason), so the
 * next attempt is a new request. No answer, or "Google did not confirm", may mean it did.
 */
function createDidNotHappen(error: unknown): boolean {
  return isApiError(error) && error.code !== null && error.code !== "google_unconfirmed";
}

function errorToast(title: string, error: unknown, fallback: string): void {
  toast({ variant: "destructive", title, description: serverErrorMessage(error) ?? fallback });
}

/**
 * The annotations of the selected property: the table plus the create, edit and delete dialogs.
 * `createOpen` belongs to the page, whose 'New Annotation' button opens it.
 */
export function AnnotationsManager({
  user,
  propertyId,
  createOpen,
  onCreateOpenChange,
  emptyMessage,
  showChart = false,
  openDraft = null,
}: {
  user: CurrentUser;
  propertyId: string;
  createOpen: boolean;
  onCreateOpenChange: (open: boolean) => void;
  emptyMessage?: string;
  /** The traffic chart above the table, whose days and markers open these same dialogs. */
  showChart?: boolean;
  /**
   * A draft to open from outside (Edit on the assistant's preview card): the create dialog, or
   * the edit dialog of `annotationId`, filled in. A new `id` opens it again.
   */
  openDraft?: { id: number; draft: AnnotationDraft & { annotationId?: string } } | null;
}) {
  const { canEditAnnotations, canDeleteAnnotations, canUseCategories } = capabilitiesOf(
    user.subscriptionTier,
  );
  const latest = useAnnotations(propertyId);
  // The chart's Annotate and its days start a create too: they wait while the day's allowance is spent.
  const limitReason = useAnnotationLimitReason(user);
  // On a property the person's Google role only lets them view, nothing is offered that would fail.
  const readOnlyReason = useReadOnlyReason(propertyId);
  const createBlocked = readOnlyReason ?? limitReason;
  const timeZone = usePropertyTimeZone(propertyId);
  // TanStack Query hands its answers over through useSyncExternalStore, so the render that brings
  // them is synchronous: with the table's rows and the chart's markers in it, it blocked the page
  // for hundreds of milliseconds on a phone. Read through useDeferredValue, that render keeps what
  // was shown (the loading row) and React draws the rows and markers in a background pass that
  // yields to the browser every few milliseconds. Both values change in the same pass.
  const annotations = useDeferredValue(latest.annotations);
  const isLoading = useDeferredValue(latest.isLoading);
  const create = useCreateAnnotation(propertyId);
  const update = useUpdateAnnotation(propertyId);
  const remove = useDeleteAnnotation(propertyId);
  const undo = useUndoAction(propertyId);
  const [editing, setEditing] = useState<Annotation | null>(null);
  const [deleting, setDeleting] = useState<Annotation | null>(null);
  const [createKey, setCreateKey] = useState(0);
  // A new annotation started from the chart: a day, perhaps with a draft title.
  const [draft, setDraft] = useState<AnnotationDraft | null>(null);
  const [viewing, setViewing] = useState<Annotation | null>(null);
  // The table's search, filters and order, held here so Export writes its rows in its order.
  const [tableFilter, setTableFilter] = useState<AnnotationFilter>({});
  const [tableSort, setTableSort] = useState<AnnotationSort>({
    column: "date",
    direction: "desc",
  });
  // The fields an edit opened from outside starts from, instead of the annotation's own.
  const [editDraft, setEditDraft] = useState<AnnotationDraft | undefined>(undefined);
  const creating = createOpen || draft !== null;
  // Our id for the annotation being created, sent with every attempt at it: a double submit or a
  // retry after a lost answer carries the same id, so the server never makes it twice. Closing the
  // dialog (a successful create closes it too) or starting one from the chart begins a new one.
  const [createRequestId, setCreateRequestId] = useState(newRequestId);
  // A draft opened from outside, once per id (set while rendering, as React advises for state
  // that follows a prop); an edit waits for the list that holds its annotation.
  const [openedDraftId, setOpenedDraftId] = useState<number | null>(null);
  if (openDraft && openDraft.id !== openedDraftId) {
    const { annotationId, ...fields } = openDraft.draft;
    const target = annotationId
      ? latest.annotations.find((a) => a.annotationId === annotationId)
      : undefined;
    if (!annotationId || target || !latest.isLoading) setOpenedDraftId(openDraft.id);
    if (target) {
      setEditDraft(fields);
      setEditing(target);
    } else if (!annotationId) {
      setCreateRequestId(newRequestId());
      setCreateKey((key) => key + 1);
      setDraft(fields);
    }
  }

  function closeCreate() {
    setCreateRequestId(newRequestId());
    setDraft(null);
    onCreateOpenChange(false);
  }

  function openAnnotation(annotation: Annotation) {
    if (canEditAnnotations && !readOnlyReason && !annotation.systemGenerated)
      setEditing(annotation);
    else setViewing(annotation);
  }
  // The selected rows (annotation ids) of this property; another property starts with none.
  const [selection, setSelection] = useState<{ propertyId: string; ids: ReadonlySet<string> }>({
    propertyId,
    ids: noSelection,
  });
  const selectedIds = selection.propertyId === propertyId ? selection.ids : noSelection;
  const selectRows = (ids: Iterable<string>) => setSelection({ propertyId, ids: new Set(ids) });
  const selectedRows = useMemo(
    () =>
      annotations
        .filter((annotation) => selectedIds.has(annotation.annotationId))
        .map(({ annotationId, title }) => ({ propertyId, annotationId, title })),
    [annotations, selectedIds, propertyId],
  );
  // Premium's categories are fetched only while a dialog or the bulk actions offer them or an
  // annotation shows one (the table's Category column and filter name only those annotations carry).
  const categories = useCategories({
    enabled:
      canUseCategories &&
      (creating ||
        editing !== null ||
        selectedIds.size > 0 ||
        annotations.some((annotation) => annotation.categoryId !== null)),
  });
  const categoryChoices = canUseCategories ? (categories.data ?? noCategories) : noCategories;
  const categoryNames = useMemo(
    () => new Map((categories.data ?? []).map((category) => [category.id, category.name])),
    [categories.data],
  );

  function guardProperty(): boolean {
    if (propertyId) return true;
    toastMissingProperty();
    return false;
  }

  return (
    <>
      {showChart && propertyId ? (
        // At least as tall as the loaded panel, so neither its code nor its report moves the table.
        <div className="min-h-[490px]">
          <Suspense fallback={chartFallback}>
            <TrafficPanel.Component
              propertyId={propertyId}
              timeZone={timeZone}
              annotations={annotations}
              onOpenAnnotation={openAnnotation}
              createBlocked={createBlocked}
              onCreate={(next) => {
                if (createBlocked) {
                  toast({
                    variant: "destructive",
                    title: readOnlyReason ? "Read-only property" : "No annotations left today",
                    description: createBlocked,
                  });
                  return;
                }
                setCreateRequestId(newRequestId());
                setCreateKey((key) => key + 1);
                setDraft(next);
              }}
            />
          </Suspense>
        </div>
      ) : null}
      {propertyId ? (
        <div className="mb-2 flex justify-end">
          <Suspense fallback={exportFallback}>
            <ExportAnnotations
              propertyId={propertyId}
              annotations={annotations}
              filter={tableFilter}
              sort={tableSort}
              categoryNames={categoryNames}
            />
          </Suspense>
        </div>
      ) : null}
      <AnnotationsTable.Component
        annotations={annotations}
        isLoading={isLoading}
        showImpact
        propertyId={propertyId}
        canEdit={canEditAnnotations}
        canDelete={canDeleteAnnotations}
        readOnlyReason={readOnlyReason ? readOnlyRowReason : null}
        emptyMessage={emptyMessage}
        categories={canUseCategories ? categoryChoices : undefined}
        onOpen={setViewing}
        onEdit={(annotation) => {
          if (guardProperty()) setEditing(annotation);
        }}
        onDelete={(annotation) => {
          if (guardProperty()) setDeleting(annotation);
        }}
        controls={{
          filter: tableFilter,
          onFilterChange: setTableFilter,
          sort: tableSort,
          onSortChange: setTableSort,
        }}
        selectedIds={selectedIds}
        // Bulk changes to a property that refuses every write would only fail, row by row.
        onSelectionChange={readOnlyReason ? undefined : selectRows}
        bulkBar={
          <Suspense fallback={null}>
            <BulkActionBar
              selected={selectedRows}
              canBulk={canEditAnnotations && canDeleteAnnotations}
              categories={categoryChoices}
              onClearSelection={() => selectRows([])}
              onFinished={(failed) => selectRows(failed.map((row) => row.annotationId))}
            />
          </Suspense>
        }
      />
      <Suspense fallback={null}>
        {creating ? (
          <AnnotationFormDialog
            key={createKey}
            mode="create"
            propertyId={propertyId}
            requestId={createRequestId}
            draft={draft ?? undefined}
            categories={categoryChoices}
            timeZone={timeZone}
            open
            onOpenChange={(open) => {
              if (!open) closeCreate();
            }}
            pending={create.isPending}
            onCreate={(request) => {
              if (!guardProperty()) return;
              create.mutate(
                { ...request, requestId: createRequestId },
                {
                  onSuccess: (created) => {
                    closeCreate();
                    setCreateKey((key) => key + 1);
                    toast({
                      title: "Annotation created",
                      description: `"${created.title}" has been created successfully in GA4.`,
                      action: undo.actionFor({ ...created, kind: "created" }),
                      duration: undoToastDurationMs,
                    });
                  },
                  onError: (error) => {
                    if (createDidNotHappen(error)) setCreateRequestId(newRequestId());
                    errorToast(
                      "Error creating annotation",
                      error,
                      "Failed to create annotation in GA4. Please try again.",
                    );
                  },
                },
              );
            }}
          />
        ) : null}
        {editing ? (
          <AnnotationFormDialog
            key={editing.annotationId}
            mode="edit"
            propertyId={propertyId}
            annotation={editing}
            {...(editDraft ? { draft: editDraft } : {})}
            categories={categoryChoices}
            timeZone={timeZone}
            open
            onOpenChange={(open) => {
              if (!open) {
                setEditing(null);
                setEditDraft(undefined);
              }
            }}
            impactOf={propertyId}
            history={
              // The edit dialog opens only where the person may edit, so any entry may be restored.
              <AnnotationHistory.Component
                propertyId={propertyId}
                annotation={editing}
                canRestore
                undoActionFor={undo.actionFor}
                onRestored={() => {
                  // The form still holds the version it opened with.
                  setEditing(null);
                  setEditDraft(undefined);
                }}
              />
            }
            pending={update.isPending}
            onUpdate={(changes) => {
              if (!guardProperty()) return;
              update.mutate(
                { annotationId: editing.annotationId, changes },
                {
                  onSuccess: (updated) => {
                    setEditing(null);
                    setEditDraft(undefined);
                    toast({
                      title: "Annotation updated",
                      description: `"${updated.title}" has been updated in GA4.`,
                      action: undo.actionFor({ ...updated, kind: "updated" }),
                      duration: undoToastDurationMs,
                    });
                  },
                  onError: (error) =>
                    errorToast(
                      "Error updating annotation",
                      error,
                      "Failed to update annotation in GA4. Please try again.",
                    ),
                },
              );
            }}
          />
        ) : null}
        {viewing ? (
          <AnnotationDetailsDialog
            annotation={viewing}
            canEdit={canEditAnnotations}
            readOnlyReason={readOnlyReason}
            timeZone={timeZone}
            categoryName={viewing.categoryId ? categoryNames.get(viewing.categoryId) : undefined}
            impactOf={propertyId}
            onOpenChange={(open) => {
              if (!open) setViewing(null);
            }}
          />
        ) : null}
      </Suspense>
      <Suspense fallback={null}>
        {deleting ? (
          <AnnotationDeleteDialog
            annotation={deleting}
            propertyId={propertyId}
            onOpenChange={(open) => {
              if (!open) setDeleting(null);
            }}
            pending={remove.isPending}
            onDeleteOne={() => {
              if (!deleting || !guardProperty()) return;
              const target = deleting;
              remove.mutate(target.annotationId, {
                onSuccess: ({ changeId }) => {
                  setDeleting(null);
                  toast({
                    title: "Annotation deleted",
                    description: `"${target.title}" has been deleted from GA4.`,
                    action: undo.actionFor({ changeId, title: target.title, kind: "deleted" }),
                    duration: undoToastDurationMs,
                  });
                },
                onError: (error) => {
                  setDeleting(null);
                  errorToast(
                    "Error deleting annotation",
                    error,
                    "Failed to delete annotation in GA4. Please try again.",
                  );
                },
              });
            }}
          />
        ) : null}
      </Suspense>
      {undo.dialog}
    </>
  );
}
