import { readOnlyMark } from "../../shared/property-access";

/** The picker's small "Read-only" beside a property's name, in a list or on its button. */
export function ReadOnlyChip() {
  return (
    <span className="shrink-0 rounded bg-muted px-1.5 py-0.5 text-[0.6875rem] text-muted-foreground">
      {readOnlyMark}
    </span>
  );
}

/**
 * "Read-only" beside a property the person's Google account may only view: its reason shows on
 * hover and is read with it by assistive tech. Plain markup, no tooltip code: it sits on the
 * dashboard's first screen, whose script budget is tight.
 */
export function ReadOnlyBadge({ reason }: { reason: string }) {
  return (
    <span
      title={reason}
      className="inline-flex w-fit items-center rounded-full border px-2.5 py-0.5 align-middle text-xs font-medium whitespace-nowrap text-muted-foreground"
    >
      {readOnlyMark}
      <span className="sr-only">: {reason}</span>
    </span>
  );
}
