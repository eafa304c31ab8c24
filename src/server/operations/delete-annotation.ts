import { annotationDeleteResponse } from "../../shared/contracts/annotation-history.js";
import { defineOperation } from "./operation.js";
import { annotationParams } from "./params.js";

/**
 * Deleting one annotation. Not an MCP tool of its own: an AI client deletes through
 * delete_annotations, which waits for the person's yes (the MCP door's approval policy).
 */
export const deleteAnnotation = defineOperation({
  name: "deleteAnnotation",
  title: "Delete an annotation",
  description:
    "Deletes one annotation from GA4 (Premium). Its history keeps it: restoring the deletion's entry brings it back.",
  scope: "annotations:write",
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: true },
  params: annotationParams,
  output: annotationDeleteResponse,
  rest: {
    method: "DELETE",
    path: "/api/v1/properties/{propertyId}/annotations/{annotationId}",
    status: 200,
  },
  page: { method: "DELETE", path: "/api/annotations/{propertyId}/{annotationId}", status: 200 },
  run: async (services, { user, via }, { params }) => {
    const { changeId } = await services.annotations.remove(
      user,
      params.propertyId,
      params.annotationId,
      via,
    );
    return { deleted: true as const, changeId };
  },
});
