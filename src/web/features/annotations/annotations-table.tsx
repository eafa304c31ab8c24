import { ArrowDown, ArrowUp, Lock, Pencil, Trash2 } from "lucide-react";
import { useMemo, useState, type ReactNode } from "react";
import type { Annotation } from "../../../shared/contracts/annotations";
import { premiumTooltips } from "../../../shared/plans";
import { HintTooltip } from "../../components/ui/hint-tooltip";
import { cn } from "../../lib/class-names";
import { formatAnnotationDate, formatDateAdded } from "../../../shared/annotation-dates";
import { ColorSwatch } from "../../components/color-swatch";
import { colorSwatch, sortByDate, type SortDirection } from "./annotation-format";

export const systemGeneratedTooltip = "Created by Google Analytics - read-only";
export const emptyTableMessage =
  "No annotations yet - Create your first annotation to mark important events in your analytics.";

const iconButtonClass =
  "inline-flex size-8 items-center justify-center rounded-md text-muted-foreground outline-none focus-visible:ring-3 focus-visible:ring-ring/40";

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
  return <HintTooltip content={tooltip}>{button}</HintTooltip>;
}

/**
 * Annotation ID, Date (sortable, newest first), Title, Description (truncated), Color,
 * Date Added, Actions. Without the premium plan, edit and delete are locked; Google's own
 * (system-generated) annotations are read-only for everyone.
 */
export function AnnotationsTable({
  annotations,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
  emptyMessage = emptyTableMessage,
  isLoading = false,
  categoryNames,
  timeZone = null,
}: {
  annotations: readonly Annotation[];
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (annotation: Annotation) => void;
  onDelete: (annotation: Annotation) => void;
  emptyMessage?: string;
  isLoading?: boolean;
  /** The person's category names by id, for the category beside each colour. */
  categoryNames?: ReadonlyMap<string, string>;
  /** The property's time zone, whose calendar 'Date Added' is read on (UTC while unknown). */
  timeZone?: string | null;
}) {
  const [direction, setDirection] = useState<SortDirection>("desc");
  const rows = useMemo(() => sortByDate(annotations, direction), [annotations, direction]);
  const SortIcon = direction === "desc" ? ArrowDown : ArrowUp;

  return (
    // relative: the cells' sr-only labels are absolutely positioned; without a positioned box here
    // they are placed against the page, outside this scroller, and widen the whole page.
    <div className="relative overflow-x-auto rounded-xl border bg-card">
      {/* Fixed column widths: the columns keep their places when the rows arrive, instead of
      the browser re-measuring them from their content. */}
      <table className="w-full min-w-[860px] table-fixed text-left text-sm">
        {/* Names the table for those who move by tables; the page's heading says whose it is. */}
        <caption className="sr-only">
          Annotations, {direction === "desc" ? "newest" : "oldest"} first
        </caption>
        <colgroup>
          <col className="w-20" />
          <col className="w-32" />
          <col />
          <col className="w-36" />
          <col className="w-28" />
          <col className="w-32" />
          <col className="w-24" />
        </colgroup>
        <thead className="border-b bg-muted/50 text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Annotation ID
            </th>
            <th
              scope="col"
              className="px-3 py-2 font-medium"
              aria-sort={direction === "desc" ? "descending" : "ascending"}
            >
              <button
                type="button"
                onClick={() => setDirection((value) => (value === "desc" ? "asc" : "desc"))}
                className="-mx-1 inline-flex items-center gap-1 rounded px-1 font-medium hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none"
              >
                Date
                <SortIcon className="size-3.5" aria-hidden="true" />
              </button>
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Title
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Description
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Color
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Date Added
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {isLoading ? (
            <tr>
              <td colSpan={7} className="px-3 py-10 text-center text-muted-foreground">
                Loading annotations...
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={7} className="px-3 py-10 text-center text-muted-foreground">
                {emptyMessage}
              </td>
            </tr>
          ) : (
            rows.map((annotation) => {
              const swatch = colorSwatch(annotation.color);
              const system = annotation.systemGenerated;
              const categoryName = annotation.categoryId
                ? categoryNames?.get(annotation.categoryId)
                : undefined;
              return (
                <tr key={annotation.annotationId} className="border-b last:border-b-0">
                  <td className="px-3 py-2 font-mono text-xs break-all text-muted-foreground">
                    {annotation.annotationId}
                  </td>
                  <td className="px-3 py-2">{formatAnnotationDate(annotation)}</td>
                  <td className="px-3 py-2 font-medium break-words">{annotation.title}</td>
                  <td className="px-3 py-2 text-muted-foreground">
                    <span className="block truncate" title={annotation.description || undefined}>
                      {annotation.description}
                    </span>
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex flex-col items-start gap-1">
                      <span className="inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs">
                        <ColorSwatch hex={swatch.hex} />
                        {swatch.label}
                      </span>
                      {categoryName ? (
                        <span
                          className="block max-w-[8rem] truncate text-xs text-muted-foreground"
                          title={categoryName}
                        >
                          <span className="sr-only">Category: </span>
                          {categoryName}
                        </span>
                      ) : null}
                    </div>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {formatDateAdded(annotation.dateAdded, timeZone)}
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex justify-end gap-1">
                      <ActionButton
                        label={
                          system
                            ? `Edit ${annotation.title} (read-only)`
                            : `Edit ${annotation.title}`
                        }
                        tooltip={
                          system
                            ? systemGeneratedTooltip
                            : canEdit
                              ? undefined
                              : premiumTooltips.edit
                        }
                        disabled={system || !canEdit}
                        onClick={() => onEdit(annotation)}
                      >
                        {canEdit ? (
                          <Pencil className="size-4" aria-hidden="true" />
                        ) : (
                          <Lock className="size-4" aria-hidden="true" />
                        )}
                      </ActionButton>
                      <ActionButton
                        label={
                          system
                            ? `Delete ${annotation.title} (read-only)`
                            : `Delete ${annotation.title}`
                        }
                        tooltip={
                          system
                            ? systemGeneratedTooltip
                            : canDelete
                              ? undefined
                              : premiumTooltips.delete
                        }
                        disabled={system || !canDelete}
                        onClick={() => onDelete(annotation)}
                      >
                        {canDelete ? (
                          <Trash2 className="size-4" aria-hidden="true" />
                        ) : (
                          <Lock className="size-4" aria-hidden="true" />
                        )}
                      </ActionButton>
                    </div>
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
