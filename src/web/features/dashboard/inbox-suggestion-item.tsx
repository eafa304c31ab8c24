import { Check, Pencil, X } from "lucide-react";
import type { ReactNode } from "react";
import { annotationColorSwatches, isAnnotationColor } from "../../../shared/annotation-colors";
import type { Category } from "../../../shared/contracts/categories";
import type { Suggestion } from "../../../shared/contracts/suggestions";
import { formatAnnotationDate } from "../../../shared/annotation-dates";
import { suggestionSourceInfo } from "../../../shared/suggestion-sources";
import { ColorSwatch } from "../../components/color-swatch";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";

/** The id of the line saying why nothing can be accepted now, which the Accept buttons point to. */
export const inboxLimitReasonId = "inbox-limit-reason";

/** "2026-11-12" or "2026-11-12 – 2026-11-14": the dates as every annotation reads them. */
export function suggestionDays(suggestion: Suggestion): string {
  return formatAnnotationDate(suggestion);
}

export function SuggestionItem(props: {
  suggestion: Suggestion;
  /** An unexplained change's likely causes. */
  causes?: ReactNode;
  categories: readonly Category[];
  selectable: boolean;
  selected: boolean;
  busy: boolean;
  /** The day's annotations are spent: Accept and Edit (which accepts) wait. */
  createBlocked: boolean;
  onToggle: () => void;
  onAccept: () => void;
  onEdit: () => void;
  onDismiss: () => void;
}) {
  const { suggestion } = props;
  const swatch = isAnnotationColor(suggestion.color)
    ? annotationColorSwatches[suggestion.color]
    : annotationColorSwatches.BLUE;
  // Only a category the person has: a source's preset they never made files nothing under it.
  const category = props.categories.find((entry) => entry.id === suggestion.categoryId)?.name;
  const titleId = `suggestion-${suggestion.id}`;
  return (
    <li
      aria-labelledby={titleId}
      className="flex gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-xs"
    >
      {props.selectable ? (
        <input
          type="checkbox"
          className="mt-1 size-4 shrink-0"
          aria-label={`Select ${suggestion.title}`}
          checked={props.selected}
          onChange={props.onToggle}
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <Badge variant="outline">{suggestionSourceInfo[suggestion.source].label}</Badge>
          <span>{suggestionDays(suggestion)}</span>
          {suggestion.decidedHow === "rule" ? (
            <Badge variant="accent">Accepted by a rule</Badge>
          ) : null}
        </div>
        <h3 id={titleId} className="font-medium break-words">
          {suggestion.title}
        </h3>
        {suggestion.description ? (
          <p className="text-sm break-words text-muted-foreground">{suggestion.description}</p>
        ) : null}
        {props.causes}
        <div className="flex flex-wrap items-center gap-3 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <ColorSwatch hex={swatch.hex} />
            {swatch.label}
          </span>
          {category ? <span>Category: {category}</span> : null}
        </div>
        {props.selectable ? (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              disabled={props.busy || props.createBlocked}
              aria-describedby={props.createBlocked ? inboxLimitReasonId : undefined}
              onClick={props.onAccept}
            >
              <Check aria-hidden="true" />
              Accept
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={props.busy || props.createBlocked}
              onClick={props.onEdit}
            >
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            <Button size="sm" variant="ghost" disabled={props.busy} onClick={props.onDismiss}>
              <X aria-hidden="true" />
              Dismiss
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}
