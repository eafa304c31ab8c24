import { and, desc, eq, getTableColumns, inArray, isNull, or, sql } from "drizzle-orm";
import { batchedPairLookup } from "../../db/batched-lookup.js";
import type { Db } from "../../db/database.js";
import { isPostgresError, postgresErrorCodes } from "../../db/postgres-errors.js";
import {
  annotationEvents,
  annotationMetadata,
  sharedAnnotationMetadata,
  type AnnotationEvent,
  type AnnotationEventType,
} from "../../db/schema/index.js";
import type { AnnotationFields } from "../../../shared/contracts/annotation-history.js";
import type { CreateRequestExtras } from "../../db/schema/index.js";
import type { AnnotationExtras, AnnotationSource } from "../../../shared/contracts/annotations.js";

const categoryForeignKey = "annotation_metadata_category_id_annotation_categories_id_fk";

/** One person's view of one annotation: categories are per person, so is every change. */
export interface AnnotationKey {
  userId: string;
  propertyId: string;
  annotationId: string;
}

type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Google's fields of an annotation as a change records them; the category is added here. */
export type GoogleFields = Omit<AnnotationFields, "categoryId">;

/** How a change came about, recorded with it. */
export interface ChangeContext {
  /** Where it was asked for (the table, the assistant, an audit); null when the caller did not say. */
  source: AnnotationSource | null;
  /** The change this one undoes, when it is an undo. */
  undoes?: string;
  /** The caller's id for that undo. */
  requestId?: string;
  /** The bulk action (its request id) this change is one row of. */
  batchId?: string;
}

/** A recorded change, with the change that undid it if any. */
export type ChangeRow = AnnotationEvent & { undoneBy: string | null };

/**
 * The outer row's id inside a subquery of the same table. Written out with its table because
 * Drizzle leaves a one-table select's columns unqualified, which the subquery would read as its own.
 */
const outerEventId = sql`"annotation_events"."id"`;

/** Restores are followed this many annotations back when a history is read. */
const maxRestoresFollowed = 20;

/**
 * What Tidemark keeps about annotations besides Google: each person's categories, what it knows
 * of the annotation itself (where it came from, when it was added), and a change log.
 */
export function createAnnotationRecordsRepository(db: Db) {
  // Every list reads these two: one prepared statement each for any number of annotations,
  // batched across concurrent requests, on their (person, property, annotation) and (property,
  // annotation) keys. A batch may mix people and properties, so it asks for their cross product
  // and keeps the pairs it wanted.
  const categoriesByIds = db
    .select({
      userId: annotationMetadata.userId,
      propertyId: annotationMetadata.propertyId,
      annotationId: annotationMetadata.annotationId,
      categoryId: annotationMetadata.categoryId,
    })
    .from(annotationMetadata)
    .where(
      and(
        sql`${annotationMetadata.userId} = any(${sql.placeholder("userIds")}::uuid[])`,
        sql`${annotationMetadata.propertyId} = any(${sql.placeholder("propertyIds")}::text[])`,
        sql`${annotationMetadata.annotationId} = any(${sql.placeholder("annotationIds")}::text[])`,
      ),
    )
    .prepare("annotation_metadata_by_ids");
  const categories = batchedPairLookup({
    load: (owners, annotationIds) =>
      categoriesByIds.execute({
        userIds: [...new Set(owners.map((owner) => splitOwner(owner)[0]))],
        propertyIds: [...new Set(owners.map((owner) => splitOwner(owner)[1]))],
        annotationIds,
      }),
    pairOf: (row) => [ownerKey(row.userId, row.propertyId), row.annotationId],
    valueOf: (row) => row.categoryId,
    maxBatch: 2_000,
  });
  const sharedByIds = db
    .select({
      propertyId: sharedAnnotationMetadata.propertyId,
      annotationId: sharedAnnotationMetadata.annotationId,
      source: sharedAnnotationMetadata.source,
      addedAt: sharedAnnotationMetadata.addedAt,
    })
    .from(sharedAnnotationMetadata)
    .where(
      and(
        sql`${sharedAnnotationMetadata.propertyId} = any(${sql.placeholder("propertyIds")}::text[])`,
        sql`${sharedAnnotationMetadata.annotationId} = any(${sql.placeholder("annotationIds")}::text[])`,
      ),
    )
    .prepare("shared_annotation_metadata_by_ids");
  const shared = batchedPairLookup({
    load: (propertyIds, annotationIds) => sharedByIds.execute({ propertyIds, annotationIds }),
    pairOf: (row) => [row.propertyId, row.annotationId],
    valueOf: (row): SharedRecord => ({ source: row.source, addedAt: row.addedAt }),
    maxBatch: 2_000,
  });

  return {
    /** Tidemark's fields of these annotations for this person, one for every id asked. */
    async extrasFor(
      userId: string,
      propertyId: string,
      annotationIds: string[],
    ): Promise<Map<string, AnnotationExtras>> {
      if (annotationIds.length === 0) return new Map();
      const [categoryIds, records] = await Promise.all([
        categories.many(ownerKey(userId, propertyId), annotationIds),
        shared.many(propertyId, annotationIds),
      ]);
      return new Map(
        annotationIds.map((id) => [
          id,
          extrasOf(categoryIds.get(id) ?? null, records.get(id) ?? null),
        ]),
      );
    },

    /**
     * Which of these annotations anyone's Tidemark already knows (made or categorised), so a
     * lost create never claims an annotation someone else made. Says nothing of their categories.
     */
    async knownToAnyone(propertyId: string, annotationIds: string[]): Promise<Set<string>> {
      if (annotationIds.length === 0) return new Set();
      const rows = await db
        .select({ annotationId: sharedAnnotationMetadata.annotationId })
        .from(sharedAnnotationMetadata)
        .where(
          and(
            eq(sharedAnnotationMetadata.propertyId, propertyId),
            inArray(sharedAnnotationMetadata.annotationId, annotationIds),
          ),
        )
        .union(
          db
            .select({ annotationId: annotationMetadata.annotationId })
            .from(annotationMetadata)
            .where(
              and(
                eq(annotationMetadata.propertyId, propertyId),
                inArray(annotationMetadata.annotationId, annotationIds),
              ),
            ),
        );
      return new Set(rows.map((row) => row.annotationId));
    },

    /** Whether this person ever changed the annotation through Tidemark (so it existed). */
    async changedBefore(userId: string, propertyId: string, annotationId: string) {
      const [row] = await db
        .select({ id: annotationEvents.id })
        .from(annotationEvents)
        .where(
          and(
            eq(annotationEvents.userId, userId),
            eq(annotationEvents.propertyId, propertyId),
            eq(annotationEvents.annotationId, annotationId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * An annotation Tidemark made: its record (how and when, kept from the first claim should
     * two ever claim it), the person's category, and the change.
     */
    async recordCreate(
      key: AnnotationKey,
      extras: CreateRequestExtras,
      fields: GoogleFields,
    ): Promise<{ extras: AnnotationExtras; changeId: string | null }> {
      return withCategoryFallback(extras.categoryId, (categoryId) =>
        db.transaction(async (tx) => {
          const changeId = await logChange(
            tx,
            key,
            "created",
            { source: extras.source },
            {
              before: null,
              after: { ...fields, categoryId },
            },
          );
          // A person's row exists only for a category they chose.
          if (categoryId !== null) await setCategory(tx, key, categoryId);
          const [record] = await tx
            .insert(sharedAnnotationMetadata)
            .values({
              propertyId: key.propertyId,
              annotationId: key.annotationId,
              source: extras.source,
              // A restore keeps the day the annotation was first added (none if made elsewhere).
              addedAt:
                extras.addedAt === undefined
                  ? new Date()
                  : extras.addedAt === null
                    ? null
                    : new Date(extras.addedAt),
            })
            .onConflictDoUpdate({
              target: [sharedAnnotationMetadata.propertyId, sharedAnnotationMetadata.annotationId],
              set: { propertyId: key.propertyId },
            })
            .returning({
              source: sharedAnnotationMetadata.source,
              addedAt: sharedAnnotationMetadata.addedAt,
            });
          return { extras: extrasOf(categoryId, record ?? null), changeId };
        }),
      );
    },

    /**
     * A change to an annotation; `categoryId` undefined leaves the category, null clears it.
     * `before` is what it held before (with the category), `after` Google's fields after. The
     * change id is null only when it was an undo that another undo of the same change beat.
     */
    async recordUpdate(
      key: AnnotationKey,
      categoryId: string | null | undefined,
      change: ChangeContext & { before: AnnotationFields; after: GoogleFields },
    ): Promise<{ extras: AnnotationExtras; changeId: string | null }> {
      return withCategoryFallback(categoryId, (category) =>
        db.transaction(async (tx) => {
          if (category !== undefined) await setCategory(tx, key, category);
          const extras = await readExtras(tx, key);
          const changeId = await logChange(tx, key, "updated", change, {
            before: change.before,
            after: { ...change.after, categoryId: extras.categoryId },
          });
          return { extras, changeId };
        }),
      );
    },

    /**
     * A deleted annotation is gone from Google for everyone, so every person's category for it
     * goes with it, and so does what Tidemark knew of it.
     */
    async recordDelete(
      key: AnnotationKey,
      change: ChangeContext & {
        before: AnnotationFields | null;
        /** Its copies on other properties (decision 0058), for a restore to rejoin. */
        copies?: DeletedRecord["copies"];
      },
    ): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [record] = await tx
          .delete(sharedAnnotationMetadata)
          .where(sharedRecord(key))
          .returning({
            source: sharedAnnotationMetadata.source,
            addedAt: sharedAnnotationMetadata.addedAt,
          });
        // What Tidemark knew of it goes into the deletion, so undoing it makes the same annotation.
        const before: RecordedFields | null = change.before && {
          ...change.before,
          record: {
            ...recordedOf(record ?? null),
            ...(change.copies?.length ? { copies: change.copies } : {}),
          },
        };
        const changeId = await logChange(tx, key, "deleted", change, { before, after: null });
        await tx.delete(annotationMetadata).where(everyonesCategories(key));
        return changeId;
      });
    },

    /** One of this person's changes on a property. */
    async findChange(userId: string, propertyId: string, changeId: string) {
      const [row] = await changes()
        .where(
          and(
            eq(annotationEvents.userId, userId),
            eq(annotationEvents.propertyId, propertyId),
            eq(annotationEvents.id, changeId),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /**
     * The person's newest change on a property that "undo" reverts: one that is not itself an
     * undo, has not been undone, and was recorded with its fields. So "undo" again walks back
     * through their changes; undoing an undo (redo) takes its id.
     */
    async lastUndoable(userId: string, propertyId: string): Promise<ChangeRow | null> {
      const [row] = await changes()
        .where(
          and(
            eq(annotationEvents.userId, userId),
            eq(annotationEvents.propertyId, propertyId),
            isNull(annotationEvents.undoesEventId),
            sql`not exists (select 1 from ${annotationEvents} as undo where undo.undoes_event_id = ${outerEventId})`,
            or(
              and(
                eq(annotationEvents.eventType, "created"),
                sql`${annotationEvents.after} is not null`,
              ),
              and(
                eq(annotationEvents.eventType, "updated"),
                sql`${annotationEvents.before} is not null`,
                sql`${annotationEvents.after} is not null`,
              ),
              and(
                eq(annotationEvents.eventType, "deleted"),
                sql`${annotationEvents.before} is not null`,
              ),
            ),
          ),
        )
        .orderBy(desc(annotationEvents.createdAt), desc(annotationEvents.id))
        .limit(1);
      return row ?? null;
    },

    /** This person's changes made as rows of one bulk action, newest first. */
    async batchChanges(userId: string, batchId: string): Promise<ChangeRow[]> {
      return changes()
        .where(and(eq(annotationEvents.userId, userId), eq(annotationEvents.batchId, batchId)))
        .orderBy(desc(annotationEvents.createdAt), desc(annotationEvents.id));
    },

    /** The change that undid this one, if any. */
    async undoOf(changeId: string): Promise<ChangeRow | null> {
      const [row] = await changes().where(eq(annotationEvents.undoesEventId, changeId)).limit(1);
      return row ?? null;
    },

    /** The change that recorded this annotation's create by this person, if Tidemark made it. */
    async createdChange(key: AnnotationKey): Promise<ChangeRow | null> {
      const [row] = await changes()
        .where(and(ownChanges(key), eq(annotationEvents.eventType, "created")))
        .orderBy(desc(annotationEvents.createdAt))
        .limit(1);
      return row ?? null;
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
        const rows: ChangeRow[] = await changes()
          .where(ownChanges({ ...key, annotationId }))
          .orderBy(desc(annotationEvents.createdAt), desc(annotationEvents.id));
        found.push(...rows);
        const restore = rows.find((row) => row.eventType === "created" && row.undoesEventId);
        annotationId = null;
        if (restore?.undoesEventId) {
          const [deletion] = await db
            .select({ annotationId: annotationEvents.annotationId })
            .from(annotationEvents)
            .where(eq(annotationEvents.id, restore.undoesEventId));
          if (deletion && deletion.annotationId !== key.annotationId)
            annotationId = deletion.annotationId;
        }
      }
      return found;
    },
  };

  /** Changes with the id of the change that undid each, if any. */
  function changes() {
    return db
      .select({
        ...getTableColumns(annotationEvents),
        undoneBy: sql<
          string | null
        >`(select undo.id from ${annotationEvents} as undo where undo.undoes_event_id = ${outerEventId})`,
      })
      .from(annotationEvents)
      .$dynamic();
  }

  /**
   * The category was deleted between the check and this write: the change stands and, as with
   * any deleted category, the annotation is left without one.
   */
  async function withCategoryFallback<Category extends string | null | undefined, Result>(
    categoryId: Category,
    write: (categoryId: Category | null) => Promise<Result>,
  ): Promise<Result> {
    try {
      return await write(categoryId);
    } catch (error) {
      if (
        categoryId &&
        isPostgresError(error, postgresErrorCodes.foreignKeyViolation, categoryForeignKey)
      )
        return write(null);
      throw error;
    }
  }

  /**
   * Records a change; null when it is an undo of a change another undo got to first (the unique
   * index on what an undo undoes), so a change is undone once.
   */
  async function logChange(
    tx: Transaction,
    key: AnnotationKey,
    eventType: AnnotationEventType,
    context: ChangeContext,
    fields: { before: AnnotationFields | null; after: AnnotationFields | null },
  ): Promise<string | null> {
    const [row] = await tx
      .insert(annotationEvents)
      .values({
        ...key,
        eventType,
        source: context.source,
        ...fields,
        undoesEventId: context.undoes ?? null,
        requestId: context.requestId ?? null,
        batchId: context.batchId ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: annotationEvents.id });
    return row?.id ?? null;
  }

  async function setCategory(tx: Transaction, key: AnnotationKey, categoryId: string | null) {
    await tx
      .insert(annotationMetadata)
      .values({ ...key, categoryId })
      .onConflictDoUpdate({
        target: [
          annotationMetadata.userId,
          annotationMetadata.propertyId,
          annotationMetadata.annotationId,
        ],
        set: { categoryId },
      });
  }

  async function readExtras(tx: Transaction, key: AnnotationKey): Promise<AnnotationExtras> {
    const [category] = await tx
      .select({ categoryId: annotationMetadata.categoryId })
      .from(annotationMetadata)
      .where(and(eq(annotationMetadata.userId, key.userId), everyonesCategories(key)));
    const [record] = await tx
      .select({
        source: sharedAnnotationMetadata.source,
        addedAt: sharedAnnotationMetadata.addedAt,
      })
      .from(sharedAnnotationMetadata)
      .where(sharedRecord(key));
    return extrasOf(category?.categoryId ?? null, record ?? null);
  }
}

function ownChanges(key: AnnotationKey) {
  return and(
    eq(annotationEvents.userId, key.userId),
    eq(annotationEvents.propertyId, key.propertyId),
    eq(annotationEvents.annotationId, key.annotationId),
  );
}

function everyonesCategories(key: AnnotationKey) {
  return and(
    eq(annotationMetadata.propertyId, key.propertyId),
    eq(annotationMetadata.annotationId, key.annotationId),
  );
}

function sharedRecord(key: AnnotationKey) {
  return and(
    eq(sharedAnnotationMetadata.propertyId, key.propertyId),
    eq(sharedAnnotationMetadata.annotationId, key.annotationId),
  );
}

/** What Tidemark knows of an annotation itself; none for one made outside Tidemark. */
type SharedRecord = { source: AnnotationSource | null; addedAt: Date | null };

/**
 * Tidemark's own record of a deleted annotation (where it came from, when it was added), kept in
 * the deletion's `before` beside its fields so that undoing the deletion makes it again as it was.
 * Not part of a change as the history answers it (`toChange` leaves it out).
 */
export interface DeletedRecord {
  source: AnnotationSource | null;
  addedAt: string | null;
  /** Its copies on other properties when it was deleted (decision 0058). */
  copies?: { propertyId: string; annotationId: string }[];
}
export type RecordedFields = AnnotationFields & { record?: DeletedRecord };

function recordedOf(record: SharedRecord | null): DeletedRecord {
  const extras = extrasOf(null, record);
  return { source: extras.source, addedAt: extras.dateAdded };
}

/** The record a deletion kept, if it kept one (deletions recorded before it did have none). */
export function deletedRecordOf(before: AnnotationFields | null): DeletedRecord | null {
  return (before as RecordedFields | null)?.record ?? null;
}

function extrasOf(categoryId: string | null, record: SharedRecord | null): AnnotationExtras {
  return {
    categoryId,
    // Tidemark records every annotation it makes, so one without a record was made elsewhere.
    source: record ? record.source : "google",
    dateAdded: record?.addedAt?.toISOString() ?? null,
  };
}

/** People and properties batch together, so the lookup's first key carries both. */
const ownerSeparator = "/";

function ownerKey(userId: string, propertyId: string) {
  return `${userId}${ownerSeparator}${propertyId}`;
}

function splitOwner(owner: string): [string, string] {
  const at = owner.indexOf(ownerSeparator);
  return [owner.slice(0, at), owner.slice(at + 1)];
}

export type AnnotationRecordsRepository = ReturnType<typeof createAnnotationRecordsRepository>;
