import { and, asc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import {
  annotationSuggestions as suggestions,
  type AnnotationSuggestion,
} from "../../db/schema/index.js";

/** An audit's suggestions read, reviewed, and settled after an apply. */
export function createAuditSuggestionRows(db: Db) {
  return {
    async listSuggestions(sessionId: string): Promise<AnnotationSuggestion[]> {
      return db
        .select()
        .from(suggestions)
        .where(eq(suggestions.auditSessionId, sessionId))
        .orderBy(asc(suggestions.createdAt), asc(suggestions.annotationId));
    },

    async findSuggestion(sessionId: string, id: string): Promise<AnnotationSuggestion | null> {
      const [row] = await db
        .select()
        .from(suggestions)
        .where(and(eq(suggestions.id, id), eq(suggestions.auditSessionId, sessionId)))
        .limit(1);
      return row ?? null;
    },

    /** Changes a suggestion still open for review (pending, accepted or rejected); null otherwise. */
    async updateOpenSuggestion(
      sessionId: string,
      id: string,
      changes: Partial<
        Pick<
          AnnotationSuggestion,
          "status" | "modifiedTitle" | "modifiedDescription" | "modifiedCategoryId"
        >
      >,
    ): Promise<AnnotationSuggestion | null> {
      const [row] = await db
        .update(suggestions)
        .set(changes)
        .where(
          and(
            eq(suggestions.id, id),
            eq(suggestions.auditSessionId, sessionId),
            inArray(suggestions.status, ["pending", "accepted", "rejected"]),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Records the category an apply made for a suggestion, while this apply holds it. */
    async linkCategory(id: string, categoryId: string): Promise<void> {
      await db
        .update(suggestions)
        .set({ modifiedCategoryId: categoryId })
        .where(and(eq(suggestions.id, id), eq(suggestions.status, "applying")));
    },

    /**
     * What became of a claimed suggestion: applied, failed, or accepted again with the reason it
     * is not applied yet (Google did not confirm the change, which is not there now), so the next
     * apply tries it again.
     */
    async settleSuggestion(
      id: string,
      outcome:
        | { status: "applied" }
        | { status: "failed"; failureReason: string }
        | { status: "accepted"; failureReason: string },
    ): Promise<void> {
      await db
        .update(suggestions)
        .set({
          status: outcome.status,
          failureReason: outcome.status === "applied" ? null : outcome.failureReason,
        })
        .where(and(eq(suggestions.id, id), eq(suggestions.status, "applying")));
    },
  };
}

/** Which apply holds which accepted suggestion, kept alive by its heartbeat. */
export function createAuditSuggestionClaims(db: Db) {
  return {
    /**
     * Takes the accepted suggestions for one apply, and those whose apply stopped sending its
     * heartbeat (`updatedAt`) before `staleBefore`: its instance died mid-apply. A suggestion
     * taken by an apply is no longer "accepted", so a second apply at the same moment finds
     * nothing to write.
     */
    async claimAccepted(
      sessionId: string,
      now: Date,
      staleBefore: Date,
    ): Promise<AnnotationSuggestion[]> {
      return db
        .update(suggestions)
        .set({ status: "applying", updatedAt: now, failureReason: null })
        .where(
          and(
            eq(suggestions.auditSessionId, sessionId),
            or(
              eq(suggestions.status, "accepted"),
              and(eq(suggestions.status, "applying"), lt(suggestions.updatedAt, staleBefore)),
            ),
          ),
        )
        .returning();
    },

    /** An apply's heartbeat: its claims on these suggestions are still alive. */
    async renewClaims(ids: string[], now: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(suggestions)
        .set({ updatedAt: now })
        .where(and(inArray(suggestions.id, ids), eq(suggestions.status, "applying")));
    },

    /** How many of an audit's suggestions another apply is writing right now. */
    async countApplying(sessionId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(suggestions)
        .where(and(eq(suggestions.auditSessionId, sessionId), eq(suggestions.status, "applying")));
      return row?.count ?? 0;
    },

    /**
     * Gives back, as accepted, the claims of applies that stopped sending their heartbeat before
     * `staleBefore` (their instance died), so the page offers them to apply again.
     */
    async releaseStaleClaims(sessionId: string, staleBefore: Date): Promise<void> {
      await db
        .update(suggestions)
        .set({ status: "accepted" })
        .where(
          and(
            eq(suggestions.auditSessionId, sessionId),
            eq(suggestions.status, "applying"),
            lt(suggestions.updatedAt, staleBefore),
          ),
        );
    },

    /** Gives a claimed suggestion back, untouched, when an apply could not start. */
    async releaseClaim(id: string): Promise<void> {
      await db
        .update(suggestions)
        .set({ status: "accepted" })
        .where(and(eq(suggestions.id, id), eq(suggestions.status, "applying")));
    },
  };
}
