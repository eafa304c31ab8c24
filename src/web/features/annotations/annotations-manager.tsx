import { Suspense, useDeferredValue, useState } from "react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import type { Annotation } from "../../../shared/contracts/annotations";
import type { Category } from "../../../shared/contracts/categories";
import type { AnnotationFilter, AnnotationSort } from "../../../shared/annotation-filter";
import { capabilitiesOf } from "../../../shared/plans";
import { preloadable } from "../../lib/preloadable";
import { toast } from "../../components/ui/use-toast";
import { useAnnotationLimitReason } from "../../session/annotation-allowance";
import { useReadOnlyReason } from "../../session/read-only-properties";
import { readOnlyRowReason } from "../../../shared/property-access";
import { usePropertyTimeZone } from "../../session/use-property-time-zone";
import type { AnnotationDraft } from "./annotation-form-dialog";
import { useAnnotations } from "./annotations-api";
import {
  AnnotationsTable,
  BulkActionBar,
  chartFallback,
  ExportAnnotations,
  exportFallback,
  TrafficPanel,
} from "./annotations-manager-chunks";
import { useAnnotationDialogs, type OpenDraft } from "./use-annotation-dialogs";
import { useCategoryChoices, useSelectedAnnotations } from "./use-manager-selection";

// The dialogs' frame (the create, edit and delete requests and their toasts) draws nothing until a
// dialog opens, so it follows the first screen rather than being part of it; fetched at once.
// Declared here, not with the other chunks, which the frame itself imports.
const AnnotationsManagerDialogs = preloadable(
  () => import("./annotations-manager-dialogs").then((module) => module.AnnotationsManagerDialogs),
  null,
);
if (typeof window !== "undefined") AnnotationsManagerDialogs.preload().catch(() => undefined);

/** Starts fetching the chart's code, for a screen that will show it (Property View). */
export const preloadTrafficPanel = TrafficPanel.preload;

export const missingPropertyMessage = "Please select a property ID first.";

export function toastMissingProperty(): void {
  toast({ variant: "destructive", title: "Error", description: missingPropertyMessage });
}

function guardProperty(propertyId: string): boolean {
  if (propertyId) return true;
  toastMissingProperty();
  return false;
}

interface AnnotationsManagerProps {
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
  openDraft?: OpenDraft | null;
}

/** The property's annotations as the manager shows them, with what it needs to know of it. */
function useManagedAnnotations(propertyId: string) {
  const latest = useAnnotations(propertyId);
  // On a property the person's Google role only lets them view, nothing is offered that would fail.
  const readOnlyReason = useReadOnlyReason(propertyId);
  const timeZone = usePropertyTimeZone(propertyId);
  // TanStack Query hands its answers over through useSyncExternalStore, so the render that brings
  // them is synchronous: with the table's rows and the chart's markers in it, it blocked the page
  // for hundreds of milliseconds on a phone. Read through useDeferredValue, that render keeps what
  // was shown (the loading row) and React draws the rows and markers in a background pass that
  // yields to the browser every few milliseconds. Both values change in the same pass.
  const annotations = useDeferredValue(latest.annotations);
  const isLoading = useDeferredValue(latest.isLoading);
  return { latest, readOnlyReason, timeZone, annotations, isLoading };
}

/** The table's search, filters and order, held by the manager so Export writes its rows in its order. */
function useTableControls() {
  const [filter, onFilterChange] = useState<AnnotationFilter>({});
  const [sort, onSortChange] = useState<AnnotationSort>({ column: "date", direction: "desc" });
  return { filter, onFilterChange, sort, onSortChange };
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
}: AnnotationsManagerProps) {
  const { canEditAnnotations, canDeleteAnnotations, canUseCategories } = capabilitiesOf(
    user.subscriptionTier,
  );
  const { latest, readOnlyReason, timeZone, annotations, isLoading } =
    useManagedAnnotations(propertyId);
  const dialogs = useAnnotationDialogs({
    annotations: latest.annotations,
    isLoading: latest.isLoading,
    createOpen,
    onCreateOpenChange,
    openDraft,
  });
  const controls = useTableControls();
  const { selectedIds, selectRows, selectedRows } = useSelectedAnnotations(annotations, propertyId);
  // The table's Category column and filter name only the categories annotations carry.
  const { categoryChoices, categoryNames } = useCategoryChoices(
    canUseCategories,
    dialogs.creating ||
      dialogs.editing !== null ||
      selectedIds.size > 0 ||
      annotations.some((annotation) => annotation.categoryId !== null),
  );
  const guard = () => guardProperty(propertyId);

  return (
    <>
      {showChart && propertyId ? (
        <ManagerChart
          user={user}
          propertyId={propertyId}
          timeZone={timeZone}
          annotations={annotations}
          readOnlyReason={readOnlyReason}
          onOpenAnnotation={(annotation) =>
            dialogs.openAnnotation(annotation, canEditAnnotations && !readOnlyReason)
          }
          onCreate={dialogs.startCreate}
        />
      ) : null}
      {propertyId ? (
        <ManagerExport
          propertyId={propertyId}
          annotations={annotations}
          filter={controls.filter}
          sort={controls.sort}
          categoryNames={categoryNames}
        />
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
        onOpen={dialogs.setViewing}
        onEdit={(annotation) => {
          if (guard()) dialogs.setEditing(annotation);
        }}
        onDelete={(annotation) => {
          if (guard()) dialogs.setDeleting(annotation);
        }}
        controls={controls}
        selectedIds={selectedIds}
        // Bulk changes to a property that refuses every write would only fail, row by row.
        onSelectionChange={readOnlyReason ? undefined : selectRows}
        bulkBar={
          <ManagerBulkBar
            selected={selectedRows}
            canBulk={canEditAnnotations && canDeleteAnnotations}
            categories={categoryChoices}
            selectRows={selectRows}
          />
        }
      />
      <AnnotationsManagerDialogs.Component
        propertyId={propertyId}
        dialogs={dialogs}
        categoryChoices={categoryChoices}
        categoryNames={categoryNames}
        timeZone={timeZone}
        canEdit={canEditAnnotations}
        readOnlyReason={readOnlyReason}
        guardProperty={guard}
      />
    </>
  );
}

/** The traffic chart above the table; its Annotate and its days start a create. */
function ManagerChart({
  user,
  readOnlyReason,
  onCreate,
  ...panel
}: {
  user: CurrentUser;
  propertyId: string;
  timeZone: string | null;
  annotations: Annotation[];
  readOnlyReason: string | null;
  onOpenAnnotation: (annotation: Annotation) => void;
  onCreate: (draft: AnnotationDraft) => void;
}) {
  // The chart's Annotate and its days wait while the day's allowance is spent.
  const limitReason = useAnnotationLimitReason(user);
  const createBlocked = readOnlyReason ?? limitReason;
  return (
    // At least as tall as the loaded panel, so neither its code nor its report moves the table.
    <div className="min-h-[490px]">
      <Suspense fallback={chartFallback}>
        <TrafficPanel.Component
          {...panel}
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
            onCreate(next);
          }}
        />
      </Suspense>
    </div>
  );
}

function ManagerExport(props: {
  propertyId: string;
  annotations: Annotation[];
  filter: AnnotationFilter;
  sort: AnnotationSort;
  categoryNames: ReadonlyMap<string, string>;
}) {
  return (
    <div className="mb-2 flex justify-end">
      <Suspense fallback={exportFallback}>
        <ExportAnnotations {...props} />
      </Suspense>
    </div>
  );
}

function ManagerBulkBar({
  selectRows,
  ...bar
}: {
  selected: { propertyId: string; annotationId: string; title: string }[];
  canBulk: boolean;
  categories: Category[];
  selectRows: (ids: Iterable<string>) => void;
}) {
  return (
    <Suspense fallback={null}>
      <BulkActionBar
        {...bar}
        onClearSelection={() => selectRows([])}
        onFinished={(failed) => selectRows(failed.map((row) => row.annotationId))}
      />
    </Suspense>
  );
}
