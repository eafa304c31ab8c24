import { useId, useState } from "react";
import type {
  Annotation,
  AnnotationDateRange,
  CreateAnnotationRequest,
} from "../../../shared/contracts/annotations";
import { toIsoDate, type CalendarDate } from "../../../shared/calendar-date";
import { DateInput, dateFormatMessage } from "../../components/ui/date-input";
import { Label } from "../../components/ui/label";
import { cn } from "../../lib/class-names";
import { parseIsoDate } from "../../../shared/calendar-date";

export const futureDateHint = "Annotations cannot be created for future dates";
export const endBeforeStartMessage = "The end date must be on or after the start date";

/** What the dialog's date fields hold: one day, or a first and last day (YYYY-MM-DD strings). */
export interface DateFieldValues {
  kind: "day" | "range";
  start: string;
  end: string;
}

export function dateFieldsOf(
  annotation: Pick<Annotation, "annotationDate" | "annotationDateRange"> | undefined,
  fallbackDay: string,
): DateFieldValues {
  if (!annotation) return { kind: "day", start: fallbackDay, end: fallbackDay };
  const range = annotation.annotationDateRange;
  if (range)
    return { kind: "range", start: toIsoDate(range.startDate), end: toIsoDate(range.endDate) };
  const day = toIsoDate(annotation.annotationDate);
  return { kind: "day", start: day, end: day };
}

/** Why the dates cannot be sent, or null. Only creation refuses a start after today. */
export function dateFieldsProblem(
  values: DateFieldValues,
  options: { isCreate: boolean; today: string },
): "start" | "end" | "future" | null {
  if (!parseIsoDate(values.start)) return "start";
  if (options.isCreate && values.start > options.today) return "future";
  if (values.kind === "range" && (!parseIsoDate(values.end) || values.end < values.start))
    return "end";
  return null;
}

type Target = Pick<CreateAnnotationRequest, "annotationDate" | "annotationDateRange">;

/** The request's date fields; a range whose ends are the same day is that day. */
export function targetOfDateFields(values: DateFieldValues): Target | null {
  const start = parseIsoDate(values.start);
  if (!start) return null;
  if (values.kind === "day" || values.end === values.start) return { annotationDate: start };
  const end = parseIsoDate(values.end);
  if (!end) return null;
  const range: AnnotationDateRange = { startDate: start, endDate: end };
  return { annotationDateRange: range };
}

/** The date fields to send in an edit: none when the days did not change. */
export function changedTarget(
  values: DateFieldValues,
  original: Pick<Annotation, "annotationDate" | "annotationDateRange">,
): Target | null {
  const target = targetOfDateFields(values);
  if (!target) return null;
  const sameDay = (a: CalendarDate, b: CalendarDate) => toIsoDate(a) === toIsoDate(b);
  const range = original.annotationDateRange;
  if (target.annotationDate) {
    return !range && sameDay(target.annotationDate, original.annotationDate) ? null : target;
  }
  const wanted = target.annotationDateRange!;
  return range &&
    sameDay(wanted.startDate, range.startDate) &&
    sameDay(wanted.endDate, range.endDate)
    ? null
    : target;
}

const choiceClass =
  "flex-1 cursor-pointer rounded-md px-3 py-1.5 text-center text-sm font-medium text-muted-foreground transition-colors has-[:checked]:bg-background has-[:checked]:text-foreground has-[:checked]:shadow-xs has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/40";

/** Single day or Date range. */
function DateKindChoice({
  name,
  kind: chosen,
  onChange,
}: {
  name: string;
  kind: DateFieldValues["kind"];
  onChange: (kind: DateFieldValues["kind"]) => void;
}) {
  return (
    <div className="flex gap-1 rounded-lg bg-muted p-1" role="radiogroup" aria-label="Date type">
      {(
        [
          ["day", "Single day"],
          ["range", "Date range"],
        ] as const
      ).map(([kind, label]) => (
        <label key={kind} className={choiceClass}>
          <input
            type="radio"
            className="sr-only"
            name={name}
            value={kind}
            checked={chosen === kind}
            onChange={() => onChange(kind)}
          />
          {label}
        </label>
      ))}
    </div>
  );
}

/** Below the fields: that a new annotation cannot be in the future, and what is wrong. */
function DateMessages({
  ids,
  isCreate,
  unreadable,
  endBeforeStart,
  stillEarlier,
}: {
  ids: { hint: string; formatError: string; endError: string };
  isCreate: boolean;
  unreadable: boolean;
  endBeforeStart: boolean;
  /** Set when another ticked property's today is earlier and the chosen day is after it. */
  stillEarlier: { today: string; where: string } | null;
}) {
  return (
    <>
      {isCreate ? (
        <p id={ids.hint} className="text-xs text-muted-foreground">
          {futureDateHint}
        </p>
      ) : null}
      {stillEarlier ? (
        <p className="text-sm text-destructive" role="status">
          It is still {stillEarlier.today} in {stillEarlier.where}: choose that day or an earlier
          one, or untick it.
        </p>
      ) : null}
      {unreadable ? (
        <p id={ids.formatError} className="text-sm text-destructive">
          {dateFormatMessage}
        </p>
      ) : endBeforeStart ? (
        <p id={ids.endError} className="text-sm text-destructive">
          {endBeforeStartMessage}
        </p>
      ) : null}
    </>
  );
}

/**
 * The dialogs' date: a single day or a start–end range, as GA4 has them. Switching to a range
 * keeps the chosen day as its start; the date picker cannot start a new annotation after today.
 */
export function AnnotationDateFields({
  values,
  onChange,
  isCreate,
  today,
  todayOf = null,
}: {
  values: DateFieldValues;
  onChange: (values: DateFieldValues) => void;
  isCreate: boolean;
  today: string;
  /** The ticked property that sets `today`, when it is not the one the dialog opened on. */
  todayOf?: string | null;
}) {
  const ids = {
    start: useId(),
    end: useId(),
    hint: useId(),
    endError: useId(),
    formatError: useId(),
    name: useId(),
  };
  const problem = dateFieldsProblem(values, { isCreate, today });
  const isRange = values.kind === "range";
  // Text that names no day is said to be so once the field is left (not while it is typed).
  const [left, setLeft] = useState({ start: false, end: false });
  const startUnreadable = left.start && values.start !== "" && parseIsoDate(values.start) === null;
  const endUnreadable =
    left.end && isRange && values.end !== "" && parseIsoDate(values.end) === null;
  const describedBy = (...parts: (string | false)[]) =>
    parts.filter(Boolean).join(" ") || undefined;

  function setKind(kind: DateFieldValues["kind"]) {
    if (kind === values.kind) return;
    onChange({ ...values, kind, end: values.end < values.start ? values.start : values.end });
  }

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <DateKindChoice name={ids.name} kind={values.kind} onChange={setKind} />
      <div className={cn("grid gap-4", isRange && "sm:grid-cols-2")}>
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={ids.start}>{isRange ? "Start date" : "Date"}</Label>
          <DateInput
            id={ids.start}
            required
            value={values.start}
            max={isCreate ? today : undefined}
            calendarLabel={
              isRange ? "Choose the start date from a calendar" : "Choose the date from a calendar"
            }
            aria-describedby={describedBy(isCreate && ids.hint, startUnreadable && ids.formatError)}
            aria-invalid={
              problem === "future" || (problem === "start" && left.start) ? true : undefined
            }
            onChange={(start) => onChange({ ...values, start })}
            onBlur={() => setLeft((previous) => ({ ...previous, start: true }))}
          />
        </div>
        {isRange ? (
          <div className="flex min-w-0 flex-col gap-2">
            <Label htmlFor={ids.end}>End date</Label>
            <DateInput
              id={ids.end}
              required
              value={values.end}
              min={parseIsoDate(values.start) ? values.start : undefined}
              calendarLabel="Choose the end date from a calendar"
              aria-invalid={
                problem === "end" && (left.end || parseIsoDate(values.end) !== null)
                  ? true
                  : undefined
              }
              aria-describedby={describedBy(
                endUnreadable ? ids.formatError : problem === "end" && ids.endError,
              )}
              onChange={(end) => onChange({ ...values, end })}
              onBlur={() => setLeft((previous) => ({ ...previous, end: true }))}
            />
          </div>
        ) : null}
      </div>
      <DateMessages
        ids={ids}
        isCreate={isCreate}
        unreadable={startUnreadable || endUnreadable}
        endBeforeStart={problem === "end" && parseIsoDate(values.end) !== null}
        stillEarlier={problem === "future" && todayOf ? { today, where: todayOf } : null}
      />
    </div>
  );
}
