import { toIsoDate, calendarDateOf, type CalendarDate } from "./calendar-date.js";
import type { Annotation } from "./contracts/annotations.js";
import { localCalendarDate, utcCalendarDate } from "./english-format.js";
import { isKnownTimeZone } from "./property-time-zone.js";

// How a person reads dates, on every page and in every assistant answer: a day as YYYY-MM-DD
// (whatever the browser's language), a range as its first and last day in the same form, a moment
// as its day and 24-hour time with the zone named. One place, so no page reads 'Nov 20, 2026' or
// '11/20/2026' beside the days of the table.

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
 * 'Date Added' (2026-11-23) on the property's calendar, so it agrees with the annotation dates
 * beside it and reads the same on the server's page and in the browser; '—' for annotations made
 * outside Tidemark. Without a known zone, UTC.
 */
export function formatDateAdded(dateAdded: string | null, timeZone: string | null): string {
  if (!dateAdded) return "—";
  const at = new Date(dateAdded);
  if (Number.isNaN(at.getTime())) return "—";
  // UTC needs no Intl formatter (the dashboard's first screen avoids making one).
  return toIsoDate(
    timeZone && timeZone !== "UTC" && isKnownTimeZone(timeZone)
      ? calendarDateOf(at, timeZone)
      : utcCalendarDate(at),
  );
}

// One formatter per zone: making one is the costly part.
const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment on a zone's clock, the zone named so no reader takes it for their own:
 * '2026-11-23 16:05 EST'. Without a known zone, UTC ('2026-11-23 21:05 UTC').
 */
export function formatMoment(at: Date | string, timeZone: string | null): string {
  const moment = typeof at === "string" ? new Date(at) : at;
  if (Number.isNaN(moment.getTime())) return "—";
  const zone = timeZone && isKnownTimeZone(timeZone) ? timeZone : "UTC";
  let formatter = timeFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZoneName: "short",
    });
    timeFormatters.set(zone, formatter);
  }
  const parts = formatter.formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? "";
  return `${toIsoDate(calendarDateOf(moment, zone))} ${part("hour")}:${part("minute")} ${part("timeZoneName")}`;
}

/** The day a moment falls on where the reader is (their browser's zone): '2026-11-23'. */
export function formatLocalDay(at: Date | string): string {
  const moment = typeof at === "string" ? new Date(at) : at;
  if (Number.isNaN(moment.getTime())) return "—";
  return toIsoDate(localCalendarDate(moment));
}
