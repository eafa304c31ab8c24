import type { Annotation } from "../../../shared/contracts/annotations";
import { annotationColorSwatches, isAnnotationColor } from "../../../shared/annotation-colors";
import { toIsoDate } from "../../../shared/calendar-date";
import { localCalendarDate } from "../../../shared/english-format";
import { propertyToday } from "../../../shared/property-time-zone";

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
