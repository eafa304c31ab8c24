import { createHash } from "node:crypto";
import { compareDates, type CalendarDate } from "../../../shared/calendar-date.js";
import type { Annotation } from "../../../shared/contracts/annotations.js";
import type {
  AnnotationChange,
  AnnotationFields,
} from "../../../shared/contracts/annotation-history.js";
import type { GoogleAnnotationInput } from "../../integrations/google/analytics-admin.js";
import type { ChangeRow, GoogleFields } from "./annotation-records-repository.js";

/** Google's fields an edit may set; each absent one stays as it is. */
export type FieldChanges = Partial<Omit<AnnotationFields, "categoryId" | "annotationDate">> & {
  annotationDate?: CalendarDate;
};

/** What a change records of an annotation. */
export function fieldsOf(annotation: Annotation): AnnotationFields {
  return {
    ...googleFieldsOf(annotation),
    categoryId: annotation.categoryId,
  };
}

export function googleFieldsOf(annotation: Annotation): GoogleFields {
  return {
    title: annotation.title,
    description: annotation.description,
    color: annotation.color,
    annotationDate: annotation.annotationDate,
    ...(annotation.annotationDateRange
      ? { annotationDateRange: annotation.annotationDateRange }
      : {}),
  };
}

/** The body that makes the annotation again, as a create sends it. */
export function googleInputOf(fields: AnnotationFields): GoogleAnnotationInput {
  return {
    title: fields.title,
    ...(fields.description ? { description: fields.description } : {}),
    color: fields.color,
    ...target(fields),
  };
}

/** The edit that takes an annotation from `current` to `wanted` (Google's fields only). */
export function changesBetween(current: AnnotationFields, wanted: AnnotationFields): FieldChanges {
  return {
    ...(current.title !== wanted.title ? { title: wanted.title } : {}),
    ...(current.description !== wanted.description ? { description: wanted.description } : {}),
    ...(current.color !== wanted.color ? { color: wanted.color } : {}),
    ...(sameTarget(current, wanted) ? {} : target(wanted)),
  };
}

/** Whether an annotation holds just these fields (its category included). */
export function sameFields(a: AnnotationFields, b: AnnotationFields): boolean {
  return (
    a.title === b.title &&
    a.description === b.description &&
    a.color === b.color &&
    a.categoryId === b.categoryId &&
    sameTarget(a, b)
  );
}

/**
 * The create that restores a deleted annotation gets its request id from the deletion, so every
 * undo of that deletion (a double click, a retry, two tabs) is the same create, made once.
 */
export function restoreRequestIdOf(deletionId: string): string {
  return requestIdFrom(`restore:${deletionId}`);
}

/**
 * The create request id of one property's copy in a multi-property create (decision 0058): the
 * same request sent again gives each property the same id, so no copy is ever made twice.
 */
export function copyRequestIdOf(requestId: string, propertyId: string): string {
  return requestIdFrom(`copy:${requestId}:${propertyId}`);
}

/**
 * The next request id of a create whose request provably did not happen (decision 0066): a
 * caller that holds the annotation's content (an import row, the undo of a deletion) writes it
 * again under this id, so any number of callers retrying agree on one id and make it once.
 */
export function resendRequestIdOf(requestId: string): string {
  return requestIdFrom(`resend:${requestId}`);
}

function requestIdFrom(seed: string): string {
  const hex = createHash("sha256").update(seed).digest("hex");
  // A UUID's layout, with version 8 (custom) and the RFC 9562 variant.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function toChange(row: ChangeRow): AnnotationChange {
  return {
    changeId: row.id,
    propertyId: row.propertyId,
    annotationId: row.annotationId,
    kind: row.eventType as AnnotationChange["kind"],
    source: row.source,
    at: row.createdAt.toISOString(),
    before: row.before && withoutRecord(row.before),
    after: row.after,
    undoes: row.undoesEventId,
    undoneBy: row.undoneBy,
    restores: row.restoresEventId,
  };
}

/** A change's fields as the history answers them: a deletion's kept record stays server-side. */
function withoutRecord(fields: AnnotationFields & { record?: unknown }): AnnotationFields {
  const { record: _record, ...rest } = fields;
  return rest;
}

function target(fields: AnnotationFields) {
  return fields.annotationDateRange
    ? { annotationDateRange: fields.annotationDateRange }
    : { annotationDate: fields.annotationDate };
}

function sameTarget(a: AnnotationFields, b: AnnotationFields): boolean {
  const ra = a.annotationDateRange;
  const rb = b.annotationDateRange;
  if (ra === undefined || rb === undefined)
    return ra === rb && compareDates(a.annotationDate, b.annotationDate) === 0;
  return (
    compareDates(ra.startDate, rb.startDate) === 0 && compareDates(ra.endDate, rb.endDate) === 0
  );
}
