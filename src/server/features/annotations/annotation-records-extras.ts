import { and, eq, inArray, sql } from "drizzle-orm";
import { batchedPairLookup } from "../../db/batched-lookup.js";
import type { Db } from "../../db/database.js";
import {
  annotationEvents,
  annotationMetadata,
  sharedAnnotationMetadata,
} from "../../db/schema/index.js";
import type { AnnotationExtras } from "../../../shared/contracts/annotations.js";
import { extrasOf, type SharedRecord } from "./annotation-records-shapes.js";

/** What Tidemark knows of annotations as lists read them, and whether it knows them at all. */
export function createAnnotationRecordsExtras(db: Db) {
  const categories = categoryLookup(db);
  const shared = sharedRecordLookup(db);

  return {
    /** Tidemark's fields of these annotations for this person, one for every id asked. */
    async extrasFor(
      userId: string,
      propertyId: string,
      annotationIds: string[],
    ): Promise<Map<string, AnnotationExtras>> {
      if (annotationIds.length === 0) return new Map();
      const [categoryIds, records] = await Promise.all([
        categories.many(ownerKey(userId, propertyId), annotationIds),
        shared.many(propertyId, annotationIds),
      ]);
      return new Map(
        annotationIds.map((id) => [
          id,
          extrasOf(categoryIds.get(id) ?? null, records.get(id) ?? null),
        ]),
      );
    },

    /**
     * Which of these annotations anyone's Tidemark already knows (made or categorised), so a
     * lost create never claims an annotation someone else made. Says nothing of their categories.
     */
    async knownToAnyone(propertyId: string, annotationIds: string[]): Promise<Set<string>> {
      if (annotationIds.length === 0) return new Set();
      const rows = await db
        .select({ annotationId: sharedAnnotationMetadata.annotationId })
        .from(sharedAnnotationMetadata)
        .where(
          and(
            eq(sharedAnnotationMetadata.propertyId, propertyId),
            inArray(sharedAnnotationMetadata.annotationId, annotationIds),
          ),
        )
        .union(
          db
            .select({ annotationId: annotationMetadata.annotationId })
            .from(annotationMetadata)
            .where(
              and(
                eq(annotationMetadata.propertyId, propertyId),
                inArray(annotationMetadata.annotationId, annotationIds),
              ),
            ),
        );
      return new Set(rows.map((row) => row.annotationId));
    },

    /** Whether this person ever changed the annotation through Tidemark (so it existed). */
    async changedBefore(userId: string, propertyId: string, annotationId: string) {
      const [row] = await db
        .select({ id: annotationEvents.id })
        .from(annotationEvents)
        .where(
          and(
            eq(annotationEvents.userId, userId),
            eq(annotationEvents.propertyId, propertyId),
            eq(annotationEvents.annotationId, annotationId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}

// Every list reads these two: one prepared statement each for any number of annotations,
// batched across concurrent requests, on their (person, property, annotation) and (property,
// annotation) keys. A batch may mix people and properties, so it asks for their cross product
// and keeps the pairs it wanted.

function categoryLookup(db: Db) {
  const categoriesByIds = db
    .select({
      userId: annotationMetadata.userId,
      propertyId: annotationMetadata.propertyId,
      annotationId: annotationMetadata.annotationId,
      categoryId: annotationMetadata.categoryId,
    })
    .from(annotationMetadata)
    .where(
      and(
        sql`${annotationMetadata.userId} = any(${sql.placeholder("userIds")}::uuid[])`,
        sql`${annotationMetadata.propertyId} = any(${sql.placeholder("propertyIds")}::text[])`,
        sql`${annotationMetadata.annotationId} = any(${sql.placeholder("annotationIds")}::text[])`,
      ),
    )
    .prepare("annotation_metadata_by_ids");
  return batchedPairLookup({
    load: (owners, annotationIds) =>
      categoriesByIds.execute({
        userIds: [...new Set(owners.map((owner) => splitOwner(owner)[0]))],
        propertyIds: [...new Set(owners.map((owner) => splitOwner(owner)[1]))],
        annotationIds,
      }),
    pairOf: (row) => [ownerKey(row.userId, row.propertyId), row.annotationId],
    valueOf: (row) => row.categoryId,
    maxBatch: 2_000,
  });
}

function sharedRecordLookup(db: Db) {
  const sharedByIds = db
    .select({
      propertyId: sharedAnnotationMetadata.propertyId,
      annotationId: sharedAnnotationMetadata.annotationId,
      source: sharedAnnotationMetadata.source,
      addedAt: sharedAnnotationMetadata.addedAt,
    })
    .from(sharedAnnotationMetadata)
    .where(
      and(
        sql`${sharedAnnotationMetadata.propertyId} = any(${sql.placeholder("propertyIds")}::text[])`,
        sql`${sharedAnnotationMetadata.annotationId} = any(${sql.placeholder("annotationIds")}::text[])`,
      ),
    )
    .prepare("shared_annotation_metadata_by_ids");
  return batchedPairLookup({
    load: (propertyIds, annotationIds) => sharedByIds.execute({ propertyIds, annotationIds }),
    pairOf: (row) => [row.propertyId, row.annotationId],
    valueOf: (row): SharedRecord => ({ source: row.source, addedAt: row.addedAt }),
    maxBatch: 2_000,
  });
}

/** People and properties batch together, so the lookup's first key carries both. */
const ownerSeparator = "/";

function ownerKey(userId: string, propertyId: string) {
  return `${userId}${ownerSeparator}${propertyId}`;
}

function splitOwner(owner: string): [string, string] {
  const at = owner.indexOf(ownerSeparator);
  return [owner.slice(0, at), owner.slice(at + 1)];
}
