import { and, asc, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { annotationFeeds, users, type AnnotationFeed, type User } from "../../db/schema/index.js";

export function createFeedsRepository(db: Db) {
  return {
    /** The person's feeds that are not revoked, oldest first. */
    async listByUser(userId: string): Promise<AnnotationFeed[]> {
      return db
        .select()
        .from(annotationFeeds)
        .where(and(eq(annotationFeeds.userId, userId), isNull(annotationFeeds.revokedAt)))
        .orderBy(asc(annotationFeeds.createdAt));
    },

    async insert(
      fields: Omit<typeof annotationFeeds.$inferInsert, "id" | "createdAt">,
    ): Promise<AnnotationFeed> {
      const [feed] = await db.insert(annotationFeeds).values(fields).returning();
      return feed!;
    },

    /** Revokes one of the person's feeds; false when they hold no such live feed. */
    async revoke(userId: string, id: string, now: Date): Promise<boolean> {
      const revoked = await db
        .update(annotationFeeds)
        .set({ revokedAt: now })
        .where(
          and(
            eq(annotationFeeds.id, id),
            eq(annotationFeeds.userId, userId),
            isNull(annotationFeeds.revokedAt),
          ),
        )
        .returning({ id: annotationFeeds.id });
      return revoked.length > 0;
    },

    /** The live feed with this token hash and its owner, or null. */
    async findLiveByHash(tokenHash: string): Promise<{ feed: AnnotationFeed; user: User } | null> {
      const [row] = await db
        .select({ feed: annotationFeeds, user: users })
        .from(annotationFeeds)
        .innerJoin(users, eq(users.id, annotationFeeds.userId))
        .where(and(eq(annotationFeeds.tokenHash, tokenHash), isNull(annotationFeeds.revokedAt)));
      return row ?? null;
    },

    /** Records a read, at most once per `resolutionMs`, so a busy feed costs one write a minute. */
    async noteRead(id: string, now: Date, resolutionMs: number): Promise<void> {
      await db
        .update(annotationFeeds)
        .set({ lastReadAt: now })
        .where(
          and(
            eq(annotationFeeds.id, id),
            or(
              isNull(annotationFeeds.lastReadAt),
              lt(annotationFeeds.lastReadAt, new Date(now.getTime() - resolutionMs)),
            ),
          ),
        );
    },
  };
}

export type FeedsRepository = ReturnType<typeof createFeedsRepository>;
