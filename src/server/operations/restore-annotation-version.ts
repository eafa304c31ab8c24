import {
  restoreVersionRequest,
  restoreVersionResponse,
} from "../../shared/contracts/annotation-history.js";
import { defineOperation } from "./operation.js";
import { changeParams } from "./params.js";

export const restoreAnnotationVersion = defineOperation({
  name: "restoreAnnotationVersion",
  title: "Restore a version from the history",
  description:
    "Makes an annotation read again as one entry of its history left it (its changeId): title, description, dates, colour and category; a deletion's entry brings the annotation back. It overwrites what the annotation holds now and is recorded as a change of its own. Premium, as any edit. Send a requestId (a UUID) to make a retry safe.",
  scope: "annotations:write",
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: true },
  params: changeParams,
  body: restoreVersionRequest,
  output: restoreVersionResponse,
  rest: {
    method: "POST",
    path: "/api/v1/properties/{propertyId}/annotations/{annotationId}/history/{changeId}/restore",
    status: 200,
  },
  page: {
    method: "POST",
    path: "/api/annotations/{propertyId}/{annotationId}/history/{changeId}/restore",
    status: 200,
  },
  mcp: {
    tool: "restore_annotation_version",
    carriesGa4Text: true,
    summary: ({ annotation, change }) =>
      `Restored “${annotation?.title ?? change.after?.title ?? "the annotation"}”.`,
  },
  run: (services, { user, via }, { params, body }) =>
    services.annotations.restore(
      user,
      params.propertyId,
      params.annotationId,
      params.changeId,
      body,
      via,
    ),
});
