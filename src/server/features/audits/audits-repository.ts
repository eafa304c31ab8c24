import { and, asc, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { isPostgresError, postgresErrorCodes } from "../../db/postgres-errors.js";
import {
  annotationAuditSessions,
  annotationSuggestions,
  type AnnotationAuditSession,
  type AnnotationSuggestion,
} from "../../db/schema/index.js";

export type NewSuggestion = Omit<
  typeof annotationSuggestions.$inferInsert,
  "id" | "auditSessionId" | "createdAt" | "updatedAt" | "status"
>;

export function createAuditsRepository(db: Db) {
  const sessions = annotationAuditSessions;
  const suggestions = annotationSuggestions;

  return {
    /** Null when the person already has an audit of that property pending or running. */
    async insertSession(input: {
      userId: string;
      propertyId: string;
      startDate: string | null;
      endDate: string | null;
    }): Promise<AnnotationAuditSession | null> {
      try {
        const [row] = await db.insert(sessions).values(input).returning();
        return row!;
      } catch (error) {
        if (
          isPostgresError(
            error,
            postgresErrorCodes.uniqueViolation,
            "annotation_audit_sessions_one_active_idx",
          )
        )
          return null;
        throw error;
      }
    },

    async findActiveSession(userId: string, propertyId: string) {
      const [row] = await db
        .select()
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            eq(sessions.propertyId, propertyId),
            inArray(sessions.status, ["pending", "in_progress"]),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async findSession(id: string): Promise<AnnotationAuditSession | null> {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
      return row ?? null;
    },

    async findOwnSession(userId: string, id: string): Promise<AnnotationAuditSession | null> {
      const [row] = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    /** Newest first, with how many suggestions each made. */
    async listSessions(userId: string, limit: number) {
      // A join, not a correlated subquery in sql``: there drizzle leaves the columns unqualified,
      // so the inner "id" was the suggestion's own and every count came out 0.
      return db
        .select({
          session: sessions,
          suggestionCount: sql<number>`count(${suggestions.id})::int`,
          appliedCount: sql<number>`(count(${suggestions.id}) filter (where ${suggestions.status} = 'applied'))::int`,
        })
        .from(sessions)
        .leftJoin(suggestions, eq(suggestions.auditSessionId, sessions.id))
        .where(eq(sessions.userId, userId))
        .groupBy(sessions.id)
        .orderBy(desc(sessions.createdAt), desc(sessions.id))
        .limit(limit);
    },

    /** Marks a pending audit as started; false when it already was. */
    async markStarted(id: string, at: Date, step: string): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ startedAt: at, lastStep: step })
        .where(
          and(
            eq(sessions.id, id),
            eq(sessions.status, "pending"),
            sql`${sessions.startedAt} is null`,
          ),
        )
        .returning({ id: sessions.id });
      return rows.length > 0;
    },

    async updateSession(
      id: string,
      changes: Partial<
        Pick<
          AnnotationAuditSession,
          | "status"
          | "totalAnnotations"
          | "processedAnnotations"
          | "skippedAnnotations"
          | "lastStep"
          | "errorMessage"
          | "errorStack"
          | "completedAt"
        >
      >,
    ): Promise<void> {
      await db.update(sessions).set(changes).where(eq(sessions.id, id));
    },

    /**
     * Stores one reviewed batch and moves the progress on, together: a batch is either saved
     * with its progress or not at all, so a resumed audit never doubles a suggestion.
     */
    async saveBatch(
      id: string,
      batch: {
        suggestions: NewSuggestion[];
        processedAnnotations: number;
        skipped: number;
        lastStep: string;
      },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        if (batch.suggestions.length > 0) {
          await tx
            .insert(suggestions)
            .values(batch.suggestions.map((suggestion) => ({ ...suggestion, auditSessionId: id })))
            .onConflictDoNothing({
              target: [suggestions.auditSessionId, suggestions.annotationId],
            });
        }
        await tx
          .update(sessions)
          .set({
            processedAnnotations: batch.processedAnnotations,
            skippedAnnotations: sql`${sessions.skippedAnnotations} + ${batch.skipped}`,
            lastStep: batch.lastStep,
          })
          .where(eq(sessions.id, id));
      });
    },

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

    /**
     * What became of a claimed suggestion: applied, failed, or accepted again with the reason it
     * is not applied yet (Google did not confirm the change, which is not there now), so the next
     * apply tries it again.
     */
    /** Records the category an apply made for a suggestion, while this apply holds it. */
    async linkCategory(id: string, categoryId: string): Promise<void> {
      await db
        .update(suggestions)
        .set({ modifiedCategoryId: categoryId })
        .where(and(eq(suggestions.id, id), eq(suggestions.status, "applying")));
    },

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

export type AuditsRepository = ReturnType<typeof createAuditsRepository>;
