/**
 * Google's annotation as Tidemark reads and compares it: pure functions, no calls, so every part
 * of the annotations service reads Google's answers the same way.
 */
import { AppError } from "../../app-error.js";
import type {
  GoogleAnnotation,
  GoogleAnnotationInput,
} from "../../integrations/google/analytics-admin.js";
import { GoogleApiError } from "../../integrations/google/google-api-error.js";
import { defaultAnnotationColor, isAnnotationColor } from "../../../shared/annotation-colors.js";
import { compareDates, type CalendarDate } from "../../../shared/calendar-date.js";
import type { Annotation, AnnotationExtras } from "../../../shared/contracts/annotations.js";

export function annotationIdOf(annotation: GoogleAnnotation): string {
  return annotation.name.slice(annotation.name.lastIndexOf("/") + 1);
}

/**
 * The Google target of a request: a range whose two ends are the same day is sent as that day,
 * so an annotation of one day looks the same however it was entered.
 */
export function targetOf(input: {
  annotationDate?: CalendarDate;
  annotationDateRange?: { startDate: CalendarDate; endDate: CalendarDate };
}): Pick<GoogleAnnotationInput, "annotationDate" | "annotationDateRange"> {
  const range = input.annotationDateRange;
  if (range && compareDates(range.startDate, range.endDate) !== 0)
    return { annotationDateRange: range };
  return { annotationDate: range?.startDate ?? input.annotationDate! };
}

export function sameDay(a: CalendarDate | undefined, b: CalendarDate | undefined): boolean {
  return a === undefined || b === undefined ? a === b : compareDates(a, b) === 0;
}

/**
 * When the last attempt of a write failed as Google being unavailable or busy, an earlier attempt
 * whose answer was lost may still have taken effect. Any other failure is Google's answer about
 * the request itself (not found, no access, refused), which stands.
 */
export function mayHideOutcome(error: unknown): boolean {
  return (
    error instanceof AppError &&
    (error.code === "google_unavailable" || error.code === "google_busy")
  );
}

/** Whether Google holds every field an edit asked for (the edit took effect). */
export function holdsChanges(
  annotation: GoogleAnnotation,
  changes: GoogleAnnotationInput,
): boolean {
  if (changes.title !== undefined && annotation.title !== changes.title) return false;
  if (changes.description !== undefined && (annotation.description ?? "") !== changes.description)
    return false;
  if (changes.color !== undefined && annotation.color !== changes.color) return false;
  if (
    changes.annotationDate !== undefined &&
    (annotation.annotationDateRange !== undefined ||
      !sameDay(annotation.annotationDate, changes.annotationDate))
  )
    return false;
  const range = changes.annotationDateRange;
  if (
    range !== undefined &&
    (annotation.annotationDateRange === undefined ||
      !sameDay(annotation.annotationDateRange.startDate, range.startDate) ||
      !sameDay(annotation.annotationDateRange.endDate, range.endDate))
  )
    return false;
  return true;
}

/** Tidemark's fields of an annotation being read for its Google fields alone. */
export const noExtras: AnnotationExtras = { categoryId: null, source: null, dateAdded: null };

/** A failure for the log: Google's fields when it is Google's, else only its kind and message. */
export function describeFailure(error: unknown) {
  if (error instanceof GoogleApiError) return error.logFields;
  return error instanceof Error
    ? { name: error.name, message: error.message }
    : { value: String(error) };
}

export function sameAnnotation(candidate: GoogleAnnotation, body: GoogleAnnotationInput): boolean {
  return (
    candidate.title === body.title &&
    (candidate.description ?? "") === (body.description ?? "") &&
    candidate.color === body.color &&
    sameDay(candidate.annotationDate, body.annotationDate) &&
    sameDay(candidate.annotationDateRange?.startDate, body.annotationDateRange?.startDate) &&
    sameDay(candidate.annotationDateRange?.endDate, body.annotationDateRange?.endDate)
  );
}

export function toAnnotation(
  annotation: GoogleAnnotation,
  annotationId: string,
  extras: AnnotationExtras,
): Annotation {
  const range = annotation.annotationDateRange;
  const start = annotation.annotationDate ?? range?.startDate ?? { year: 1970, month: 1, day: 1 };
  return {
    annotationId,
    name: annotation.name,
    title: annotation.title,
    description: annotation.description ?? "",
    annotationDate: start,
    ...(range
      ? { annotationDateRange: { startDate: range.startDate, endDate: range.endDate } }
      : {}),
    color:
      isAnnotationColor(annotation.color) || annotation.color === "ORANGE"
        ? annotation.color
        : defaultAnnotationColor,
    systemGenerated: annotation.systemGenerated === true,
    ...extras,
  };
}
