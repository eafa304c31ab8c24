import {
  ChevronLeft,
  ChevronRight,
  Download,
  Loader2,
  RefreshCw,
  TriangleAlert,
} from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import { Link } from "wouter";
import { isFilterActive, type AnnotationFilter } from "../../../shared/annotation-filter";
import type { AllAnnotationsResponse } from "../../../shared/contracts/all-annotations";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { routePaths } from "../../lib/route-paths";
import { useReadOnlyReason } from "../../session/read-only-properties";
import type { AnnotationRow } from "./annotations-table";
import { useUndoAction } from "./undo-change";
import {
  allAnnotationsPageSize,
  searchOfView,
  type AllAnnotationsView,
} from "./all-annotations-view";

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

export type UndoActionFor = ReturnType<typeof useUndoAction>["actionFor"];

/**
 * The Undo of one property's toasts. All annotations spans properties, and an undo is asked of
 * its change's property, so each property whose rows were opened keeps one (with its question).
 */
export function PropertyUndo({
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

export function Pager({
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

export function NoProperties() {
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
export function RowHistory({
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

/** The page's title, when its rows were read, and Export and Refresh once there are properties. */
export function PageHeader({
  data,
  view,
  refreshing,
  onRefresh,
}: {
  data: AllAnnotationsResponse | undefined;
  view: AllAnnotationsView;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const at = data ? readAt(data.properties) : null;
  return (
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
  );
}

/** The properties Google did not answer for, each saying why. */
export function PropertyProblems({ problems }: { problems: AllAnnotationsResponse["properties"] }) {
  if (problems.length === 0) return null;
  return (
    <Alert variant="destructive" role="status">
      <TriangleAlert aria-hidden="true" />
      <ul className="flex min-w-0 flex-col gap-1 break-words">
        {problems.map((p) => (
          <li key={p.propertyId}>{p.problem}</li>
        ))}
      </ul>
    </Alert>
  );
}
