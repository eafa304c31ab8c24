import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { annotationCategories, annotationEvents, annotationMetadata, type AnnotationEventType } from "../../db/schema/index.js";

/** What Tidemark keeps about annotations besides Google: their categories and a change log. */
export function createAnnotationRecordsRepository(db: Db) {
  // Every list reads this; one array parameter keeps it a single prepared statement for any count.
  const metadataByIds = db
    .select({ annotationId: annotationMetadata.annotationId, categoryId: annotationMetadata.categoryId, createdAt: annotationMetadata.createdAt })
    .from(annotationMetadata)
    .where(
      and(
        eq(annotationMetadata.propertyId, sql.placeholder("propertyId")),
        sql`${annotationMetadata.annotationId} = any(${sql.placeholder("annotationIds")}::text[])`,
      ),
    )
    .prepare("annotation_metadata_by_ids");

  return {
    async metadataFor(propertyId: string, annotationIds: string[]) {
      if (annotationIds.length === 0) return new Map<string, { categoryId: string | null; createdAt: Date }>();
      const rows = await metadataByIds.execute({ propertyId, annotationIds });
      return new Map(rows.map((row) => [row.annotationId, { categoryId: row.categoryId, createdAt: row.createdAt }]));
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
      return db.transaction(async (tx) => {
        await tx.insert(annotationEvents).values({
          userId: input.userId,
          propertyId: input.propertyId,
          annotationId: input.annotationId,
          eventType: input.eventType,
        });
        const key = and(eq(annotationMetadata.propertyId, input.propertyId), eq(annotationMetadata.annotationId, input.annotationId));
        if (input.eventType === "deleted") {
          await tx.delete(annotationMetadata).where(key);
          return null;
        }
        if (input.eventType === "created" || input.categoryId !== undefined) {
          const [row] = await tx
            .insert(annotationMetadata)
            .values({ propertyId: input.propertyId, annotationId: input.annotationId, categoryId: input.categoryId ?? null })
            .onConflictDoUpdate({
              target: [annotationMetadata.propertyId, annotationMetadata.annotationId],
              set: input.categoryId !== undefined ? { categoryId: input.categoryId } : { propertyId: input.propertyId },
            })
            .returning({ categoryId: annotationMetadata.categoryId, createdAt: annotationMetadata.createdAt });
          return row ?? null;
        }
        const [row] = await tx
          .select({ categoryId: annotationMetadata.categoryId, createdAt: annotationMetadata.createdAt })
          .from(annotationMetadata)
          .where(key);
        return row ?? null;
      });
    },

    async categoryBelongsTo(userId: string, categoryId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: annotationCategories.id })
        .from(annotationCategories)
        .where(and(eq(annotationCategories.id, categoryId), eq(annotationCategories.userId, userId)))
        .limit(1);
      return row !== undefined;
    },
  };
}

export type AnnotationRecordsRepository = ReturnType<typeof createAnnotationRecordsRepository>;
