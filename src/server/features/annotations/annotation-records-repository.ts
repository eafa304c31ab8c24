import { and, eq, sql } from "drizzle-orm";
import { batchedLookup } from "../../db/batched-lookup.js";
import type { Db } from "../../db/database.js";
import { annotationCategories, annotationEvents, annotationMetadata, type AnnotationEventType } from "../../db/schema/index.js";

/** What Tidemark keeps about annotations besides Google: their categories and a change log. */
export function createAnnotationRecordsRepository(db: Db) {
  // Every list reads this: one prepared statement for any number of annotations, batched across
  // concurrent requests. As for saved properties, two `= any` conditions plan cheaply and use the
  // (property, annotation) index; combinations nobody asked for are not looked up by key.
  const metadataByKeys = db
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
    .prepare("annotation_metadata_by_keys");
  const keyOf = (propertyId: string, annotationId: string) => `${propertyId}/${annotationId}`;
  const metadata = batchedLookup(
    async (keys) => {
      const pairs = keys.map((key) => key.split("/") as [string, string]);
      const rows = await metadataByKeys.execute({
        propertyIds: [...new Set(pairs.map(([propertyId]) => propertyId))],
        annotationIds: [...new Set(pairs.map(([, annotationId]) => annotationId))],
      });
      return new Map(rows.map((row) => [keyOf(row.propertyId, row.annotationId), { categoryId: row.categoryId, createdAt: row.createdAt }]));
    },
    { maxBatch: 2_000 },
  );

  return {
    async metadataFor(propertyId: string, annotationIds: string[]) {
      if (annotationIds.length === 0) return new Map<string, { categoryId: string | null; createdAt: Date }>();
      const found = await metadata.many(annotationIds.map((annotationId) => keyOf(propertyId, annotationId)));
      return new Map(annotationIds.flatMap((annotationId) => {
        const entry = found.get(keyOf(propertyId, annotationId));
        return entry ? [[annotationId, entry] as const] : [];
      }));
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
