import { Download, Upload } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import {
  annotationExportRow,
  annotationsCsv,
  annotationsJson,
} from "../../../shared/annotation-export";
import {
  isFilterActive,
  type AnnotationFilter,
  type AnnotationSort,
} from "../../../shared/annotation-filter";
import { toIsoDate, calendarDateOf } from "../../../shared/calendar-date";
import type { Annotation } from "../../../shared/contracts/annotations";
import { formatNumber } from "../../../shared/english-format";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { routePaths } from "../../lib/route-paths";
import { useSavedProperties } from "../../session/saved-properties";
import { FeedsSection } from "./annotation-feeds";
import { viewRows } from "./annotations-table-tools";
import { useAnnotationImpacts } from "./impact-column";

/** Hands the browser a file to save; nothing leaves the page. */
function download(text: string, type: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const plural = (count: number, one: string, many: string) =>
  `${formatNumber(count)} ${count === 1 ? one : many}`;

/** A feed serves whole properties: said where the export in view was narrowed. */
const feedScopeNote =
  "A feed serves every annotation of the properties ticked; the search and filters are not part of it.";

function ExportButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="outline" size="sm" onClick={onClick}>
      <Download aria-hidden="true" />
      Export
    </Button>
  );
}

/**
 * The table's rows as the file writes them, read only while the dialog is open. The table's Impact
 * column's answer (the same query): its figures are written with each row.
 */
function useExportRows({
  propertyId,
  propertyName,
  annotations,
  filter,
  sort,
  categoryNames,
  open,
}: {
  propertyId: string;
  propertyName: string;
  annotations: readonly Annotation[];
  filter: AnnotationFilter;
  sort: AnnotationSort;
  categoryNames: ReadonlyMap<string, string>;
  open: boolean;
}) {
  const impacts = useAnnotationImpacts(propertyId, "sessions", open);
  const impactById = new Map(
    (impacts.data?.impacts ?? []).map((impact) => [impact.annotationId, impact]),
  );
  const shown = open
    ? viewRows(
        annotations,
        filter,
        sort,
        (id) => categoryNames.get(id),
        (row) => impactById.get(row.annotationId)?.estimate?.effect,
      )
    : [];
  // A file written before the figures arrive would hold empty impact columns; one that cannot
  // get them (the traffic report failed) is written without them rather than not at all.
  const measuring = impacts.isLoading;
  const rows = () =>
    shown.map((annotation) =>
      annotationExportRow(annotation, {
        propertyId,
        propertyName,
        categoryNames,
        impact: impactById.get(annotation.annotationId) ?? null,
      }),
    );
  return { shown, measuring, rows };
}

function DownloadButtons({
  propertyId,
  measuring,
  onCsv,
  onJson,
}: {
  propertyId: string;
  measuring: boolean;
  onCsv: () => void;
  onJson: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button disabled={measuring} onClick={onCsv}>
        <Download aria-hidden="true" />
        Download CSV
      </Button>
      <Button variant="outline" disabled={measuring} onClick={onJson}>
        <Download aria-hidden="true" />
        Download JSON
      </Button>
      <Button asChild variant="ghost">
        <Link href={`${routePaths.annotationImport}?property=${propertyId}`}>
          <Upload aria-hidden="true" />
          Import CSV
        </Link>
      </Button>
    </div>
  );
}

/**
 * Property View's Export: the table's annotations as it shows them — its search and filters
 * applied, in its order (the same rule the table sorts by) — as CSV or JSON, and the live feeds.
 */
export function ExportAnnotations({
  propertyId,
  annotations,
  filter,
  sort,
  categoryNames,
}: {
  propertyId: string;
  /** Every annotation of the property; the table's filter and sort choose and order them. */
  annotations: readonly Annotation[];
  filter: AnnotationFilter;
  sort: AnnotationSort;
  categoryNames: ReadonlyMap<string, string>;
}) {
  const [open, setOpen] = useState(false);
  const saved = useSavedProperties();
  const propertyName =
    saved.data?.find((p) => p.propertyId === propertyId)?.name ?? `Property ${propertyId}`;
  const filtered = isFilterActive(filter);
  const { shown, measuring, rows } = useExportRows({
    propertyId,
    propertyName,
    annotations,
    filter,
    sort,
    categoryNames,
    open,
  });
  const fileName = (extension: string) =>
    `tidemark-annotations-${propertyId}-${toIsoDate(calendarDateOf(new Date()))}.${extension}`;
  const count = plural(shown.length, "annotation", "annotations");

  return (
    <>
      <ExportButton onClick={() => setOpen(true)} />
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Export annotations"
        description={
          filtered
            ? `${count} of ${propertyName} that match the table's search and filters, in the table's order.`
            : `${count} of ${propertyName}, in the table's order.`
        }
      >
        <div className="flex flex-col gap-4">
          <DownloadButtons
            propertyId={propertyId}
            measuring={measuring}
            onCsv={() =>
              // The byte order mark tells Excel the file is UTF-8; other readers skip it.
              download(`\uFEFF${annotationsCsv(rows())}`, "text/csv;charset=utf-8", fileName("csv"))
            }
            onJson={() =>
              download(annotationsJson(rows()), "application/json;charset=utf-8", fileName("json"))
            }
          />
          {measuring ? (
            <p role="status" className="text-xs text-muted-foreground">
              Measuring each annotation's impact for the file…
            </p>
          ) : null}
          {filtered ? <p className="text-xs text-muted-foreground">{feedScopeNote}</p> : null}
          <FeedsSection propertyIds={[propertyId]} />
        </div>
      </Dialog>
    </>
  );
}

/**
 * All annotations' Export: its view — every property shown, the search and filters applied, in
 * the table's order, over all its pages — written by the server from the same lists and rule the
 * table's pages come from, as CSV or JSON; and a feed for the properties shown.
 */
export function ExportAnnotationsView({
  search,
  total,
  properties,
  filtered,
}: {
  /** The view's query (its filters and order), as the page's address carries it. */
  search: string;
  /** How many annotations the view holds over all its pages. */
  total: number;
  /** The properties the view shows. */
  properties: readonly { propertyId: string; name: string }[];
  filtered: boolean;
}) {
  const [open, setOpen] = useState(false);
  const href = (format: "csv" | "json") =>
    `/api/annotations/export?format=${format}${search ? `&${search}` : ""}`;
  const count = plural(total, "annotation", "annotations");
  const across = plural(properties.length, "property", "properties");
  return (
    <>
      <ExportButton onClick={() => setOpen(true)} />
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Export annotations"
        description={
          filtered
            ? `${count} of ${across} that match the search and filters, in the table's order, every page of it.`
            : `${count} of ${across}, in the table's order, every page of it.`
        }
      >
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <a href={href("csv")} download>
                <Download aria-hidden="true" />
                Download CSV
              </a>
            </Button>
            <Button asChild variant="outline">
              <a href={href("json")} download>
                <Download aria-hidden="true" />
                Download JSON
              </a>
            </Button>
          </div>
          {filtered ? <p className="text-xs text-muted-foreground">{feedScopeNote}</p> : null}
          <FeedsSection propertyIds={properties.map((property) => property.propertyId)} />
        </div>
      </Dialog>
    </>
  );
}
