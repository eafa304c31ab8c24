import { and, eq, inArray, sql } from "drizzle-orm";
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
  // concurrent requests; the conditions use the (person, property, annotation) index. A batch may
  // mix people and properties, so it asks for their cross product and keeps the pairs it wanted.
  const metadataByIds = db
    .select({
      userId: annotationMetadata.userId,
      propertyId: annotationMetadata.propertyId,
      annotationId: annotationMetadata.annotationId,
      categoryId: annotationMetadata.categoryId,
      createdAt: annotationMetadata.createdAt,
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
  const metadata = batchedPairLookup({
    load: (owners, annotationIds) =>
      metadataByIds.execute({
        userIds: [...new Set(owners.map((owner) => splitOwner(owner)[0]))],
        propertyIds: [...new Set(owners.map((owner) => splitOwner(owner)[1]))],
        annotationIds,
      }),
    pairOf: (row) => [ownerKey(row.userId, row.propertyId), row.annotationId],
    valueOf: (row) => ({ categoryId: row.categoryId, createdAt: row.createdAt }),
    maxBatch: 2_000,
  });

  return {
    /** This person's records of these annotations: categories are per person, so is the row. */
    async metadataFor(userId: string, propertyId: string, annotationIds: string[]) {
      if (annotationIds.length === 0)
        return new Map<string, { categoryId: string | null; createdAt: Date }>();
      return metadata.many(ownerKey(userId, propertyId), annotationIds);
    },

    /**
     * Which of these annotations anyone's Tidemark already knows (created or categorised), so a
     * lost create never claims an annotation someone else made. Says nothing of their categories.
     */
    async knownToAnyone(propertyId: string, annotationIds: string[]): Promise<Set<string>> {
      if (annotationIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ annotationId: annotationMetadata.annotationId })
        .from(annotationMetadata)
        .where(
          and(
            eq(annotationMetadata.propertyId, propertyId),
            inArray(annotationMetadata.annotationId, annotationIds),
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
      const sameAnnotation = and(
        eq(annotationMetadata.propertyId, input.propertyId),
        eq(annotationMetadata.annotationId, input.annotationId),
      );
      if (input.eventType === "deleted") {
        // The annotation is gone from Google for everyone, so every person's assignment to it
        // goes with it; none of them is read or returned here.
        await tx.delete(annotationMetadata).where(sameAnnotation);
        return null;
      }
      if (input.eventType === "created" || input.categoryId !== undefined) {
        const [row] = await tx
          .insert(annotationMetadata)
          .values({
            userId: input.userId,
            propertyId: input.propertyId,
            annotationId: input.annotationId,
            categoryId: input.categoryId ?? null,
          })
          .onConflictDoUpdate({
            target: [
              annotationMetadata.userId,
              annotationMetadata.propertyId,
              annotationMetadata.annotationId,
            ],
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
        .where(and(eq(annotationMetadata.userId, input.userId), sameAnnotation));
      return row ?? null;
    });
  }
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
