import { and, asc, eq, isNull, lt, notExists, or, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { inboxCursors, inboxHolidayCalendars, properties } from "../../db/schema/index.js";
import type { SuggestionSourceKind } from "../../../shared/suggestion-sources.js";

/** The saved properties, read and never written: which properties the inbox serves, and for whom. */
export function createInboxServedProperties(db: Db) {
  return {
    /** Who has the property saved, the earliest first. */
    async savedBy(propertyId: string): Promise<string[]> {
      const rows = await db
        .select({ userId: properties.userId })
        .from(properties)
        .where(eq(properties.propertyId, propertyId))
        .orderBy(asc(properties.createdAt));
      return rows.map((row) => row.userId);
    },

    /**
     * Saved properties a source has never read, or last read before `staleBefore` (null: only
     * the never-read ones), at most `limit`, the longest waiting first.
     */
    async propertiesToRead(
      source: SuggestionSourceKind,
      staleBefore: Date | null,
      limit: number,
    ): Promise<string[]> {
      const saved = db
        .selectDistinct({ propertyId: properties.propertyId })
        .from(properties)
        .as("saved");
      const rows = await db
        .select({ propertyId: saved.propertyId, readAt: inboxCursors.updatedAt })
        .from(saved)
        .leftJoin(
          inboxCursors,
          and(eq(inboxCursors.propertyId, saved.propertyId), eq(inboxCursors.source, source)),
        )
        .where(
          staleBefore === null
            ? isNull(inboxCursors.propertyId)
            : or(isNull(inboxCursors.propertyId), lt(inboxCursors.updatedAt, staleBefore)),
        )
        .orderBy(sql`${inboxCursors.updatedAt} asc nulls first`, asc(saved.propertyId))
        .limit(limit);
      return rows.map((row) => row.propertyId);
    },

    /** Properties with a holiday calendar whose holidays have not been read since it was set. */
    async calendarsToRead(limit: number): Promise<string[]> {
      const rows = await db
        .select({ propertyId: inboxHolidayCalendars.propertyId })
        .from(inboxHolidayCalendars)
        .where(
          notExists(
            db
              .select({ one: sql`1` })
              .from(inboxCursors)
              .where(
                and(
                  eq(inboxCursors.propertyId, inboxHolidayCalendars.propertyId),
                  eq(inboxCursors.source, "holidays"),
                ),
              ),
          ),
        )
        .limit(limit);
      return rows.map((row) => row.propertyId);
    },
  };
}
