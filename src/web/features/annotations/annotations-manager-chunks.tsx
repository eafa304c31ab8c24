import { lazy } from "react";
import { Download } from "lucide-react";
import { Button } from "../../components/ui/button";
import { preloadable } from "../../lib/preloadable";

// The dialogs load when one first opens, so the dashboard's first screen carries only the table.
export const AnnotationFormDialog = lazy(() =>
  import("./annotation-form-dialog").then((module) => ({ default: module.AnnotationFormDialog })),
);
export const AnnotationDeleteDialog = lazy(() =>
  import("./annotation-delete-dialog").then((module) => ({
    default: module.AnnotationDeleteDialog,
  })),
);
export const AnnotationDetailsDialog = lazy(() =>
  import("./annotation-details-dialog").then((module) => ({
    default: module.AnnotationDetailsDialog,
  })),
);

// Export and its CSV library load in a chunk of their own, after the table.
export const ExportAnnotations = lazy(() =>
  import("./export-annotations").then((module) => ({ default: module.ExportAnnotations })),
);
export const exportFallback = (
  <Button variant="outline" size="sm" disabled>
    <Download aria-hidden="true" />
    Export
  </Button>
);

// The chart and its libraries load after the table, in a chunk of their own.
// As tall as the loaded panel, so neither its code nor its report moves the table.
export const chartFallback = (
  <div className="h-[490px] rounded-xl border bg-card" aria-busy="true">
    <span role="status" className="sr-only">
      Loading the chart…
    </span>
  </div>
);
export const TrafficPanel = preloadable(
  () => import("./traffic-panel").then((module) => module.TrafficPanel),
  chartFallback,
);
// The edit dialog's timeline: only an opened edit dialog needs it, so it is not first-screen code.
export const AnnotationHistory = preloadable(
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
export const AnnotationsTable = preloadable(
  () => import("./annotations-table").then((module) => module.AnnotationsTable),
  tableFallback,
);
if (typeof window !== "undefined") AnnotationsTable.preload().catch(() => undefined);

// The bulk actions load once a row is selected (decision 0056).
export const BulkActionBar = lazy(() =>
  import("./bulk-action-bar").then((module) => ({ default: module.BulkActionBar })),
);
