import { and, desc, eq, sql } from "drizzle-orm";
import { batchedPairLookup } from "../../db/batched-lookup.js";
import type { Db } from "../../db/database.js";
import { annotationEvents, type AnnotationEvent } from "../../db/schema/index.js";
import type { AnnotationFields } from "../../../shared/contracts/annotation-history.js";
import {
  ownChanges,
  type AnnotationKey,
  type ChangeContext,
  type DeletedRecord,
  type RecordedFields,
} from "./annotation-records-shapes.js";

/**
 * Deletions opened before their DELETE is sent: what the annotation held is kept whatever becomes
 * of the request, until the deletion is confirmed (`recordDelete`) or known never to have happened.
 */
export function createAnnotationRecordsPending(db: Db) {
  const pendingDeletes = pendingPairsLookup(db);

  async function pendingDeleteOf(key: AnnotationKey): Promise<AnnotationEvent | null> {
    const [row] = await db
      .select()
      .from(annotationEvents)
      .where(and(ownChanges(key), eq(annotationEvents.pending, true)))
      .orderBy(desc(annotationEvents.createdAt))
      .limit(1);
    return row ?? null;
  }

  return {
    /**
     * Records a deletion about to be sent, with what the annotation holds (and its copies), as a
     * pending change: its content is kept whatever becomes of the DELETE. An earlier pending
     * deletion of it by this person (an attempt whose outcome was never known) is brought up to
     * date instead. Null when no row could be written (another undo of the same change holds its
     * place): the delete then goes on as before, recorded once it is confirmed.
     */
    async openDelete(
      key: AnnotationKey,
      change: ChangeContext & { before: AnnotationFields; copies?: DeletedRecord["copies"] },
    ): Promise<string | null> {
      const before: RecordedFields = {
        ...change.before,
        ...(change.copies?.length
          ? { record: { source: null, addedAt: null, copies: change.copies } }
          : {}),
      };
      const fields = {
        source: change.source,
        before,
        after: null,
        undoesEventId: change.undoes ?? null,
        requestId: change.requestId ?? null,
        batchId: change.batchId ?? null,
      };
      const earlier = await pendingDeleteOf(key);
      if (earlier) {
        const [row] = await db
          .update(annotationEvents)
          .set(fields)
          .where(and(eq(annotationEvents.id, earlier.id), eq(annotationEvents.pending, true)))
          .returning({ id: annotationEvents.id });
        if (row) return row.id;
      }
      const [row] = await db
        .insert(annotationEvents)
        .values({ ...key, eventType: "deleted", pending: true, ...fields })
        .onConflictDoNothing()
        .returning({ id: annotationEvents.id });
      return row?.id ?? null;
    },

    /** This person's deletion of the annotation still pending, if any. */
    pendingDeleteOf,

    /** A pending deletion Google is known not to have carried out: it never happened. */
    async dropPendingDelete(id: string): Promise<void> {
      await db
        .delete(annotationEvents)
        .where(and(eq(annotationEvents.id, id), eq(annotationEvents.pending, true)));
    },

    /** Whether this person has deletions on the property still pending (cheap, for lists). */
    async hasPendingDeletes(userId: string, propertyId: string): Promise<boolean> {
      return (await pendingDeletes.one(userId, propertyId)) === true;
    },

    /** This person's deletions on the property still pending. */
    async pendingDeletes(userId: string, propertyId: string): Promise<AnnotationEvent[]> {
      return db
        .select()
        .from(annotationEvents)
        .where(
          and(
            eq(annotationEvents.userId, userId),
            eq(annotationEvents.propertyId, propertyId),
            eq(annotationEvents.pending, true),
          ),
        );
    },
  };
}

/**
 * Every list asks whether a deletion of the person's is still pending there: one prepared
 * statement on the partial index of pending rows, batched as the open creates' check is.
 */
function pendingPairsLookup(db: Db) {
  const pendingPairs = db
    .selectDistinct({ userId: annotationEvents.userId, propertyId: annotationEvents.propertyId })
    .from(annotationEvents)
    .where(
      and(
        sql`${annotationEvents.userId} = any(${sql.placeholder("userIds")}::uuid[])`,
        sql`${annotationEvents.propertyId} = any(${sql.placeholder("propertyIds")}::text[])`,
        sql`${annotationEvents.pending}`,
      ),
    )
    .prepare("annotation_events_pending_pairs");
  return batchedPairLookup({
    load: (userIds, propertyIds) => pendingPairs.execute({ userIds, propertyIds }),
    pairOf: (row) => [row.userId, row.propertyId],
    valueOf: () => true,
  });
}
