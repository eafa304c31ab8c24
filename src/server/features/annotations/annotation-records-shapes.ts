import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import {
  annotationEvents,
  annotationMetadata,
  sharedAnnotationMetadata,
  type AnnotationEvent,
} from "../../db/schema/index.js";
import type { AnnotationFields } from "../../../shared/contracts/annotation-history.js";
import type { AnnotationExtras, AnnotationSource } from "../../../shared/contracts/annotations.js";

// The shapes every part of the annotation records shares, and the conditions that pick one
// annotation's rows out of each of its three tables.

/** One person's view of one annotation: categories are per person, so is every change. */
export interface AnnotationKey {
  userId: string;
  propertyId: string;
  annotationId: string;
}

export type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Google's fields of an annotation as a change records them; the category is added here. */
export type GoogleFields = Omit<AnnotationFields, "categoryId">;

/** How a change came about, recorded with it. */
export interface ChangeContext {
  /** Where it was asked for (the table, the assistant, an audit); null when the caller did not say. */
  source: AnnotationSource | null;
  /** The change this one undoes, when it is an undo. */
  undoes?: string;
  /** The caller's id for that undo, or for that restore. */
  requestId?: string;
  /** The change whose version this one puts back, when it is a Restore from the history. */
  restores?: string;
  /** The bulk action (its request id) this change is one row of. */
  batchId?: string;
}

/** A recorded change, with the change that undid it if any. */
export type ChangeRow = AnnotationEvent & { undoneBy: string | null };

/** What Tidemark knows of an annotation itself; none for one made outside Tidemark. */
export type SharedRecord = { source: AnnotationSource | null; addedAt: Date | null };

/**
 * Tidemark's own record of a deleted annotation (where it came from, when it was added), kept in
 * the deletion's `before` beside its fields so that undoing the deletion makes it again as it was.
 * Not part of a change as the history answers it (`toChange` leaves it out).
 */
export interface DeletedRecord {
  source: AnnotationSource | null;
  addedAt: string | null;
  /** Its copies on other properties when it was deleted (decision 0058). */
  copies?: { propertyId: string; annotationId: string }[];
}
export type RecordedFields = AnnotationFields & { record?: DeletedRecord };

export function recordedOf(record: SharedRecord | null): DeletedRecord {
  const extras = extrasOf(null, record);
  return { source: extras.source, addedAt: extras.dateAdded };
}

/** The record a deletion kept, if it kept one (deletions recorded before it did have none). */
export function deletedRecordOf(before: AnnotationFields | null): DeletedRecord | null {
  return (before as RecordedFields | null)?.record ?? null;
}

export function extrasOf(categoryId: string | null, record: SharedRecord | null): AnnotationExtras {
  return {
    categoryId,
    // Tidemark records every annotation it makes, so one without a record was made elsewhere.
    source: record ? record.source : "google",
    dateAdded: record?.addedAt?.toISOString() ?? null,
  };
}

export function ownChanges(key: AnnotationKey) {
  return and(
    eq(annotationEvents.userId, key.userId),
    eq(annotationEvents.propertyId, key.propertyId),
    eq(annotationEvents.annotationId, key.annotationId),
  );
}

export function everyonesCategories(key: AnnotationKey) {
  return and(
    eq(annotationMetadata.propertyId, key.propertyId),
    eq(annotationMetadata.annotationId, key.annotationId),
  );
}

export function sharedRecord(key: AnnotationKey) {
  return and(
    eq(sharedAnnotationMetadata.propertyId, key.propertyId),
    eq(sharedAnnotationMetadata.annotationId, key.annotationId),
  );
}
