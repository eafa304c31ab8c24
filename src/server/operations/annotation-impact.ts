import { annotationImpact, impactQuery } from "../../shared/contracts/impact.js";
import { defineOperation } from "./operation.js";
import { annotationParams, readsGoogle } from "./params.js";

export const getAnnotationImpact = defineOperation({
  name: "getAnnotationImpact",
  title: "Measure an annotation's impact",
  description:
    "Did it work? The change in a metric (sessions, activeUsers or keyEvents; other than sessions is Premium) while an annotation's range ran, or in the days from a single-day annotation (days, 7 unless given), against what the property's own history predicts, with a 90 % interval, a verdict, and the overlapping annotations that may share the credit.",
  scope: "annotations:read",
  hints: readsGoogle,
  model: {
    description: "Did an annotation work? Its measured effect on a metric, with a 90 % interval.",
  },
  params: annotationParams,
  query: impactQuery,
  output: annotationImpact,
  rest: {
    method: "GET",
    path: "/api/v1/properties/{propertyId}/annotations/{annotationId}/impact",
    status: 200,
  },
  page: {
    method: "GET",
    path: "/api/properties/{propertyId}/annotations/{annotationId}/impact",
    status: 200,
  },
  mcp: { tool: "annotation_impact", carriesGa4Text: true, summary: (found) => found.sentence },
  run: (services, { user }, { params, query }) =>
    services.impact.forAnnotation(user, params.propertyId, params.annotationId, query),
});
