import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import {
  inboxCursors,
  inboxSuggestions,
  properties,
  type InboxSuggestion,
  type NewInboxSuggestion,
  type SuggestionStatus,
} from "../../db/schema/index.js";
import type { SuggestionSourceKind } from "../../../shared/suggestion-sources.js";

/** What each source has stored and where it stopped reading. */
export function createSuggestionBatchRows(db: Db) {
  return {
    /**
     * Stores a source's batch and its next cursor together: a batch is never half stored with its
     * cursor moved on. Items already known (open, accepted or dismissed) are skipped; answers the
     * rows that are new. Nothing is stored for a property no account has saved any more (an
     * account erased while its inbox was being read): the key-share lock on the saved rows makes
     * an erase wait for this batch, or this batch wait for the erase and then find nothing.
     */
    async storeBatch(
      propertyId: string,
      source: SuggestionSourceKind,
      rows: Omit<NewInboxSuggestion, "propertyId" | "source">[],
      cursor: string | null,
    ): Promise<InboxSuggestion[]> {
      return db.transaction(async (tx) => {
        const savedBy = await tx
          .select({ id: properties.id })
          .from(properties)
          .where(eq(properties.propertyId, propertyId))
          .for("key share");
        if (savedBy.length === 0) return [];
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
  };
}

/** The suggestions themselves: read, counted and decided. */
export function createSuggestionRows(db: Db) {
  return {
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

    /** Open suggestions the given ids name within the property, for bulk decisions. */
    findMany(propertyId: string, ids: string[]): Promise<InboxSuggestion[]> {
      return db
        .select()
        .from(inboxSuggestions)
        .where(and(eq(inboxSuggestions.propertyId, propertyId), inArray(inboxSuggestions.id, ids)));
    },
  };
}
