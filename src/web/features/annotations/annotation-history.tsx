import type {
  AnnotationChange,
  AnnotationFields,
} from "../../../shared/contracts/annotation-history";
import type { AnnotationSource } from "../../../shared/contracts/annotations";
import { formatAnnotationDate } from "../../../shared/annotation-dates";
import { isKnownTimeZone } from "../../../shared/property-time-zone";
import { usePropertyTimeZone } from "../../session/use-property-time-zone";
import { colorSwatch } from "./annotation-format";
import { useAnnotationHistory } from "./annotations-api";

const whereMade: Record<AnnotationSource, string> = {
  tidemark: "in the table",
  assistant: "by the assistant",
  audit: "by an audit",
  import: "by an import",
  api: "through the API",
  google: "in Google Analytics",
  inbox: "from the inbox",
};

// A change's moment is read on the property's clock, as its dates are, with the zone named so the
// reader never mistakes it for their own.
function whenFormat(timeZone: string | null): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat("en-US", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: timeZone && isKnownTimeZone(timeZone) ? timeZone : "UTC",
  });
}

const datesOf = (fields: AnnotationFields): string => formatAnnotationDate(fields);

/** What an edit changed, field by field, in words. */
export function describeEdit(before: AnnotationFields, after: AnnotationFields): string[] {
  const lines: string[] = [];
  if (before.title !== after.title) lines.push(`Title: “${before.title}” → “${after.title}”`);
  if (before.description !== after.description)
    lines.push(after.description ? "Description changed" : "Description removed");
  if (before.color !== after.color)
    lines.push(`Colour: ${colorSwatch(before.color).label} → ${colorSwatch(after.color).label}`);
  if (datesOf(before) !== datesOf(after))
    lines.push(`Dates: ${datesOf(before)} → ${datesOf(after)}`);
  if (before.categoryId !== after.categoryId)
    lines.push(after.categoryId ? "Category changed" : "Category removed");
  return lines;
}

function headline(change: AnnotationChange): string {
  const undo = change.undoes !== null;
  if (change.kind === "created") return undo ? "Restored (undo of a deletion)" : "Created";
  if (change.kind === "deleted") return undo ? "Removed (undo of its creation)" : "Deleted";
  return undo ? "Put back (undo)" : "Edited";
}

/**
 * The edit dialog's small timeline: this person's changes to the annotation through Tidemark,
 * newest first, with where each was made. Changes made in Google Analytics are not in it.
 */
export function AnnotationHistory({
  propertyId,
  annotationId,
}: {
  propertyId: string;
  annotationId: string;
}) {
  const history = useAnnotationHistory(propertyId, annotationId);
  const timeZone = usePropertyTimeZone(propertyId);
  const when = whenFormat(timeZone);
  const zoneName = timeZone && isKnownTimeZone(timeZone) ? timeZone : "UTC";
  let body;
  if (history.isPending) body = <p className="text-muted-foreground">Loading the history…</p>;
  else if (history.isError)
    body = <p className="text-muted-foreground">The history could not be loaded.</p>;
  else if (history.data.length === 0)
    body = <p className="text-muted-foreground">No changes made in Tidemark yet.</p>;
  else
    body = (
      // The line and its dots sit inside the scrolling box's padding, which would clip them outside.
      <ol className="max-h-44 space-y-3 overflow-y-auto pl-1.5">
        {history.data.map((change) => {
          const details =
            change.kind === "updated" && change.before && change.after
              ? describeEdit(change.before, change.after)
              : [];
          return (
            <li key={change.changeId} className="relative border-l pl-4">
              <span
                aria-hidden
                className="absolute top-1.5 -left-[4.5px] size-2 rounded-full bg-muted-foreground"
              />
              <p className="font-medium">
                {headline(change)}
                {change.undoneBy ? (
                  <span className="ml-2 text-xs font-normal text-muted-foreground">(undone)</span>
                ) : null}
              </p>
              {details.map((line) => (
                <p key={line} className="break-words text-muted-foreground">
                  {line}
                </p>
              ))}
              <p className="text-xs text-muted-foreground">
                <time dateTime={change.at} title={zoneName}>
                  {when.format(new Date(change.at))}
                </time>
                {change.source ? ` · ${whereMade[change.source]}` : ""}
              </p>
            </li>
          );
        })}
      </ol>
    );
  return (
    <section aria-label="History" className="grid gap-2 text-sm">
      <h3 className="font-medium">History</h3>
      {body}
    </section>
  );
}
