import { Lock, Pencil, Trash2 } from "lucide-react";
import type { MouseEvent, ReactNode } from "react";
import type { Annotation, AnnotationSource } from "../../../shared/contracts/annotations";
import type { AnnotationImpact } from "../../../shared/contracts/impact";
import { annotationColorSwatches } from "../../../shared/annotation-colors";
import { formatAnnotationDate } from "../../../shared/annotation-dates";
import { premiumTooltips } from "../../../shared/plans";
import { ColorSwatch } from "../../components/color-swatch";
import { HintTooltip } from "../../components/ui/hint-tooltip";
import { cn } from "../../lib/class-names";
import { colorSwatch } from "./annotation-format";
import type { AnnotationRow, TableCategory } from "./annotations-table-types";
import { ImpactCell } from "./impact-column";

export const systemGeneratedTooltip = "Created by Google Analytics - read-only";

/** Where an annotation came from, as its Source cell says it. */
export const sourceLabels: Record<AnnotationSource, string> = {
  tidemark: "Table",
  assistant: "Assistant",
  audit: "Audit",
  import: "Import",
  api: "API",
  google: "Google Analytics",
  inbox: "Inbox",
};

// Below 640 px the same table is drawn as cards, by CSS alone (Tailwind's max-sm: variant): the
// server's page is already right on a phone, nothing moves once the browser takes over, and there
// is one copy of each row for everyone, assistive tech included. Each row is then a grid: the
// check box on the left, the title, day (and property), colour and category in the middle, the
// actions on the right; the header row, description and source are hidden.
const cardRowAreas = {
  selectable:
    "max-sm:grid-cols-[auto_auto_minmax(0,1fr)_auto] max-sm:[grid-template-areas:'check_title_title_actions'_'check_date_property_actions'_'check_colour_category_actions']",
  plain:
    "max-sm:grid-cols-[auto_minmax(0,1fr)_auto] max-sm:[grid-template-areas:'title_title_actions'_'date_property_actions'_'colour_category_actions']",
};
// A card whose annotation has a measured impact gives it a line of its own below the rest; the
// others keep three lines (a dash or a 'Not yet' says nothing worth a line on a phone).
const cardRowAreasWithImpact = {
  selectable:
    "max-sm:grid-cols-[auto_auto_minmax(0,1fr)_auto] max-sm:[grid-template-areas:'check_title_title_actions'_'check_date_property_actions'_'check_colour_category_actions'_'check_impact_impact_actions']",
  plain:
    "max-sm:grid-cols-[auto_minmax(0,1fr)_auto] max-sm:[grid-template-areas:'title_title_actions'_'date_property_actions'_'colour_category_actions'_'impact_impact_actions']",
};
const cardRowClass =
  "sm:border-b sm:last:border-b-0 max-sm:grid max-sm:items-center max-sm:gap-x-2 max-sm:gap-y-1.5 max-sm:rounded-xl max-sm:border max-sm:bg-card max-sm:p-3";
const cellClass = "px-3 py-2 max-sm:p-0";

const iconButtonClass =
  "inline-flex size-8 items-center justify-center rounded-md text-muted-foreground outline-none focus-visible:ring-3 focus-visible:ring-ring/40";
export const checkboxClass = "size-4 cursor-pointer accent-primary";

/** What every row of one table shows and may do. */
export interface RowOptions {
  selectable: boolean;
  showCategory: boolean;
  showProperty: boolean;
  showImpact: boolean;
  canEdit: boolean;
  canDelete: boolean;
  readOnlyReason: string | null;
  onEdit?: (annotation: AnnotationRow) => void;
  onDelete?: (annotation: AnnotationRow) => void;
  onOpen?: (annotation: AnnotationRow) => void;
}

/** One annotation: a table row from 640 px, a card below. */
export function AnnotationTableRow({
  annotation,
  options,
  category,
  impact,
  checkbox,
}: {
  annotation: AnnotationRow;
  options: RowOptions;
  category: TableCategory | undefined;
  /** Its measured impact and whether its property's are still read or failed (Impact column). */
  impact: { value: AnnotationImpact | undefined; pending: boolean; failed: boolean } | undefined;
  /** Its selection box, when rows can be selected. */
  checkbox: ReactNode;
}) {
  const { selectable, showCategory, showProperty, showImpact } = options;
  const hasActions = options.onEdit !== undefined || options.onDelete !== undefined;
  const areas = impact?.value?.estimate ? cardRowAreasWithImpact : cardRowAreas;
  return (
    <tr className={cn(cardRowClass, selectable ? areas.selectable : areas.plain)}>
      {selectable ? (
        <td
          className={cn(
            cellClass,
            "max-sm:flex max-sm:h-8 max-sm:items-center max-sm:self-start max-sm:[grid-area:check]",
          )}
        >
          {checkbox}
        </td>
      ) : null}
      <td
        className={cn(
          cellClass,
          "max-sm:text-xs max-sm:whitespace-nowrap max-sm:text-muted-foreground max-sm:[grid-area:date]",
        )}
      >
        {formatAnnotationDate(annotation)}
      </td>
      <td className={cn(cellClass, "max-sm:min-w-0 max-sm:[grid-area:title]")}>
        <RowTitle annotation={annotation} onOpen={options.onOpen} />
      </td>
      <td className={cn(cellClass, "text-muted-foreground max-sm:hidden")}>
        <span className="block truncate" title={annotation.description || undefined}>
          {annotation.description}
        </span>
      </td>
      <td className={cn(cellClass, "max-sm:[grid-area:colour]")}>
        <ColourChip color={annotation.color} />
      </td>
      {showCategory ? (
        <td
          className={cn(
            cellClass,
            "max-sm:min-w-0",
            // A card leaves out the dash of an annotation without a category.
            category ? "max-sm:[grid-area:category]" : "max-sm:hidden",
          )}
        >
          <CategoryChip category={category} />
        </td>
      ) : null}
      {showProperty ? (
        <td
          className={cn(
            cellClass,
            "break-words max-sm:min-w-0 max-sm:text-xs max-sm:text-muted-foreground max-sm:[grid-area:property]",
          )}
        >
          {annotation.propertyName ?? annotation.propertyId ?? "—"}
        </td>
      ) : null}
      {showImpact ? (
        <td
          className={cn(
            cellClass,
            "max-sm:min-w-0 max-sm:text-xs",
            impact?.value?.estimate ? "max-sm:[grid-area:impact]" : "max-sm:hidden",
          )}
        >
          <ImpactCell
            impact={impact?.value}
            pending={impact?.pending ?? false}
            failed={impact?.failed ?? false}
          />
        </td>
      ) : null}
      <td className={cn(cellClass, "text-muted-foreground max-sm:hidden")}>
        {annotation.source ? sourceLabels[annotation.source] : "—"}
      </td>
      {hasActions ? (
        <td className={cn(cellClass, "max-sm:self-start max-sm:[grid-area:actions]")}>
          <RowActions annotation={annotation} options={options} />
        </td>
      ) : null}
    </tr>
  );
}

/** The row that stands in for the rows while they load, or when none match. */
export function PlaceholderRow({
  columnCount,
  children,
}: {
  columnCount: number;
  children: ReactNode;
}) {
  return (
    <tr className="max-sm:block max-sm:rounded-xl max-sm:border max-sm:bg-card">
      <td
        colSpan={columnCount}
        className="px-3 py-10 text-center text-muted-foreground max-sm:block"
      >
        {children}
      </td>
    </tr>
  );
}

/** A row's selection box; a shift-click reaches back to the last row clicked. */
export function RowCheckbox({
  annotation,
  checked,
  onToggle,
}: {
  annotation: AnnotationRow;
  checked: boolean;
  onToggle: (event: MouseEvent<HTMLInputElement>) => void;
}) {
  return (
    <input
      type="checkbox"
      className={checkboxClass}
      aria-label={`Select ${annotation.title}`}
      checked={checked}
      onClick={onToggle}
      onChange={() => {}}
    />
  );
}

function RowTitle({
  annotation,
  onOpen,
}: {
  annotation: AnnotationRow;
  onOpen: RowOptions["onOpen"];
}) {
  if (!onOpen) return <span className="font-medium break-words">{annotation.title}</span>;
  return (
    <button
      type="button"
      onClick={() => onOpen(annotation)}
      className="text-left font-medium break-words underline-offset-4 hover:underline focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none"
    >
      {annotation.title}
    </button>
  );
}

function RowActions({ annotation, options }: { annotation: AnnotationRow; options: RowOptions }) {
  const { canEdit, canDelete } = options;
  // Read-only first (Google's own, or a property the person may only view), then the plan.
  const readOnly = annotation.systemGenerated ? systemGeneratedTooltip : options.readOnlyReason;
  return (
    <div className="flex justify-end gap-1">
      <ActionButton
        label={readOnly ? `Edit ${annotation.title} (read-only)` : `Edit ${annotation.title}`}
        tooltip={readOnly ?? (canEdit ? undefined : premiumTooltips.edit)}
        disabled={readOnly !== null || !canEdit}
        onClick={() => options.onEdit?.(annotation)}
      >
        {canEdit ? (
          <Pencil className="size-4" aria-hidden="true" />
        ) : (
          <Lock className="size-4" aria-hidden="true" />
        )}
      </ActionButton>
      <ActionButton
        label={readOnly ? `Delete ${annotation.title} (read-only)` : `Delete ${annotation.title}`}
        tooltip={readOnly ?? (canDelete ? undefined : premiumTooltips.delete)}
        disabled={readOnly !== null || !canDelete}
        onClick={() => options.onDelete?.(annotation)}
      >
        {canDelete ? (
          <Trash2 className="size-4" aria-hidden="true" />
        ) : (
          <Lock className="size-4" aria-hidden="true" />
        )}
      </ActionButton>
    </div>
  );
}

function ActionButton({
  label,
  tooltip,
  disabled,
  onClick,
  children,
}: {
  label: string;
  tooltip?: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const button = (
    <button
      type="button"
      aria-label={disabled && tooltip && !label.endsWith("(read-only)") ? tooltip : label}
      aria-disabled={disabled ? true : undefined}
      onClick={disabled ? undefined : onClick}
      className={cn(
        iconButtonClass,
        disabled ? "cursor-not-allowed opacity-55" : "hover:bg-accent hover:text-foreground",
      )}
    >
      {children}
    </button>
  );
  if (!tooltip) return button;
  // Beside the button: a hint above the first row would be cut off by the table's scrolling box.
  return (
    <HintTooltip content={tooltip} side="left">
      {button}
    </HintTooltip>
  );
}

function ColourChip({ color }: { color: Annotation["color"] }) {
  const swatch = colorSwatch(color);
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs whitespace-nowrap">
      <ColorSwatch hex={swatch.hex} />
      {swatch.label}
    </span>
  );
}

function CategoryChip({ category }: { category: TableCategory | undefined }) {
  if (!category) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="inline-flex max-w-full items-center gap-1.5 text-xs" title={category.name}>
      <ColorSwatch hex={annotationColorSwatches[category.color].hex} />
      <span className="truncate">{category.name}</span>
    </span>
  );
}
