import { and, desc, eq, getTableColumns, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { annotationEvents } from "../../db/schema/index.js";
import { ownChanges, type AnnotationKey, type ChangeRow } from "./annotation-records-shapes.js";

/**
 * The outer row's id inside a subquery of the same table. Written out with its table because
 * Drizzle leaves a one-table select's columns unqualified, which the subquery would read as its own.
 */
const outerEventId = sql`"annotation_events"."id"`;

/**
 * A change "undo" can revert: not itself an undo, not undone, and recorded with the fields it
 * needs to be put back (a change from before fields were recorded cannot be).
 */
const undoable = and(
  isNull(annotationEvents.undoesEventId),
  sql`not exists (select 1 from ${annotationEvents} as undo where undo.undoes_event_id = ${outerEventId} and not undo.pending)`,
  or(
    and(eq(annotationEvents.eventType, "created"), sql`${annotationEvents.after} is not null`),
    and(
      eq(annotationEvents.eventType, "updated"),
      sql`${annotationEvents.before} is not null`,
      sql`${annotationEvents.after} is not null`,
    ),
    and(eq(annotationEvents.eventType, "deleted"), sql`${annotationEvents.before} is not null`),
  ),
);

/**
 * Changes with the id of the change that undid each, if any. A deletion still pending is no
 * change yet (its DELETE may not have happened), so it is never one of them.
 */
export function changesWhere(db: Db, where: SQL | undefined) {
  return db
    .select({
      ...getTableColumns(annotationEvents),
      undoneBy: sql<
        string | null
      >`(select undo.id from ${annotationEvents} as undo where undo.undoes_event_id = ${outerEventId} and not undo.pending)`,
    })
    .from(annotationEvents)
    .where(and(eq(annotationEvents.pending, false), where))
    .$dynamic();
}

/** One change found by `where`, if any. */
export async function firstChange(db: Db, where: SQL | undefined): Promise<ChangeRow | null> {
  const [row] = await changesWhere(db, where).limit(1);
  return row ?? null;
}

/** The change log as undo reads it: one change, the last undoable, a bulk action's rows. */
export function createAnnotationRecordsChanges(db: Db) {
  return {
    /** One of this person's changes on a property. */
    async findChange(userId: string, propertyId: string, changeId: string) {
      return firstChange(
        db,
        and(
          eq(annotationEvents.userId, userId),
          eq(annotationEvents.propertyId, propertyId),
          eq(annotationEvents.id, changeId),
        ),
      );
    },

    /**
     * The person's newest change on a property that "undo" reverts: one that is not itself an
     * undo, has not been undone, and was recorded with its fields. So "undo" again walks back
     * through their changes; undoing an undo (redo) takes its id.
     */
    async lastUndoable(userId: string, propertyId: string): Promise<ChangeRow | null> {
      const [row] = await changesWhere(
        db,
        and(
          eq(annotationEvents.userId, userId),
          eq(annotationEvents.propertyId, propertyId),
          undoable,
        ),
      )
        .orderBy(desc(annotationEvents.createdAt), desc(annotationEvents.id))
        .limit(1);
      return row ?? null;
    },

    /** This person's changes made as rows of one bulk action, newest first. */
    async batchChanges(userId: string, batchId: string): Promise<ChangeRow[]> {
      return changesWhere(
        db,
        and(eq(annotationEvents.userId, userId), eq(annotationEvents.batchId, batchId)),
      ).orderBy(desc(annotationEvents.createdAt), desc(annotationEvents.id));
    },

    /** The change that undid this one, if any. */
    async undoOf(changeId: string): Promise<ChangeRow | null> {
      return firstChange(db, eq(annotationEvents.undoesEventId, changeId));
    },

    /** The change that recorded this annotation's create by this person, if Tidemark made it. */
    async createdChange(key: AnnotationKey): Promise<ChangeRow | null> {
      const [row] = await changesWhere(
        db,
        and(ownChanges(key), eq(annotationEvents.eventType, "created")),
      )
        .orderBy(desc(annotationEvents.createdAt))
        .limit(1);
      return row ?? null;
    },
  };
}
