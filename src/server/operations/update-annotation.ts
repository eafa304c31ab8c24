import { annotationWriteResponse } from "../../shared/contracts/annotation-history.js";
import { updateAnnotationRequest } from "../../shared/contracts/annotations.js";
import { defineOperation } from "./operation.js";
import { annotationParams } from "./params.js";

export const updateAnnotation = defineOperation({
  name: "updateAnnotation",
  title: "Change an annotation",
  description:
    "Changes one annotation by its ID: any of title, description, annotationDate or annotationDateRange, colour, category — only the fields given (in `changes` where the input is one object). Premium.",
  scope: "annotations:write",
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: true },
  model: {
    description:
      "Change one annotation: only the fields in changes (categoryId null: out of its category). One per message.",
  },
  params: annotationParams,
  body: updateAnnotationRequest,
  bodyField: "changes",
  output: annotationWriteResponse,
  rest: {
    method: "PATCH",
    path: "/api/v1/properties/{propertyId}/annotations/{annotationId}",
    status: 200,
  },
  page: { method: "PATCH", path: "/api/annotations/{propertyId}/{annotationId}", status: 200 },
  mcp: {
    tool: "update_annotation",
    carriesGa4Text: true,
    summary: (after) => `Changed “${after.title}”.`,
  },
  run: (services, { user, via }, { params, body }) =>
    services.annotations.update(user, params.propertyId, params.annotationId, body, via),
});
