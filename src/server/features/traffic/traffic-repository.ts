import { and, asc, eq, gte, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import {
  dismissedTrafficChanges,
  trafficReportCache,
  users,
  type CachedTrafficSeries,
} from "../../db/schema/index.js";

export interface TrafficCacheKey {
  userId: string;
  propertyId: string;
  metric: string;
  rangeKey: string;
}

/** The report cache and the dismissed days, both shared by every instance through the database. */
export function createTrafficRepository(db: Db) {
  const sameKey = (key: TrafficCacheKey) =>
    and(
      eq(trafficReportCache.userId, key.userId),
      eq(trafficReportCache.propertyId, key.propertyId),
      eq(trafficReportCache.metric, key.metric),
      eq(trafficReportCache.rangeKey, key.rangeKey),
    );

  return {
    /** The cached series when it was fetched at or after `freshSince`. */
    async readFresh(
      key: TrafficCacheKey,
      freshSince: Date,
    ): Promise<{ series: CachedTrafficSeries; fetchedAt: Date } | null> {
      const [row] = await db
        .select({ series: trafficReportCache.series, fetchedAt: trafficReportCache.fetchedAt })
        .from(trafficReportCache)
        .where(and(sameKey(key), gte(trafficReportCache.fetchedAt, freshSince)));
      return row ?? null;
    },

    /** Stores a fresh series and drops this person's stale ones, so the table stays small. */
    async write(
      key: TrafficCacheKey,
      series: CachedTrafficSeries,
      fetchedAt: Date,
      staleBefore: Date,
    ): Promise<void> {
      await db
        .insert(trafficReportCache)
        .values({ ...key, series, fetchedAt })
        .onConflictDoUpdate({
          target: [
            trafficReportCache.userId,
            trafficReportCache.propertyId,
            trafficReportCache.metric,
            trafficReportCache.rangeKey,
          ],
          set: { series, fetchedAt },
        });
      await db
        .delete(trafficReportCache)
        .where(
          and(
            eq(trafficReportCache.userId, key.userId),
            lt(trafficReportCache.fetchedAt, staleBefore),
          ),
        );
    },

    /**
     * Records a dismissed day and deletes the person's oldest beyond `keep`, over all their
     * properties, in one transaction holding their user row: parallel dismissals, on any
     * instance, take turns, so the count never passes `keep`. The day just dismissed is never the
     * one deleted, even when a dismissal that waited for the lock carries an older timestamp.
     */
    async dismiss(userId: string, propertyId: string, day: string, keep: number): Promise<void> {
      await db.transaction(async (tx) => {
        // "No key update" queues the person's other dismissals but not inserts that only reference them.
        await tx.execute(sql`select id from ${users} where id = ${userId} for no key update`);
        await tx
          .insert(dismissedTrafficChanges)
          .values({ userId, propertyId, day })
          .onConflictDoNothing();
        const other = sql`user_id = ${userId} and not (property_id = ${propertyId} and day = ${day})`;
        await tx.execute(sql`
          delete from ${dismissedTrafficChanges}
          where ${other} and (property_id, day) not in (
            select property_id, day from ${dismissedTrafficChanges}
            where ${other}
            order by created_at desc, property_id desc, day desc
            limit ${Math.max(0, keep - 1)})`);
      });
    },

    async dismissedBetween(
      userId: string,
      propertyId: string,
      from: string,
      to: string,
    ): Promise<string[]> {
      const rows = await db
        .select({ day: dismissedTrafficChanges.day })
        .from(dismissedTrafficChanges)
        .where(
          and(
            eq(dismissedTrafficChanges.userId, userId),
            eq(dismissedTrafficChanges.propertyId, propertyId),
            gte(dismissedTrafficChanges.day, from),
            lte(dismissedTrafficChanges.day, to),
          ),
        )
        .orderBy(asc(dismissedTrafficChanges.day));
      return rows.map((row) => row.day);
    },
  };
}

export type TrafficRepository = ReturnType<typeof createTrafficRepository>;
