import { History } from "lucide-react";
import { useState } from "react";
import type { AnnotationChange } from "../../../shared/contracts/annotation-history";
import type { AnnotationSource } from "../../../shared/contracts/annotations";
import { historyHeadline, type HistoryLine } from "../../../shared/annotation-history-words";
import { Button } from "../../components/ui/button";

const whereMade: Record<AnnotationSource, string> = {
  tidemark: "in the table",
  assistant: "by the assistant",
  audit: "by an audit",
  import: "by an import",
  api: "through the API",
  google: "in Google Analytics",
  inbox: "from the inbox",
};

/** Text longer than this (or of several lines) is folded to its start, with Show more. */
export const foldAfterCharacters = 120;

/** A title or description as the history shows it: folded when long, whole on Show more. */
function FoldedText({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > foldAfterCharacters || text.includes("\n");
  if (!long) return <span className="break-words">{text}</span>;
  const start = text.split("\n")[0]!.slice(0, foldAfterCharacters).trimEnd();
  return (
    <span className="break-words">
      <span className="whitespace-pre-wrap">{open ? text : `${start}…`}</span>{" "}
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
        className="text-xs font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none"
      >
        {open ? "Show less" : "Show more"}
      </button>
    </span>
  );
}

function Value({ line, text }: { line: HistoryLine; text: string | null }) {
  if (text === null) return <span className="text-muted-foreground italic">none</span>;
  if (line.field === "title" || line.field === "description") return <FoldedText text={text} />;
  return <span className="break-words">{text}</span>;
}

/** One field of an entry: an edit's from → to, a create's first value, a deletion's last. */
function LineValue({ line, kind }: { line: HistoryLine; kind: AnnotationChange["kind"] }) {
  if (kind === "created") return <Value line={line} text={line.to} />;
  if (kind === "deleted") return <Value line={line} text={line.from} />;
  // A description's texts get a line each, so a long old one never hides where the new starts.
  return line.field === "description" ? (
    <span className="grid gap-0.5">
      <span>
        <span className="text-muted-foreground">From </span>
        <Value line={line} text={line.from} />
      </span>
      <span>
        <span className="text-muted-foreground">To </span>
        <Value line={line} text={line.to} />
      </span>
    </span>
  ) : (
    <span>
      <Value line={line} text={line.from} />
      <span className="text-muted-foreground">{" → "}</span>
      <Value line={line} text={line.to} />
    </span>
  );
}

/** One entry of the history: what changed, when and where, and Restore where it is offered. */
export function HistoryEntry({
  change,
  lines,
  at,
  zoneName,
  isCurrent,
  offered,
  momentOf,
  onRestore,
}: {
  change: AnnotationChange;
  lines: HistoryLine[];
  /** When, on the property's clock. */
  at: string;
  zoneName: string;
  /** The entry left the annotation as it is now. */
  isCurrent: boolean;
  offered: boolean;
  momentOf: (changeId: string) => string | null;
  onRestore: () => void;
}) {
  return (
    <li className="relative border-l pl-4">
      <span
        aria-hidden
        className="absolute top-1.5 -left-[4.5px] size-2 rounded-full bg-muted-foreground"
      />
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0">
          <p className="font-medium break-words">
            {historyHeadline(change, momentOf)}
            {change.undoneBy ? (
              <span className="ml-2 text-xs font-normal text-muted-foreground">(undone)</span>
            ) : null}
            {isCurrent ? (
              <span className="ml-2 text-xs font-normal text-muted-foreground">
                (current version)
              </span>
            ) : null}
          </p>
          <p className="text-xs text-muted-foreground">
            {/* On the property's clock, as its dates are, the zone named. */}
            <time dateTime={change.at} title={zoneName}>
              {at}
            </time>
            {change.source ? ` · ${whereMade[change.source]}` : ""}
          </p>
        </div>
        {offered ? (
          <Button
            variant="outline"
            size="sm"
            aria-label={
              change.kind === "deleted"
                ? `Bring back what was deleted on ${at}`
                : `Restore the version of ${at}`
            }
            onClick={onRestore}
          >
            <History aria-hidden="true" />
            Restore
          </Button>
        ) : null}
      </div>
      {lines.length > 0 ? (
        // On a phone each label sits above its value, leaving the width to the text.
        <dl className="mt-1.5 grid grid-cols-1 gap-y-1 sm:grid-cols-[6.5rem_minmax(0,1fr)] sm:gap-x-3">
          {lines.map((line) => (
            <div key={line.field} className="contents">
              <dt className="text-xs text-muted-foreground max-sm:-mb-1 sm:text-sm">
                {line.label}
              </dt>
              <dd className="min-w-0">
                <LineValue line={line} kind={change.kind} />
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}
