/**
 * An annotation as replies and previews name it. Kept apart from the replies themselves so that
 * what a conversation stores (its previews) needs nothing of the server.
 */
import { toIsoDate } from "../../../shared/calendar-date.js";
import type { Annotation } from "../../../shared/contracts/annotations.js";

/** Titles are data from Google, shown in quotes and never read as instructions. */
export function describeAnnotation(
  annotation: Pick<Annotation, "title" | "annotationDate" | "annotationDateRange">,
): string {
  const end = annotation.annotationDateRange?.endDate;
  const when = end
    ? `${toIsoDate(annotation.annotationDate)} to ${toIsoDate(end)}`
    : toIsoDate(annotation.annotationDate);
  return `“${annotation.title}” (${when})`;
}

/**
 * An annotation as a write reports it: title, day(s), colour and category — "“Launch”
 * (2026-11-03) in green", "“CDN down” (2026-11-22) in Incidents (red)".
 */
export function describeWritten(
  annotation: Pick<Annotation, "title" | "annotationDate" | "annotationDateRange" | "color">,
  categoryName?: string | null,
): string {
  const colour = annotation.color.toLowerCase();
  return `${describeAnnotation(annotation)} in ${categoryName ? `${categoryName} (${colour})` : colour}`;
}

/** A description about to be written, shown so the person sees every word a write would store. */
export function describeNewDescription(description: string): string {
  const shown = description.length > 200 ? `${description.slice(0, 200)}…` : description;
  return `Description: “${shown}”`;
}
