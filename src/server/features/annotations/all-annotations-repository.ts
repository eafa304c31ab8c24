import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { annotationEvents, annotationListCache } from "../../db/schema/index.js";
import type { Annotation } from "../../../shared/contracts/annotations.js";

export interface CachedAnnotationList {
  propertyId: string;
  annotations: Annotation[];
  fetchedAt: Date;
}

/** Each person's cached annotation lists, shared by every instance through the database. */
export function createAllAnnotationsRepository(db: Db) {
  return {
    /**
     * The lists of these properties read at or after `freshSince`, leaving out any the person has
     * changed an annotation of (through Tidemark, anywhere) since its list was read.
     */
    async readFresh(
      userId: string,
      propertyIds: string[],
      freshSince: Date,
    ): Promise<Map<string, CachedAnnotationList>> {
      if (propertyIds.length === 0) return new Map();
      const rows = await db
        .select({
          propertyId: annotationListCache.propertyId,
          annotations: annotationListCache.annotations,
          fetchedAt: annotationListCache.fetchedAt,
        })
        .from(annotationListCache)
        .where(
          and(
            eq(annotationListCache.userId, userId),
            inArray(annotationListCache.propertyId, propertyIds),
            gte(annotationListCache.fetchedAt, freshSince),
            sql`not exists (
              select 1 from ${annotationEvents}
              where ${annotationEvents.userId} = ${annotationListCache.userId}
                and ${annotationEvents.propertyId} = ${annotationListCache.propertyId}
                and ${annotationEvents.createdAt} >= ${annotationListCache.fetchedAt})`,
          ),
        );
      return new Map(rows.map((row) => [row.propertyId, row]));
    },

    /** Stores a fresh list and drops this person's stale ones, so the table stays small. */
    async write(list: CachedAnnotationList & { userId: string }, staleBefore: Date): Promise<void> {
      const { userId, propertyId, annotations, fetchedAt } = list;
      await db
        .insert(annotationListCache)
        .values({ userId, propertyId, annotations, fetchedAt })
        .onConflictDoUpdate({
          target: [annotationListCache.userId, annotationListCache.propertyId],
          set: { annotations, fetchedAt },
          // A slower read that began earlier never replaces a newer one.
          setWhere: lt(annotationListCache.fetchedAt, fetchedAt),
        });
      await db
        .delete(annotationListCache)
        .where(
          and(
            eq(annotationListCache.userId, userId),
            lt(annotationListCache.fetchedAt, staleBefore),
          ),
        );
    },
  };
}

export type AllAnnotationsRepository = ReturnType<typeof createAllAnnotationsRepository>;
