import { and, eq, inArray, sql } from "drizzle-orm";
import { batchedPairLookup } from "../../db/batched-lookup.js";
import type { Db } from "../../db/database.js";
import { isPostgresError, postgresErrorCodes } from "../../db/postgres-errors.js";
import {
  annotationEvents,
  annotationMetadata,
  sharedAnnotationMetadata,
  type AnnotationEventType,
} from "../../db/schema/index.js";
import type {
  AnnotationCreateExtras,
  AnnotationExtras,
  AnnotationSource,
} from "../../../shared/contracts/annotations.js";

const categoryForeignKey = "annotation_metadata_category_id_annotation_categories_id_fk";

/** One person's view of one annotation: categories are per person, so is every change. */
export interface AnnotationKey {
  userId: string;
  propertyId: string;
  annotationId: string;
}

type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * What Tidemark keeps about annotations besides Google: each person's categories, what it knows
 * of the annotation itself (where it came from, when it was added), and a change log.
 */
export function createAnnotationRecordsRepository(db: Db) {
  // Every list reads these two: one prepared statement each for any number of annotations,
  // batched across concurrent requests, on their (person, property, annotation) and (property,
  // annotation) keys. A batch may mix people and properties, so it asks for their cross product
  // and keeps the pairs it wanted.
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
  const categories = batchedPairLookup({
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
  const shared = batchedPairLookup({
    load: (propertyIds, annotationIds) => sharedByIds.execute({ propertyIds, annotationIds }),
    pairOf: (row) => [row.propertyId, row.annotationId],
    valueOf: (row): SharedRecord => ({ source: row.source, addedAt: row.addedAt }),
    maxBatch: 2_000,
  });

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

    /**
     * An annotation Tidemark made: its record (how and when, kept from the first claim should
     * two ever claim it), the person's category, and the change.
     */
    async recordCreate(
      key: AnnotationKey,
      extras: AnnotationCreateExtras,
    ): Promise<AnnotationExtras> {
      return withCategoryFallback(extras.categoryId, (categoryId) =>
        db.transaction(async (tx) => {
          await logChange(tx, key, "created");
          // A person's row exists only for a category they chose.
          if (categoryId !== null) await setCategory(tx, key, categoryId);
          const [record] = await tx
            .insert(sharedAnnotationMetadata)
            .values({
              propertyId: key.propertyId,
              annotationId: key.annotationId,
              source: extras.source,
              addedAt: new Date(),
            })
            .onConflictDoUpdate({
              target: [sharedAnnotationMetadata.propertyId, sharedAnnotationMetadata.annotationId],
              set: { propertyId: key.propertyId },
            })
            .returning({
              source: sharedAnnotationMetadata.source,
              addedAt: sharedAnnotationMetadata.addedAt,
            });
          return extrasOf(categoryId, record ?? null);
        }),
      );
    },

    /** A change to an annotation; `categoryId` undefined leaves the category, null clears it. */
    async recordUpdate(key: AnnotationKey, categoryId?: string | null): Promise<AnnotationExtras> {
      return withCategoryFallback(categoryId, (category) =>
        db.transaction(async (tx) => {
          await logChange(tx, key, "updated");
          if (category !== undefined) await setCategory(tx, key, category);
          return readExtras(tx, key);
        }),
      );
    },

    /**
     * A deleted annotation is gone from Google for everyone, so every person's category for it
     * goes with it, and so does what Tidemark knew of it.
     */
    async recordDelete(key: AnnotationKey): Promise<void> {
      await db.transaction(async (tx) => {
        await logChange(tx, key, "deleted");
        await tx.delete(annotationMetadata).where(everyonesCategories(key));
        await tx.delete(sharedAnnotationMetadata).where(sharedRecord(key));
      });
    },
  };

  /**
   * The category was deleted between the check and this write: the change stands and, as with
   * any deleted category, the annotation is left without one.
   */
  async function withCategoryFallback<Category extends string | null | undefined, Result>(
    categoryId: Category,
    write: (categoryId: Category | null) => Promise<Result>,
  ): Promise<Result> {
    try {
      return await write(categoryId);
    } catch (error) {
      if (
        categoryId &&
        isPostgresError(error, postgresErrorCodes.foreignKeyViolation, categoryForeignKey)
      )
        return write(null);
      throw error;
    }
  }

  async function logChange(tx: Transaction, key: AnnotationKey, eventType: AnnotationEventType) {
    await tx.insert(annotationEvents).values({ ...key, eventType });
  }

  async function setCategory(tx: Transaction, key: AnnotationKey, categoryId: string | null) {
    await tx
      .insert(annotationMetadata)
      .values({ ...key, categoryId })
      .onConflictDoUpdate({
        target: [
          annotationMetadata.userId,
          annotationMetadata.propertyId,
          annotationMetadata.annotationId,
        ],
        set: { categoryId },
      });
  }

  async function readExtras(tx: Transaction, key: AnnotationKey): Promise<AnnotationExtras> {
    const [category] = await tx
      .select({ categoryId: annotationMetadata.categoryId })
      .from(annotationMetadata)
      .where(and(eq(annotationMetadata.userId, key.userId), everyonesCategories(key)));
    const [record] = await tx
      .select({
        source: sharedAnnotationMetadata.source,
        addedAt: sharedAnnotationMetadata.addedAt,
      })
      .from(sharedAnnotationMetadata)
      .where(sharedRecord(key));
    return extrasOf(category?.categoryId ?? null, record ?? null);
  }
}

function everyonesCategories(key: AnnotationKey) {
  return and(
    eq(annotationMetadata.propertyId, key.propertyId),
    eq(annotationMetadata.annotationId, key.annotationId),
  );
}

function sharedRecord(key: AnnotationKey) {
  return and(
    eq(sharedAnnotationMetadata.propertyId, key.propertyId),
    eq(sharedAnnotationMetadata.annotationId, key.annotationId),
  );
}

/** What Tidemark knows of an annotation itself; none for one made outside Tidemark. */
type SharedRecord = { source: AnnotationSource | null; addedAt: Date | null };

function extrasOf(categoryId: string | null, record: SharedRecord | null): AnnotationExtras {
  return {
    categoryId,
    // Tidemark records every annotation it makes, so one without a record was made elsewhere.
    source: record ? record.source : "google",
    dateAdded: record?.addedAt?.toISOString() ?? null,
  };
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

export type AnnotationRecordsRepository = ReturnType<typeof createAnnotationRecordsRepository>;
