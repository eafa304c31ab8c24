import type { ReactNode } from "react";
import type { Annotation } from "../../../shared/contracts/annotations";
import { Button } from "../../components/ui/button";
import { Dialog, DialogFooter } from "../../components/ui/dialog";
import { formatAnnotationDate, formatDateAdded } from "../../../shared/annotation-dates";
import { ColorSwatch } from "../../components/color-swatch";
import { AnnotationImpactSummary } from "./annotation-impact";
import { colorSwatch } from "./annotation-format";
import { premiumTooltips } from "../../../shared/plans";
import { sourceLabels, systemGeneratedTooltip } from "./annotations-table";

/**
 * An annotation's details, the table's title opens them: its id, where it came from and when it
 * was added beside what the table shows. Also how the person looks at one they may not change
 * (Google's own, or any on the free plan).
 */
export function AnnotationDetailsDialog({
  annotation,
  canEdit,
  readOnlyReason = null,
  onOpenChange,
  timeZone = null,
  categoryName,
  history,
  impactOf,
}: {
  annotation: Annotation;
  canEdit: boolean;
  /** Why the property's annotations cannot be changed at all (the person may only view it). */
  readOnlyReason?: string | null;
  onOpenChange: (open: boolean) => void;
  /** The property's time zone, whose calendar 'Date Added' is read on (UTC while unknown). */
  timeZone?: string | null;
  categoryName?: string;
  /** The annotation's history, below its details (All annotations, where rows open here). */
  history?: ReactNode;
  /** The property whose traffic its impact is measured on; no impact section without it. */
  impactOf?: string;
}) {
  const swatch = colorSwatch(annotation.color);
  const why = annotation.systemGenerated
    ? systemGeneratedTooltip
    : (readOnlyReason ?? (canEdit ? null : premiumTooltips.edit));
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={annotation.title}
      description={why ?? undefined}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Date</dt>
        <dd>{formatAnnotationDate(annotation)}</dd>
        <dt className="text-muted-foreground">Color</dt>
        <dd className="flex items-center gap-2">
          <ColorSwatch hex={swatch.hex} className="size-3" />
          {swatch.label}
        </dd>
        {categoryName ? (
          <>
            <dt className="text-muted-foreground">Category</dt>
            <dd className="break-words">{categoryName}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Description</dt>
        <dd className="break-words whitespace-pre-wrap">{annotation.description || "—"}</dd>
        <dt className="text-muted-foreground">Source</dt>
        <dd>{annotation.source ? sourceLabels[annotation.source] : "—"}</dd>
        <dt className="text-muted-foreground">Date Added</dt>
        <dd>{formatDateAdded(annotation.dateAdded, timeZone)}</dd>
        <dt className="text-muted-foreground">Annotation ID</dt>
        <dd className="font-mono text-xs break-all">{annotation.annotationId}</dd>
      </dl>
      {impactOf ? (
        <AnnotationImpactSummary propertyId={impactOf} annotationId={annotation.annotationId} />
      ) : null}
      {history}
      <DialogFooter>
        <Button variant="outline" data-autofocus onClick={() => onOpenChange(false)}>
          Close
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
