import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import {
  inboxCursors,
  inboxHolidayCalendars,
  inboxRules,
  type InboxRule,
} from "../../db/schema/index.js";
import type { SuggestionSourceKind } from "../../../shared/suggestion-sources.js";

/** Each property's holiday calendar. */
export function createInboxCalendarRows(db: Db) {
  return {
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
  };
}

/** The rules that decide a source's (or one origin's) suggestions without a person. */
export function createInboxRuleRows(db: Db) {
  return {
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
  };
}
