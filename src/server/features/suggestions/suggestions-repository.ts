import { and, asc, desc, eq, gt, inArray, isNull, lt, notExists, or, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import {
  inboxCursors,
  inboxHolidayCalendars,
  inboxHookDeliveries,
  inboxHooks,
  inboxRules,
  inboxSuggestions,
  properties,
  type InboxHook,
  type InboxRule,
  type InboxSuggestion,
  type NewInboxSuggestion,
  type SuggestionStatus,
} from "../../db/schema/index.js";
import type { SuggestionSourceKind } from "../../../shared/suggestion-sources.js";

export interface NewDelivery {
  hookId: string;
  propertyId: string;
  deliveryId: string;
  itemKey: string;
  title: string;
  description: string;
  day: string;
}

export type StoredDelivery = typeof inboxHookDeliveries.$inferSelect;

/**
 * The inbox's rows, per GA4 property. It also reads (never writes) the saved properties: they are
 * the list of properties the inbox serves and who may read them.
 */
export function createSuggestionsRepository(db: Db) {
  return {
    /**
     * Stores a source's batch and its next cursor together: a batch is never half stored with its
     * cursor moved on. Items already known (open, accepted or dismissed) are skipped; answers the
     * rows that are new.
     */
    async storeBatch(
      propertyId: string,
      source: SuggestionSourceKind,
      rows: Omit<NewInboxSuggestion, "propertyId" | "source">[],
      cursor: string | null,
    ): Promise<InboxSuggestion[]> {
      return db.transaction(async (tx) => {
        const inserted =
          rows.length === 0
            ? []
            : await tx
                .insert(inboxSuggestions)
                .values(rows.map((row) => ({ ...row, propertyId, source })))
                .onConflictDoNothing({
                  target: [
                    inboxSuggestions.propertyId,
                    inboxSuggestions.source,
                    inboxSuggestions.itemKey,
                  ],
                })
                .returning();
        await tx
          .insert(inboxCursors)
          .values({ propertyId, source, cursor })
          .onConflictDoUpdate({
            target: [inboxCursors.propertyId, inboxCursors.source],
            set: { cursor, updatedAt: sql`now()` },
          });
        return inserted;
      });
    },

    async cursorOf(
      propertyId: string,
      source: SuggestionSourceKind,
    ): Promise<{ cursor: string | null } | null> {
      const [row] = await db
        .select({ cursor: inboxCursors.cursor })
        .from(inboxCursors)
        .where(and(eq(inboxCursors.propertyId, propertyId), eq(inboxCursors.source, source)));
      return row ?? null;
    },

    /** Forgets where a source stopped, so its next read starts over (within its look-back). */
    async clearCursor(propertyId: string, source: SuggestionSourceKind): Promise<void> {
      await db
        .delete(inboxCursors)
        .where(and(eq(inboxCursors.propertyId, propertyId), eq(inboxCursors.source, source)));
    },

    list(propertyId: string, status: SuggestionStatus): Promise<InboxSuggestion[]> {
      return db
        .select()
        .from(inboxSuggestions)
        .where(
          and(eq(inboxSuggestions.propertyId, propertyId), eq(inboxSuggestions.status, status)),
        )
        .orderBy(
          status === "open" ? desc(inboxSuggestions.startDate) : desc(inboxSuggestions.decidedAt),
          asc(inboxSuggestions.id),
        )
        .limit(500);
    },

    async countOpen(propertyId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(inboxSuggestions)
        .where(
          and(eq(inboxSuggestions.propertyId, propertyId), eq(inboxSuggestions.status, "open")),
        );
      return row?.count ?? 0;
    },

    async find(propertyId: string, id: string): Promise<InboxSuggestion | null> {
      const [row] = await db
        .select()
        .from(inboxSuggestions)
        .where(and(eq(inboxSuggestions.propertyId, propertyId), eq(inboxSuggestions.id, id)));
      return row ?? null;
    },

    /** Closes an open suggestion; null when it was no longer open (decided meanwhile). */
    async decide(
      id: string,
      decision: {
        status: "accepted" | "dismissed";
        userId: string;
        how: "person" | "rule";
        annotationId?: string;
        at: Date;
      },
    ): Promise<InboxSuggestion | null> {
      const [row] = await db
        .update(inboxSuggestions)
        .set({
          status: decision.status,
          decidedBy: decision.userId,
          decidedHow: decision.how,
          decidedAt: decision.at,
          annotationId: decision.annotationId ?? null,
        })
        .where(and(eq(inboxSuggestions.id, id), eq(inboxSuggestions.status, "open")))
        .returning();
      return row ?? null;
    },

    /** Opens a dismissed suggestion again (a dismissal undone); null when it was not dismissed. */
    async reopen(id: string): Promise<InboxSuggestion | null> {
      const [row] = await db
        .update(inboxSuggestions)
        .set({ status: "open", decidedBy: null, decidedHow: null, decidedAt: null })
        .where(and(eq(inboxSuggestions.id, id), eq(inboxSuggestions.status, "dismissed")))
        .returning();
      return row ?? null;
    },

    /** A fresh create request id, after a create that surely made nothing. */
    async renewRequestId(id: string, requestId: string): Promise<void> {
      await db.update(inboxSuggestions).set({ requestId }).where(eq(inboxSuggestions.id, id));
    },

    // Webhooks

    async createHook(input: {
      propertyId: string;
      name: string;
      sealedSecret: string;
      createdBy: string;
    }): Promise<InboxHook> {
      const [row] = await db.insert(inboxHooks).values(input).returning();
      return row!;
    },

    listHooks(propertyId: string): Promise<InboxHook[]> {
      return db
        .select()
        .from(inboxHooks)
        .where(eq(inboxHooks.propertyId, propertyId))
        .orderBy(asc(inboxHooks.createdAt));
    },

    async findHook(id: string): Promise<InboxHook | null> {
      const [row] = await db.select().from(inboxHooks).where(eq(inboxHooks.id, id));
      return row ?? null;
    },

    async countHooks(propertyId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(inboxHooks)
        .where(eq(inboxHooks.propertyId, propertyId));
      return row?.count ?? 0;
    },

    /** Removes a hook, its waiting deliveries and its rules; false when there was none. */
    async deleteHook(propertyId: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(inboxHooks)
          .where(and(eq(inboxHooks.propertyId, propertyId), eq(inboxHooks.id, id)))
          .returning({ id: inboxHooks.id });
        await tx
          .delete(inboxRules)
          .where(and(eq(inboxRules.propertyId, propertyId), eq(inboxRules.origin, id)));
        return deleted.length > 0;
      });
    },

    /** Stores a verified delivery; false when this hook has seen its delivery id before. */
    async storeDelivery(delivery: NewDelivery): Promise<boolean> {
      const rows = await db
        .insert(inboxHookDeliveries)
        .values(delivery)
        .onConflictDoNothing({
          target: [inboxHookDeliveries.hookId, inboxHookDeliveries.deliveryId],
        })
        .returning({ seq: inboxHookDeliveries.seq });
      return rows.length > 0;
    },

    deliveriesAfter(propertyId: string, seq: number, limit: number): Promise<StoredDelivery[]> {
      return db
        .select()
        .from(inboxHookDeliveries)
        .where(
          and(eq(inboxHookDeliveries.propertyId, propertyId), gt(inboxHookDeliveries.seq, seq)),
        )
        .orderBy(asc(inboxHookDeliveries.seq))
        .limit(limit);
    },

    // Holiday calendars

    async holidayCalendar(
      propertyId: string,
    ): Promise<{ country: string; region: string | null } | null> {
      const [row] = await db
        .select({ country: inboxHolidayCalendars.country, region: inboxHolidayCalendars.region })
        .from(inboxHolidayCalendars)
        .where(eq(inboxHolidayCalendars.propertyId, propertyId));
      return row ?? null;
    },

    /**
     * Sets (or, with null, turns off) a property's calendar. A changed calendar forgets where the
     * holiday source stopped, so the new country's last 90 days are read.
     */
    async setHolidayCalendar(
      propertyId: string,
      calendar: { country: string; region: string | null } | null,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        if (calendar === null) {
          await tx
            .delete(inboxHolidayCalendars)
            .where(eq(inboxHolidayCalendars.propertyId, propertyId));
        } else {
          await tx
            .insert(inboxHolidayCalendars)
            .values({ propertyId, ...calendar })
            .onConflictDoUpdate({
              target: inboxHolidayCalendars.propertyId,
              set: { ...calendar, updatedAt: sql`now()` },
            });
        }
        await tx
          .delete(inboxCursors)
          .where(and(eq(inboxCursors.propertyId, propertyId), eq(inboxCursors.source, "holidays")));
      });
    },

    // Rules

    async createRule(input: {
      propertyId: string;
      source: SuggestionSourceKind;
      origin: string | null;
      categoryId: string | null;
      userId: string;
    }): Promise<InboxRule> {
      const [row] = await db
        .insert(inboxRules)
        .values(input)
        .onConflictDoUpdate({
          target: [inboxRules.propertyId, inboxRules.source, inboxRules.origin],
          set: { categoryId: input.categoryId, userId: input.userId },
        })
        .returning();
      return row!;
    },

    listRules(propertyId: string): Promise<InboxRule[]> {
      return db
        .select()
        .from(inboxRules)
        .where(eq(inboxRules.propertyId, propertyId))
        .orderBy(asc(inboxRules.createdAt));
    },

    async deleteRule(propertyId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(inboxRules)
        .where(and(eq(inboxRules.propertyId, propertyId), eq(inboxRules.id, id)))
        .returning({ id: inboxRules.id });
      return rows.length > 0;
    },

    /** The rule that covers an item from this source and origin: the origin's own, else the source's. */
    async ruleFor(
      propertyId: string,
      source: SuggestionSourceKind,
      origin: string | null,
    ): Promise<InboxRule | null> {
      const rows = await db
        .select()
        .from(inboxRules)
        .where(
          and(
            eq(inboxRules.propertyId, propertyId),
            eq(inboxRules.source, source),
            origin === null
              ? isNull(inboxRules.origin)
              : or(isNull(inboxRules.origin), eq(inboxRules.origin, origin)),
          ),
        );
      return rows.find((row) => row.origin !== null) ?? rows[0] ?? null;
    },

    // The properties the inbox serves (read from the saved properties)

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

    /** Open suggestions the given ids name within the property, for bulk decisions. */
    findMany(propertyId: string, ids: string[]): Promise<InboxSuggestion[]> {
      return db
        .select()
        .from(inboxSuggestions)
        .where(and(eq(inboxSuggestions.propertyId, propertyId), inArray(inboxSuggestions.id, ids)));
    },
  };
}

export type SuggestionsRepository = ReturnType<typeof createSuggestionsRepository>;
