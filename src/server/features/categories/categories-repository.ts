import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import {
  annotationCategories,
  annotationMetadata,
  type AnnotationCategory,
} from "../../db/schema/index.js";
import { isPostgresError, postgresErrorCodes } from "../../db/postgres-errors.js";
import {
  createCategoryInserts,
  uniqueNameIndex,
  type CategoryFields,
  type CategoryWriteOutcome,
} from "./category-inserts.js";

export type { CategoryFields, CategoryWriteOutcome } from "./category-inserts.js";

export function createCategoriesRepository(db: Db) {
  const ownedBy = (userId: string, id: string) =>
    and(eq(annotationCategories.userId, userId), eq(annotationCategories.id, id));

  return {
    /** Ordered by name as people read it: case does not split "alpha" from "Beta". */
    listByUser(userId: string): Promise<AnnotationCategory[]> {
      return db
        .select()
        .from(annotationCategories)
        .where(eq(annotationCategories.userId, userId))
        .orderBy(asc(sql`lower(${annotationCategories.name})`), asc(annotationCategories.name));
    },

    async findById(userId: string, id: string): Promise<AnnotationCategory | null> {
      const [row] = await db.select().from(annotationCategories).where(ownedBy(userId, id));
      return row ?? null;
    },

    /** The person's category with this name, ignoring case. */
    async findByName(userId: string, name: string): Promise<AnnotationCategory | null> {
      const [row] = await db
        .select()
        .from(annotationCategories)
        .where(
          and(
            eq(annotationCategories.userId, userId),
            sql`lower(${annotationCategories.name}) = lower(${name})`,
          ),
        );
      return row ?? null;
    },

    ...createCategoryInserts(db),

    /** How many of the person's annotations each of their categories holds, by category id. */
    async annotationCounts(userId: string): Promise<Record<string, number>> {
      const rows = await db
        .select({
          categoryId: annotationMetadata.categoryId,
          count: sql<number>`count(*)::int`,
        })
        .from(annotationMetadata)
        .where(
          and(
            eq(annotationMetadata.userId, userId),
            sql`${annotationMetadata.categoryId} is not null`,
          ),
        )
        .groupBy(annotationMetadata.categoryId);
      return Object.fromEntries(rows.map((row) => [row.categoryId!, row.count]));
    },

    async update(
      userId: string,
      id: string,
      changes: Partial<CategoryFields>,
    ): Promise<CategoryWriteOutcome> {
      try {
        const [category] = await db
          .update(annotationCategories)
          .set({ ...changes, updatedAt: new Date() })
          .where(ownedBy(userId, id))
          .returning();
        return category ? { ok: true, category } : { ok: false, reason: "not_found" };
      } catch (error) {
        if (isPostgresError(error, postgresErrorCodes.uniqueViolation, uniqueNameIndex)) {
          return { ok: false, reason: "name_taken" };
        }
        throw error;
      }
    },

    /** Annotations linked to it keep existing; the foreign key clears their link. */
    async delete(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(annotationCategories)
        .where(ownedBy(userId, id))
        .returning({ id: annotationCategories.id });
      return deleted.length > 0;
    },
  };
}

export type CategoriesRepository = ReturnType<typeof createCategoriesRepository>;
