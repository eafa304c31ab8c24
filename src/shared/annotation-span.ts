import type { CalendarDate } from "./calendar-date.js";
import type { Annotation } from "./contracts/annotations.js";

/** The first and last day an annotation covers (the same day for a single-day annotation). */
export function annotationSpan(
  annotation: Pick<Annotation, "annotationDate" | "annotationDateRange">,
): { start: CalendarDate; end: CalendarDate } {
  const range = annotation.annotationDateRange;
  return range
    ? { start: range.startDate, end: range.endDate }
    : { start: annotation.annotationDate, end: annotation.annotationDate };
}
