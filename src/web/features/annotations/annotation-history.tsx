import { History } from "lucide-react";
import type {
  AnnotationFields,
  RestoreVersionResponse,
} from "../../../shared/contracts/annotation-history";
import type { Annotation } from "../../../shared/contracts/annotations";
import { formatMoment } from "../../../shared/annotation-dates";
import {
  historyLines,
  isRestorable,
  sameVersion,
  type CategoryNames,
} from "../../../shared/annotation-history-words";
import { isKnownTimeZone } from "../../../shared/property-time-zone";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import type { ToastActionOptions } from "../../components/ui/use-toast";
import { usePropertyTimeZone } from "../../session/use-property-time-zone";
import { HistoryEntry } from "./annotation-history-entry";
import { useAnnotationHistory } from "./annotations-api";
import type { UndoableChange } from "./undo-change";
import { restoreQuestion, useRestoreFlow } from "./use-restore-version";

export { foldAfterCharacters } from "./annotation-history-entry";

/** The fields a history entry's versions are compared on. */
function fieldsOf(annotation: Annotation): AnnotationFields {
  const { title, description, color, annotationDate, annotationDateRange, categoryId } = annotation;
  return {
    title,
    description,
    color,
    annotationDate,
    ...(annotationDateRange ? { annotationDateRange } : {}),
    categoryId,
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
  const timeZone = usePropertyTimeZone(propertyId);
  const zoneName = timeZone && isKnownTimeZone(timeZone) ? timeZone : "UTC";
  const restore = useRestoreFlow({ propertyId, annotation, timeZone, onRestored, undoActionFor });
  const { asking } = restore;
  const current = fieldsOf(annotation);
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
          const at = formatMoment(change.at, timeZone);
          return (
            <HistoryEntry
              key={change.changeId}
              change={change}
              lines={historyLines(change, names)}
              at={at}
              zoneName={zoneName}
              isCurrent={change.changeId === currentId}
              offered={canRestore && isRestorable(change, current)}
              momentOf={momentOf}
              onRestore={() => restore.ask(change)}
            />
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
            if (!open) restore.cancel();
          }}
          title={question?.title ?? ""}
          description={question?.description}
          confirmLabel="Restore"
          confirmIcon={
            restore.pending ? undefined : <History className="size-4" aria-hidden="true" />
          }
          pending={restore.pending}
          onConfirm={restore.confirmRestore}
        />
      </div>
    </section>
  );
}
