import { History } from "lucide-react";
import { useState } from "react";
import type {
  AnnotationChange,
  AnnotationFields,
  RestoreVersionResponse,
} from "../../../shared/contracts/annotation-history";
import type { Annotation, AnnotationSource } from "../../../shared/contracts/annotations";
import { formatMoment } from "../../../shared/annotation-dates";
import {
  historyHeadline,
  historyLines,
  isRestorable,
  sameVersion,
  type CategoryNames,
  type HistoryLine,
} from "../../../shared/annotation-history-words";
import { isKnownTimeZone } from "../../../shared/property-time-zone";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { toast, type ToastActionOptions } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import { newRequestId } from "../../lib/request-id";
import { usePropertyTimeZone } from "../../session/use-property-time-zone";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client";
import { annotationsPath, applyChangeAnswer, useAnnotationHistory } from "./annotations-api";
import { undoToastDurationMs, type UndoableChange } from "./undo-change";

const whereMade: Record<AnnotationSource, string> = {
  tidemark: "in the table",
  assistant: "by the assistant",
  audit: "by an audit",
  import: "by an import",
  api: "through the API",
  google: "in Google Analytics",
  inbox: "from the inbox",
};

/**
 * Restores one entry of an annotation's history (the annotation reads as that change left it; a
 * deletion's entry brings it back). The request id is chosen once per restore asked for, so a
 * second click or a retry is answered with the first one's result. Kept beside the history, the
 * one place that restores, so the dashboard's first screen never carries it.
 */
function useRestoreVersion(propertyId: string, annotationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ changeId, requestId }: { changeId: string; requestId: string }) =>
      apiRequest<RestoreVersionResponse>(
        `${annotationsPath(propertyId, annotationId)}/history/${encodeURIComponent(changeId)}/restore`,
        { method: "POST", body: { requestId } },
      ),
    onSuccess: (answer) => applyChangeAnswer(queryClient, propertyId, answer),
  });
}

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

/** What Restore asks before it overwrites. */
function restoreQuestion(change: AnnotationChange, title: string, at: string) {
  if (change.kind === "deleted")
    return {
      title: "Bring it back?",
      description: `“${change.before?.title ?? title}” is made again in Google Analytics as it was before it was deleted on ${at}.`,
    };
  const when =
    change.kind === "created" ? `when it was created on ${at}` : `after the edit of ${at}`;
  return {
    title: "Restore this version?",
    description: `“${title}” will read again as it did ${when}: its title, dates, colour, category and description. The restore is recorded in the history, so you can undo it.`,
  };
}

/**
 * An annotation's history: this person's changes to it through Tidemark, newest first, each
 * saying what it changed from what to what (long text folded), when (on the property's clock) and
 * where. Any entry can be restored (`canRestore`): the annotation reads as that change left it,
 * through the annotations service, and the restore is an entry of its own. Changes made in
 * Google Analytics are not in it.
 */
export function AnnotationHistory({
  propertyId,
  annotation,
  canRestore = false,
  onRestored,
  undoActionFor,
}: {
  propertyId: string;
  /** The annotation as it is now: the entry that reads the same is marked, not offered. */
  annotation: Annotation;
  canRestore?: boolean;
  /** After a restore has been told (a toast): the caller closes what showed the old version. */
  onRestored?: (answer: RestoreVersionResponse) => void;
  /** The toast's Undo for the restore, as the page's other toasts offer it. */
  undoActionFor?: (change: UndoableChange) => ToastActionOptions | undefined;
}) {
  const history = useAnnotationHistory(propertyId, annotation.annotationId);
  const restore = useRestoreVersion(propertyId, annotation.annotationId);
  const timeZone = usePropertyTimeZone(propertyId);
  const zoneName = timeZone && isKnownTimeZone(timeZone) ? timeZone : "UTC";
  const [asking, setAsking] = useState<{ change: AnnotationChange; requestId: string } | null>(
    null,
  );
  const current: AnnotationFields = {
    title: annotation.title,
    description: annotation.description,
    color: annotation.color,
    annotationDate: annotation.annotationDate,
    ...(annotation.annotationDateRange
      ? { annotationDateRange: annotation.annotationDateRange }
      : {}),
    categoryId: annotation.categoryId,
  };
  const changes = history.data?.changes ?? [];
  const names: CategoryNames = history.data?.categoryNames ?? {};
  const momentOf = (changeId: string) => {
    const found = changes.find((entry) => entry.changeId === changeId);
    return found ? formatMoment(found.at, timeZone) : null;
  };
  // The newest entry that left the annotation as it is now.
  const currentId = changes.find(
    (change) => change.kind !== "deleted" && change.after && sameVersion(change.after, current),
  )?.changeId;

  function confirmRestore() {
    if (!asking) return;
    const { change, requestId } = asking;
    const at = formatMoment(change.at, timeZone);
    restore.mutate(
      { changeId: change.changeId, requestId },
      {
        onSuccess: (answer) => {
          setAsking(null);
          const title = answer.annotation?.title ?? annotation.title;
          const action = undoActionFor?.({
            changeId: answer.change.changeId,
            kind: answer.change.kind,
            title,
          });
          toast({
            title: "Restored",
            description:
              change.kind === "deleted"
                ? `"${title}" is back in GA4.`
                : `"${title}" reads again as it did on ${at}.`,
            ...(action ? { action, duration: undoToastDurationMs } : {}),
          });
          onRestored?.(answer);
        },
        onError: (error) => {
          setAsking(null);
          toast({
            variant: "destructive",
            title: "Could not restore",
            description:
              serverErrorMessage(error) ?? "The version could not be restored. Try again.",
          });
        },
      },
    );
  }

  let body;
  if (history.isPending) body = <p className="text-muted-foreground">Loading the history…</p>;
  else if (history.isError)
    body = <p className="text-muted-foreground">The history could not be loaded.</p>;
  else if (changes.length === 0)
    body = <p className="text-muted-foreground">No changes made in Tidemark yet.</p>;
  else
    body = (
      // The line and its dots sit inside the scrolling box's padding, which would clip them outside.
      <ol className="max-h-80 space-y-4 overflow-y-auto pr-1 pl-1.5">
        {changes.map((change) => {
          const lines = historyLines(change, names);
          const at = formatMoment(change.at, timeZone);
          const offered = canRestore && isRestorable(change, current);
          return (
            <li key={change.changeId} className="relative border-l pl-4">
              <span
                aria-hidden
                className="absolute top-1.5 -left-[4.5px] size-2 rounded-full bg-muted-foreground"
              />
              <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                <div className="min-w-0">
                  <p className="font-medium break-words">
                    {historyHeadline(change, momentOf)}
                    {change.undoneBy ? (
                      <span className="ml-2 text-xs font-normal text-muted-foreground">
                        (undone)
                      </span>
                    ) : null}
                    {change.changeId === currentId ? (
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
                    onClick={() => setAsking({ change, requestId: newRequestId() })}
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
        })}
      </ol>
    );
  const question = asking
    ? restoreQuestion(asking.change, annotation.title, formatMoment(asking.change.at, timeZone))
    : null;
  return (
    <section aria-label="History" className="grid gap-2 text-sm">
      <h3 className="font-medium">History</h3>
      {body}
      {/* The question is drawn in a portal, but React still bubbles its submit to the tree above:
      the edit dialog's form, which must not take it for its own. */}
      <div className="contents" onSubmit={(event) => event.stopPropagation()}>
        <ConfirmDialog
          open={asking !== null}
          onOpenChange={(open) => {
            if (!open && !restore.isPending) setAsking(null);
          }}
          title={question?.title ?? ""}
          description={question?.description}
          confirmLabel="Restore"
          confirmIcon={
            restore.isPending ? undefined : <History className="size-4" aria-hidden="true" />
          }
          pending={restore.isPending}
          onConfirm={confirmRestore}
        />
      </div>
    </section>
  );
}
