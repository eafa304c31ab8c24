import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { annotationEvents } from "../../db/schema/index.js";
import { changesWhere, firstChange } from "./annotation-records-changes.js";
import { ownChanges, type AnnotationKey, type ChangeRow } from "./annotation-records-shapes.js";

/** Restores are followed this many annotations back when a history is read. */
const maxRestoresFollowed = 20;

/**
 * Google gives a restored annotation a new id, so a restore is a create linked to the deletion it
 * undoes: this part makes that link, finds a restore again by its request, and reads a history
 * back across it.
 */
export function createAnnotationRecordsRestores(db: Db) {
  /** The annotation a restore's deletion removed, when it is another than the one read. */
  async function restoredFrom(deletionId: string, readingId: string): Promise<string | null> {
    const [deletion] = await db
      .select({ annotationId: annotationEvents.annotationId })
      .from(annotationEvents)
      .where(eq(annotationEvents.id, deletionId));
    return deletion && deletion.annotationId !== readingId ? deletion.annotationId : null;
  }

  return {
    /** This person's restore made under a request id, if any (a retry gets its answer again). */
    async restoreByRequest(userId: string, requestId: string): Promise<ChangeRow | null> {
      return firstChange(
        db,
        and(
          eq(annotationEvents.userId, userId),
          eq(annotationEvents.requestId, requestId),
          isNotNull(annotationEvents.restoresEventId),
        ),
      );
    },

    /**
     * Marks the create that restored a deleted annotation as the undo of that deletion. The
     * restore is made through the ordinary create path (with its request id), which records a
     * plain create; this names what it undid. False when the deletion is undone already.
     */
    async markRestore(
      key: AnnotationKey,
      undoes: string,
      requestId: string | undefined,
    ): Promise<boolean> {
      const rows = await db
        .update(annotationEvents)
        .set({ undoesEventId: undoes, requestId: requestId ?? null })
        .where(
          and(
            ownChanges(key),
            eq(annotationEvents.eventType, "created"),
            isNull(annotationEvents.undoesEventId),
            sql`not exists (select 1 from ${annotationEvents} as undo where undo.undoes_event_id = ${undoes})`,
          ),
        )
        .returning({ id: annotationEvents.id });
      return rows.length > 0;
    },

    /**
     * This person's changes to an annotation, newest first, and, when it was restored after a
     * deletion, those of the annotation it was restored from (Google gives a restore a new id).
     */
    async history(key: AnnotationKey): Promise<ChangeRow[]> {
      const found: ChangeRow[] = [];
      let annotationId: string | null = key.annotationId;
      for (let step = 0; annotationId !== null && step < maxRestoresFollowed; step++) {
        const rows: ChangeRow[] = await changesWhere(
          db,
          ownChanges({ ...key, annotationId }),
        ).orderBy(desc(annotationEvents.createdAt), desc(annotationEvents.id));
        found.push(...rows);
        const restore = rows.find((row) => row.eventType === "created" && row.undoesEventId);
        annotationId = restore?.undoesEventId
          ? await restoredFrom(restore.undoesEventId, key.annotationId)
          : null;
      }
      return found;
    },
  };
}
