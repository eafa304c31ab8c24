import { z } from "zod";
import { annotation, annotationSources } from "./annotations.js";

/**
 * What a change recorded of an annotation, before and after it: the fields a person can change
 * (Google's, and their own category). Enough to put the annotation back as it was, or to make it
 * again after a deletion.
 */
export const annotationFields = annotation.pick({
  title: true,
  description: true,
  color: true,
  annotationDate: true,
  annotationDateRange: true,
  categoryId: true,
});
export type AnnotationFields = z.infer<typeof annotationFields>;

export const annotationChangeKinds = ["created", "updated", "deleted"] as const;
export type AnnotationChangeKind = (typeof annotationChangeKinds)[number];

/** The changes Tidemark records are each person's own; the history shows only your own. */
export const annotationChange = z.object({
  changeId: z.uuid(),
  propertyId: z.string(),
  annotationId: z.string(),
  kind: z.enum(annotationChangeKinds),
  /** Where it was made: the table ("tidemark"), the assistant, an audit; null before it was recorded. */
  source: z.enum(annotationSources).nullable(),
  /** When (ISO 8601). */
  at: z.iso.datetime(),
  /** Null for a create, and for changes recorded before Tidemark kept the fields. */
  before: annotationFields.nullable(),
  /** Null for a deletion, and for changes recorded before Tidemark kept the fields. */
  after: annotationFields.nullable(),
  /** The change this one undid, when it is an undo. */
  undoes: z.uuid().nullable(),
  /** The change that undid this one, if any. */
  undoneBy: z.uuid().nullable(),
  /**
   * The change whose version this one put back, when it is a Restore from the history: an edit
   * that made the annotation read as that change left it.
   */
  restores: z.uuid().nullable(),
});
export type AnnotationChange = z.infer<typeof annotationChange>;

/** Newest first: the annotation's changes, and those of the annotation it was restored from. */
export const annotationHistoryResponse = z.object({
  changes: z.array(annotationChange),
  /**
   * The person's name for each category the changes name, by id, so a change of category reads
   * from one name to another. A category deleted since is not in it.
   */
  categoryNames: z.record(z.string(), z.string()),
});
export type AnnotationHistoryResponse = z.infer<typeof annotationHistoryResponse>;

/**
 * Restore one entry of an annotation's history: the annotation is made to read as that change
 * left it (a deletion's entry brings the annotation back), and the restore is a change of its own.
 */
export const restoreVersionRequest = z.strictObject({
  /**
   * Our identity for this restore, chosen by the caller once: the same id again (a retry after a
   * lost answer) is answered with the first restore's result and changes nothing more.
   */
  requestId: z.uuid({ message: "That is not a valid request ID" }).optional(),
});
export type RestoreVersionRequest = z.infer<typeof restoreVersionRequest>;

export const undoChangeRequest = z.strictObject({
  /**
   * Our identity for this undo, chosen by the caller once: the same id again (a retry after a
   * lost answer) is answered with the first undo's result instead of "already undone".
   */
  requestId: z.uuid({ message: "That is not a valid request ID" }).optional(),
  /**
   * Undoing a create deletes the annotation: the caller asks the person first and says so here.
   * Without it, such an undo is refused with `confirmation_required` and nothing is written.
   */
  confirm: z.boolean().optional(),
});
export type UndoChangeRequest = z.infer<typeof undoChangeRequest>;

export const undoChangeResponse = z.object({
  /** The change the undo made (itself undoable: undoing it redoes the original). */
  change: annotationChange,
  /** The annotation as it is now; null when the undo removed it. */
  annotation: annotation.nullable(),
});
export type UndoChangeResponse = z.infer<typeof undoChangeResponse>;

/** A restore answers as an undo does: the change it recorded, and the annotation as it is now. */
export const restoreVersionResponse = undoChangeResponse;
export type RestoreVersionResponse = UndoChangeResponse;

/** A write's answer names the change it recorded, so the caller can offer to undo it. */
export const annotationWriteResponse = annotation.extend({ changeId: z.uuid().nullable() });
export type AnnotationWriteResponse = z.infer<typeof annotationWriteResponse>;

export const annotationDeleteResponse = z.object({
  deleted: z.literal(true),
  changeId: z.uuid().nullable(),
});
export type AnnotationDeleteResponse = z.infer<typeof annotationDeleteResponse>;
