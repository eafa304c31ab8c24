import { annotation } from "../../shared/contracts/annotations.js";
import { errorMessages } from "../../shared/contracts/errors.js";
import { AppError } from "../app-error.js";
import { defineOperation } from "./operation.js";
import { annotationParams, readsGoogle } from "./params.js";

export const getAnnotation = defineOperation({
  name: "getAnnotation",
  title: "Read one annotation",
  description: "One annotation of a property, by its ID.",
  scope: "annotations:read",
  hints: readsGoogle,
  params: annotationParams,
  output: annotation,
  rest: {
    method: "GET",
    path: "/api/v1/properties/{propertyId}/annotations/{annotationId}",
    status: 200,
  },
  mcp: { tool: "get_annotation", carriesGa4Text: true, summary: (found) => `“${found.title}”.` },
  run: async (services, { user }, { params }) => {
    const found = (await services.annotations.list(user, params.propertyId)).find(
      (a) => a.annotationId === params.annotationId,
    );
    if (!found) throw new AppError("annotation_not_found", errorMessages.annotationGone);
    return found;
  },
});
