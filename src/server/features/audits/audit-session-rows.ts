import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { isPostgresError, postgresErrorCodes } from "../../db/postgres-errors.js";
import {
  annotationAuditSessions as sessions,
  annotationSuggestions as suggestions,
  type AnnotationAuditSession,
} from "../../db/schema/index.js";

export type NewSuggestion = Omit<
  typeof suggestions.$inferInsert,
  "id" | "auditSessionId" | "createdAt" | "updatedAt" | "status"
>;

/** Audits started, found and listed. */
export function createAuditSessionReads(db: Db) {
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
  };
}

/** An audit's progress, moved on together with the suggestions each batch made. */
export function createAuditSessionProgress(db: Db) {
  return {
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
  };
}
