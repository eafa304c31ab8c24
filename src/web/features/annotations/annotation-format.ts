import type { Annotation } from "../../../shared/contracts/annotations";
import { annotationColorSwatches, isAnnotationColor } from "../../../shared/annotation-colors";
import { compareDates, toIsoDate } from "../../../shared/calendar-date";
import { localCalendarDate } from "../../../shared/english-format";
import { propertyToday } from "../../../shared/property-time-zone";

export type SortDirection = "desc" | "asc";

export function sortByDate(
  annotations: readonly Annotation[],
  direction: SortDirection,
): Annotation[] {
  const sign = direction === "desc" ? -1 : 1;
  return [...annotations].sort((a, b) => sign * compareDates(a.annotationDate, b.annotationDate));
}

/**
 * Today as YYYY-MM-DD, the date picker's max: the property's today (GA4 dates its days in the
 * property's zone, and the server refuses a later start by the same rule), or the person's own
 * while that zone is not known.
 */
export function todayIsoFor(timeZone: string | null, now = new Date()): string {
  return toIsoDate(timeZone ? propertyToday(now, timeZone) : localCalendarDate(now));
}

export function colorSwatch(color: Annotation["color"]): { label: string; hex: string } {
  return isAnnotationColor(color)
    ? annotationColorSwatches[color]
    : { label: "Orange", hex: "#e37400" };
}
