import { toIsoDate, calendarDateOf, type CalendarDate } from "./calendar-date.js";
import type { Annotation } from "./contracts/annotations.js";
import { formatNumericDate, utcCalendarDate } from "./english-format.js";
import { isKnownTimeZone } from "./property-time-zone.js";

// How a person reads an annotation's dates, on every page and in every assistant answer: a day
// as YYYY-MM-DD, a range as its first and last day in the same form, and 'Date Added' as a short
// US date. One place, so a range never reads 'Nov 20 – Nov 30, 2026' beside single days.

/** '2026-11-20 – 2026-11-30' (both days inclusive). */
export function formatDateRange(start: CalendarDate, end: CalendarDate): string {
  return `${toIsoDate(start)} – ${toIsoDate(end)}`;
}

/** '2026-11-20' for a day, '2026-11-20 – 2026-11-30' for a range. */
export function formatAnnotationDate(
  annotation: Pick<Annotation, "annotationDate" | "annotationDateRange">,
): string {
  const range = annotation.annotationDateRange;
  return range
    ? formatDateRange(range.startDate, range.endDate)
    : toIsoDate(annotation.annotationDate);
}

/**
 * 'Date Added' as a short US date (11/23/2026) on the property's calendar, so it agrees with the
 * annotation dates beside it and reads the same on the server's page and in the browser; '—'
 * for annotations made outside Tidemark. Without a known zone, UTC.
 */
export function formatDateAdded(dateAdded: string | null, timeZone: string | null): string {
  if (!dateAdded) return "—";
  const at = new Date(dateAdded);
  if (Number.isNaN(at.getTime())) return "—";
  // UTC needs no Intl formatter (the dashboard's first screen avoids making one).
  return formatNumericDate(
    timeZone && timeZone !== "UTC" && isKnownTimeZone(timeZone)
      ? calendarDateOf(at, timeZone)
      : utcCalendarDate(at),
  );
}
