import type { Annotation } from "../../../shared/contracts/annotations";
import { Button } from "../../components/ui/button";
import { Dialog, DialogFooter } from "../../components/ui/dialog";
import { formatAnnotationDate } from "../../../shared/annotation-dates";
import { ColorSwatch } from "../../components/color-swatch";
import { colorSwatch } from "./annotation-format";
import { premiumTooltips } from "../../../shared/plans";
import { systemGeneratedTooltip } from "./annotations-table";

/** An annotation the person may look at but not change: Google's own, or any on the free plan. */
export function AnnotationDetailsDialog({
  annotation,
  canEdit,
  onOpenChange,
}: {
  annotation: Annotation;
  canEdit: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const swatch = colorSwatch(annotation.color);
  const why = annotation.systemGenerated
    ? systemGeneratedTooltip
    : canEdit
      ? null
      : premiumTooltips.edit;
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
        <dt className="text-muted-foreground">Description</dt>
        <dd className="break-words whitespace-pre-wrap">{annotation.description || "—"}</dd>
      </dl>
      <DialogFooter>
        <Button variant="outline" data-autofocus onClick={() => onOpenChange(false)}>
          Close
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
