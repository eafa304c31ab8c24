import { annotationHistoryResponse } from "../../shared/contracts/annotation-history.js";
import { defineOperation } from "./operation.js";
import { annotationParams, count, readsTidemark } from "./params.js";

export const getAnnotationHistory = defineOperation({
  name: "getAnnotationHistory",
  title: "Read an annotation's history",
  description:
    "The person's changes to one annotation through Tidemark, newest first: each with its fields before and after, when, where it was made, and its changeId (for restoreAnnotationVersion); categories are named in categoryNames. Changes made in Google Analytics itself are not in it.",
  scope: "annotations:read",
  hints: readsTidemark,
  params: annotationParams,
  output: annotationHistoryResponse,
  rest: {
    method: "GET",
    path: "/api/v1/properties/{propertyId}/annotations/{annotationId}/history",
    status: 200,
  },
  page: {
    method: "GET",
    path: "/api/annotations/{propertyId}/{annotationId}/history",
    status: 200,
  },
  mcp: {
    tool: "annotation_history",
    carriesGa4Text: true,
    summary: ({ changes }) =>
      changes.length === 0
        ? "No changes made in Tidemark yet."
        : `${count(changes.length, "change")}, newest first.`,
  },
  run: (services, { user }, { params }) =>
    services.annotations.history(user, params.propertyId, params.annotationId),
});
