import { z } from "zod";
import { annotationColors } from "../annotation-colors.js";
import { formatNumber } from "../english-format.js";
import { annotationId, propertyId } from "./annotations.js";
import { errorCodes } from "./errors.js";

/**
 * Bulk actions on selected annotations (decision 0056): one request changes many rows, each
 * through the annotations service with the same checks as a single write, and answers each row's
 * outcome; the rows it changed are undone together.
 */

/** At most this many annotations in one bulk request; a larger selection is sent in parts. */
export const maxBulkItems = 500;

export const bulkActions = ["recolor", "set-category", "clear-category", "delete"] as const;
export type BulkAction = (typeof bulkActions)[number];

/** One selected annotation; a selection may span properties. */
export const bulkAnnotationItem = z.strictObject({ propertyId, annotationId });
export type BulkAnnotationItem = z.infer<typeof bulkAnnotationItem>;

export const bulkAnnotationsRequest = z
  .strictObject({
    /**
     * The caller's id for this bulk action, chosen once: it names the batch (its undo uses it),
     * and the same request sent again changes no row twice.
     */
    requestId: z.uuid({ message: "That is not a valid request ID" }),
    action: z.enum(bulkActions, {
      message: `Action must be one of ${bulkActions.join(", ")}`,
    }),
    items: z
      .array(bulkAnnotationItem)
      .min(1, "Select at least one annotation")
      .max(maxBulkItems, `At most ${maxBulkItems} annotations at a time`),
    color: z
      .enum(annotationColors, { message: `Colour must be one of ${annotationColors.join(", ")}` })
      .optional(),
    categoryId: z.uuid({ message: "That is not a valid category" }).optional(),
  })
  .superRefine((request, context) => {
    if (request.action === "recolor" && request.color === undefined)
      context.addIssue({ code: "custom", path: ["color"], message: "Choose a colour" });
    if (request.action !== "recolor" && request.color !== undefined)
      context.addIssue({
        code: "custom",
        path: ["color"],
        message: "Only a recolour takes a colour",
      });
    if (request.action === "set-category" && request.categoryId === undefined)
      context.addIssue({ code: "custom", path: ["categoryId"], message: "Choose a category" });
    if (request.action !== "set-category" && request.categoryId !== undefined)
      context.addIssue({
        code: "custom",
        path: ["categoryId"],
        message: "Only setting a category takes a category",
      });
  });
export type BulkAnnotationsRequest = z.infer<typeof bulkAnnotationsRequest>;

/** Why one row failed, in the shared error vocabulary. */
const rowFailure = {
  code: z.enum(errorCodes).optional(),
  error: z.string(),
};

export const bulkRowResult = z.discriminatedUnion("status", [
  z.object({
    ...bulkAnnotationItem.shape,
    status: z.literal("changed"),
    /** The change recorded for the row; null when there was nothing to record (gone already). */
    changeId: z.uuid().nullable(),
  }),
  z.object({ ...bulkAnnotationItem.shape, status: z.literal("failed"), ...rowFailure }),
]);
export type BulkRowResult = z.infer<typeof bulkRowResult>;

export const bulkAnnotationsResponse = z.object({
  /** The request's id: the batch to undo. */
  batchId: z.uuid(),
  action: z.enum(bulkActions),
  changed: z.number().int(),
  failed: z.number().int(),
  /** One per distinct item, in the request's order. */
  results: z.array(bulkRowResult),
});
export type BulkAnnotationsResponse = z.infer<typeof bulkAnnotationsResponse>;

/**
 * A row of a batch's undo. "undone" only once Google is known to hold the undo; "unconfirmed"
 * when Google's answer was lost and it could not yet be read back (or another undo of it is at
 * Google now); "failed" when it was refused. A row not undone stays undoable: undoing the batch
 * again tries just those rows.
 */
export const bulkUndoRowResult = z.discriminatedUnion("status", [
  z.object({
    ...bulkAnnotationItem.shape,
    /** The annotation's title as the change recorded it. */
    title: z.string().nullable(),
    status: z.literal("undone"),
  }),
  z.object({
    ...bulkAnnotationItem.shape,
    title: z.string().nullable(),
    status: z.literal("unconfirmed"),
    ...rowFailure,
  }),
  z.object({
    ...bulkAnnotationItem.shape,
    title: z.string().nullable(),
    status: z.literal("failed"),
    ...rowFailure,
  }),
]);
export type BulkUndoRowResult = z.infer<typeof bulkUndoRowResult>;

export const bulkUndoResponse = z.object({
  batchId: z.uuid(),
  undone: z.number().int(),
  unconfirmed: z.number().int(),
  failed: z.number().int(),
  /** One per row the batch changed, newest change first (the order they were undone in). */
  results: z.array(bulkUndoRowResult),
});
export type BulkUndoResponse = z.infer<typeof bulkUndoResponse>;

/**
 * What a row that worked is called in a run's report, by action ('3 deleted', '3 recoloured'):
 * a deletion is not a change of the annotation, and its report says what it did.
 */
export const bulkDoneWords: Record<BulkAction, string> = {
  recolor: "recoloured",
  "set-category": "changed",
  "clear-category": "changed",
  delete: "deleted",
};

/** Failed rows named in a summary; the rest are counted. */
const namedFailures = 3;

/**
 * A run's outcome in one line: '18 changed, 2 failed: “Spring sale” (Google Analytics is busy…);
 * “Launch” (…)'. `done` is the word for a row that worked ("changed", "undone"); `unconfirmed`
 * counts rows Google has not confirmed either way ('4 undone, 1 not confirmed yet').
 */
export function bulkSummary(
  done: { count: number; word: string },
  failures: { title: string; error: string }[],
  unconfirmed = 0,
): string {
  const head =
    `${formatNumber(done.count)} ${done.word}` +
    (unconfirmed > 0 ? `, ${formatNumber(unconfirmed)} not confirmed yet` : "");
  if (failures.length === 0) return head;
  const named = failures
    .slice(0, namedFailures)
    .map((failure) => `“${failure.title}” (${failure.error})`);
  const more = failures.length - named.length;
  return `${head}, ${formatNumber(failures.length)} failed: ${named.join("; ")}${
    more > 0 ? `; and ${formatNumber(more)} more` : ""
  }`;
}
