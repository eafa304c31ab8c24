import type { Annotation } from "../../../shared/contracts/annotations";
import { annotationColorSwatches, isAnnotationColor } from "../../../shared/annotation-colors";
import { compareDates, toIsoDate, type CalendarDate } from "../../../shared/calendar-date";
import {
  formatMonthDay,
  formatMonthDayYear,
  formatNumericDate,
  localCalendarDate,
  utcCalendarDate,
} from "../../../shared/english-format";

/** 'Nov 3 – Nov 10, 2026'; the year is repeated only when the range crosses one. */
export function formatDateRange(start: CalendarDate, end: CalendarDate): string {
  const first = start.year === end.year ? formatMonthDay(start) : formatMonthDayYear(start);
  return `${first} – ${formatMonthDayYear(end)}`;
}

/** A single day shows as YYYY-MM-DD; a range as its first and last day, 'Nov 3 – Nov 10, 2026'. */
export function formatAnnotationDate(
  annotation: Pick<Annotation, "annotationDate" | "annotationDateRange">,
): string {
  const range = annotation.annotationDateRange;
  return range
    ? formatDateRange(range.startDate, range.endDate)
    : toIsoDate(annotation.annotationDate);
}

/**
 * 'Date Added' as a short US date (11/23/2026) on the person's own calendar; '—' for annotations
 * made outside Tidemark. `zone: "utc"` is for a page drawn on the server, which does not know the
 * person's time zone: the browser draws the same text while it hydrates, then its own.
 */
export function formatDateAdded(dateAdded: string | null, zone: "local" | "utc" = "local"): string {
  if (!dateAdded) return "—";
  const at = new Date(dateAdded);
  if (Number.isNaN(at.getTime())) return "—";
  return formatNumericDate(zone === "utc" ? utcCalendarDate(at) : localCalendarDate(at));
}

export type SortDirection = "desc" | "asc";

export function sortByDate(
  annotations: readonly Annotation[],
  direction: SortDirection,
): Annotation[] {
  const sign = direction === "desc" ? -1 : 1;
  return [...annotations].sort((a, b) => sign * compareDates(a.annotationDate, b.annotationDate));
}

/** The person's own today as YYYY-MM-DD, the date picker's max. */
export function localTodayIso(now = new Date()): string {
  return toIsoDate({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
}

export function colorSwatch(color: Annotation["color"]): { label: string; hex: string } {
  return isAnnotationColor(color)
    ? annotationColorSwatches[color]
    : { label: "Orange", hex: "#e37400" };
}
