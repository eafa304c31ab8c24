import { and, eq, sql } from "drizzle-orm";
import { batchedPairLookup } from "../../db/batched-lookup.js";
import type { Db } from "../../db/database.js";
import { isPostgresError, postgresErrorCodes } from "../../db/postgres-errors.js";
import {
  annotationEvents,
  annotationMetadata,
  type AnnotationEventType,
} from "../../db/schema/index.js";

const categoryForeignKey = "annotation_metadata_category_id_annotation_categories_id_fk";

/** What Tidemark keeps about annotations besides Google: their categories and a change log. */
export function createAnnotationRecordsRepository(db: Db) {
  // Every list reads this: one prepared statement for any number of annotations, batched across
  // concurrent requests; the conditions use the (property, annotation) index.
  const metadataByIds = db
    .select({
      propertyId: annotationMetadata.propertyId,
      annotationId: annotationMetadata.annotationId,
      categoryId: annotationMetadata.categoryId,
      createdAt: annotationMetadata.createdAt,
    })
    .from(annotationMetadata)
    .where(
      and(
        sql`${annotationMetadata.propertyId} = any(${sql.placeholder("propertyIds")}::text[])`,
        sql`${annotationMetadata.annotationId} = any(${sql.placeholder("annotationIds")}::text[])`,
      ),
    )
    .prepare("annotation_metadata_by_ids");
  const metadata = batchedPairLookup({
    load: (propertyIds, annotationIds) => metadataByIds.execute({ propertyIds, annotationIds }),
    pairOf: (row) => [row.propertyId, row.annotationId],
    valueOf: (row) => ({ categoryId: row.categoryId, createdAt: row.createdAt }),
    maxBatch: 2_000,
  });

  return {
    async metadataFor(propertyId: string, annotationIds: string[]) {
      if (annotationIds.length === 0)
        return new Map<string, { categoryId: string | null; createdAt: Date }>();
      return metadata.many(propertyId, annotationIds);
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

    /** Records a change; on create also the metadata row, whose creation time is "Date Added". */
    async recordChange(input: {
      userId: string;
      propertyId: string;
      annotationId: string;
      eventType: AnnotationEventType;
      /** undefined: leave the category as it is; null: clear it. */
      categoryId?: string | null;
    }): Promise<{ categoryId: string | null; createdAt: Date } | null> {
      try {
        return await recordChangeOnce(input);
      } catch (error) {
        // The category was deleted between the check and this write: the change stands and, as
        // with any deleted category, the annotation is left without one.
        if (
          input.categoryId &&
          isPostgresError(error, postgresErrorCodes.foreignKeyViolation, categoryForeignKey)
        ) {
          return recordChangeOnce({ ...input, categoryId: null });
        }
        throw error;
      }
    },
  };

  async function recordChangeOnce(input: {
    userId: string;
    propertyId: string;
    annotationId: string;
    eventType: AnnotationEventType;
    categoryId?: string | null;
  }): Promise<{ categoryId: string | null; createdAt: Date } | null> {
    return db.transaction(async (tx) => {
      await tx.insert(annotationEvents).values({
        userId: input.userId,
        propertyId: input.propertyId,
        annotationId: input.annotationId,
        eventType: input.eventType,
      });
      const key = and(
        eq(annotationMetadata.propertyId, input.propertyId),
        eq(annotationMetadata.annotationId, input.annotationId),
      );
      if (input.eventType === "deleted") {
        await tx.delete(annotationMetadata).where(key);
        return null;
      }
      if (input.eventType === "created" || input.categoryId !== undefined) {
        const [row] = await tx
          .insert(annotationMetadata)
          .values({
            propertyId: input.propertyId,
            annotationId: input.annotationId,
            categoryId: input.categoryId ?? null,
          })
          .onConflictDoUpdate({
            target: [annotationMetadata.propertyId, annotationMetadata.annotationId],
            set:
              input.categoryId !== undefined
                ? { categoryId: input.categoryId }
                : { propertyId: input.propertyId },
          })
          .returning({
            categoryId: annotationMetadata.categoryId,
            createdAt: annotationMetadata.createdAt,
          });
        return row ?? null;
      }
      const [row] = await tx
        .select({
          categoryId: annotationMetadata.categoryId,
          createdAt: annotationMetadata.createdAt,
        })
        .from(annotationMetadata)
        .where(key);
      return row ?? null;
    });
  }
}

export type AnnotationRecordsRepository = ReturnType<typeof createAnnotationRecordsRepository>;
