import { z } from "zod";
import {
  bulkAnnotationsRequest,
  bulkAnnotationsResponse,
  bulkUndoResponse,
} from "../../shared/contracts/bulk-annotations.js";
import { defineOperation } from "./operation.js";

export const applyBulkAction = defineOperation({
  name: "applyBulkAction",
  title: "Change or delete many annotations",
  description:
    "One action (recolor, set-category, clear-category, delete) on up to 500 annotations across the person's properties, each row answered on its own; the answer's batchId undoes the whole batch. Changes and deletions are Premium.",
  scope: "annotations:write",
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: true },
  params: {},
  body: bulkAnnotationsRequest,
  bodyField: "action",
  output: bulkAnnotationsResponse,
  rest: { method: "POST", path: "/api/v1/annotations/bulk", status: 200 },
  page: { method: "POST", path: "/api/annotations/bulk", status: 200 },
  run: (services, { user, via }, { body }) => services.bulk.apply(user, body, via),
});

export const undoBulkAction = defineOperation({
  name: "undoBulkAction",
  title: "Undo a bulk action",
  description:
    "Undoes a bulk action by its batchId, row by row: a row whose undo failed stays undoable, and another call retries only those rows.",
  scope: "annotations:write",
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: true },
  params: {
    batchId: z
      .uuid({ message: "That is not a valid bulk action ID" })
      .describe("The batchId a bulk action answered with"),
  },
  output: bulkUndoResponse,
  rest: { method: "POST", path: "/api/v1/annotations/bulk/{batchId}/undo", status: 200 },
  page: { method: "POST", path: "/api/annotations/bulk/{batchId}/undo", status: 200 },
  run: (services, { user, via }, { params }) => services.bulk.undo(user, params.batchId, via),
});
