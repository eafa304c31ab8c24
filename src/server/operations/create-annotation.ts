import { annotationWriteResponse } from "../../shared/contracts/annotation-history.js";
import { createAnnotationRequest } from "../../shared/contracts/annotations.js";
import { defineOperation } from "./operation.js";
import { propertyParams } from "./params.js";

export const createAnnotation = defineOperation({
  name: "createAnnotation",
  title: "Create an annotation",
  description:
    "Creates one annotation in GA4: a title and a day (annotationDate {year, month, day}) or a range (annotationDateRange {startDate, endDate}), optionally a description, colour or category (Premium). The title is written as given. Counts towards the person's daily allowance. Send a requestId (a UUID) to make a retry safe.",
  scope: "annotations:write",
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  model: {
    description:
      "Create one annotation: a title, annotationDate or (several days) annotationDateRange, a categoryId from listCategories. One per message.",
  },
  params: propertyParams,
  body: createAnnotationRequest,
  output: annotationWriteResponse,
  rest: { method: "POST", path: "/api/v1/properties/{propertyId}/annotations", status: 201 },
  page: { method: "POST", path: "/api/annotations/{propertyId}", status: 201 },
  mcp: {
    tool: "create_annotation",
    carriesGa4Text: true,
    summary: (made) => `Created “${made.title}”.`,
  },
  run: (services, { user, via }, { params, body }) =>
    services.annotations.create(user, params.propertyId, body, via),
});
