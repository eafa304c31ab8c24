import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { isPostgresError, postgresErrorCodes } from "../../db/postgres-errors.js";
import {
  annotationEvents,
  annotationMetadata,
  sharedAnnotationMetadata,
  type AnnotationEventType,
  type CreateRequestExtras,
} from "../../db/schema/index.js";
import type { AnnotationFields } from "../../../shared/contracts/annotation-history.js";
import type { AnnotationExtras } from "../../../shared/contracts/annotations.js";
import {
  everyonesCategories,
  extrasOf,
  recordedOf,
  sharedRecord,
  type AnnotationKey,
  type ChangeContext,
  type DeletedRecord,
  type GoogleFields,
  type RecordedFields,
  type Transaction,
} from "./annotation-records-shapes.js";

const categoryForeignKey = "annotation_metadata_category_id_annotation_categories_id_fk";

/**
 * A create, edit or deletion Google confirmed, recorded in one transaction with what it does to
 * the person's category and to Tidemark's record of the annotation.
 */
export function createAnnotationRecordsWrites(db: Db) {
  return {
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
          const record = await keepSharedRecord(tx, key, extras);
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
     * goes with it, and so does what Tidemark knew of it. `pendingId` is the deletion opened
     * before the DELETE was sent (`openDelete`): it becomes this deletion, once, whoever confirms
     * it (the delete itself, its retry, or a listing that no longer shows the annotation).
     */
    async recordDelete(
      key: AnnotationKey,
      change: ChangeContext & {
        before: AnnotationFields | null;
        /** Its copies on other properties (decision 0058), for a restore to rejoin. */
        copies?: DeletedRecord["copies"];
      },
      pendingId: string | null = null,
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
        let changeId: string | null = null;
        if (pendingId !== null) {
          const pending = await confirmPendingDelete(tx, pendingId, before);
          // Confirmed already by someone else: the same deletion, recorded once.
          if (pending === "confirmed before") return pendingId;
          if (pending === "confirmed now") changeId = pendingId;
        }
        changeId ??= await logChange(tx, key, "deleted", change, { before, after: null });
        await tx.delete(annotationMetadata).where(everyonesCategories(key));
        return changeId;
      });
    },
  };
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
      restoresEventId: context.restores ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: annotationEvents.id });
  return row?.id ?? null;
}

/**
 * Turns the pending deletion opened before the DELETE into the deletion itself, with what the
 * annotation held. Several may confirm it (the delete, its retry, a listing), so only the first
 * does; a row no longer there leaves the deletion to be recorded anew.
 */
async function confirmPendingDelete(
  tx: Transaction,
  pendingId: string,
  before: RecordedFields | null,
): Promise<"confirmed before" | "confirmed now" | "gone"> {
  const [pending] = await tx
    .select({ pending: annotationEvents.pending })
    .from(annotationEvents)
    .where(eq(annotationEvents.id, pendingId));
  if (!pending) return "gone";
  if (!pending.pending) return "confirmed before";
  await tx
    .update(annotationEvents)
    .set({ pending: false, ...(before ? { before } : {}) })
    .where(eq(annotationEvents.id, pendingId));
  return "confirmed now";
}

/**
 * Tidemark's record of an annotation it made. Should two ever claim the same annotation, the
 * first claim's record stands.
 */
async function keepSharedRecord(tx: Transaction, key: AnnotationKey, extras: CreateRequestExtras) {
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
  return record;
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
