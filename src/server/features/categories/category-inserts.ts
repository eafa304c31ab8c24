import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { annotationCategories, users, type AnnotationCategory } from "../../db/schema/index.js";
import { isPostgresError, postgresErrorCodes } from "../../db/postgres-errors.js";

export interface CategoryFields {
  name: string;
  color: string;
  description: string | null;
  titleTemplate: string | null;
}

/** Why a write did not happen, for the service to word. */
export type CategoryWriteOutcome =
  | { ok: true; category: AnnotationCategory }
  | { ok: false; reason: "name_taken" | "limit_reached" | "not_found" };

export const uniqueNameIndex = "annotation_categories_user_name_unique";

/** Inserts that hold the person's category limit, with their user row locked for the count. */
export function createCategoryInserts(db: Db) {
  return {
    /**
     * Inserts unless the person already holds `limit` categories. Their user row is locked for
     * the count and the insert, so parallel creates (on any instance) queue instead of both
     * passing the limit; the unique index settles a name race.
     */
    async insertWithinLimit(
      userId: string,
      fields: CategoryFields,
      limit: number,
    ): Promise<CategoryWriteOutcome> {
      try {
        return await db.transaction(async (tx) => {
          await tx.execute(sql`select id from ${users} where id = ${userId} for update`);
          const [{ count } = { count: 0 }] = await tx
            .select({ count: sql<number>`count(*)::int` })
            .from(annotationCategories)
            .where(eq(annotationCategories.userId, userId));
          if (count >= limit) return { ok: false, reason: "limit_reached" } as const;
          const [category] = await tx
            .insert(annotationCategories)
            .values({ userId, ...fields })
            .returning();
          return { ok: true, category: category! } as const;
        });
      } catch (error) {
        if (isPostgresError(error, postgresErrorCodes.uniqueViolation, uniqueNameIndex)) {
          return { ok: false, reason: "name_taken" };
        }
        throw error;
      }
    },

    /**
     * Inserts each of `wanted` the person has no category of that name for (ignoring case), all
     * or none: when they would pass `limit`, nothing is written. The user row is locked as for
     * one insert. `isDefault` marks them as the recommended set's.
     */
    async insertMissingWithinLimit(
      userId: string,
      wanted: CategoryFields[],
      limit: number,
    ): Promise<
      { ok: true; inserted: AnnotationCategory[] } | { ok: false; reason: "limit_reached" }
    > {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select id from ${users} where id = ${userId} for update`);
        const held = await tx
          .select({ name: annotationCategories.name })
          .from(annotationCategories)
          .where(eq(annotationCategories.userId, userId));
        const names = new Set(held.map((row) => row.name.toLowerCase()));
        const missing = wanted.filter((fields) => !names.has(fields.name.toLowerCase()));
        if (missing.length === 0) return { ok: true, inserted: [] } as const;
        if (held.length + missing.length > limit)
          return { ok: false, reason: "limit_reached" } as const;
        const inserted = await tx
          .insert(annotationCategories)
          .values(missing.map((fields) => ({ userId, ...fields, isDefault: "true" })))
          .returning();
        return { ok: true, inserted } as const;
      });
    },
  };
}
