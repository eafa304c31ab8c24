import { changeExplanation, explainQuery } from "../../shared/contracts/impact.js";
import { defineOperation } from "./operation.js";
import { propertyParams, readsGoogle } from "./params.js";

export const explainChange = defineOperation({
  name: "explainChange",
  title: "Why did it move?",
  description:
    "For one day (date) or a period (startDate and endDate, YYYY-MM-DD): how far a metric departed from what the property's history predicts, and the likely causes on record ranked by timing, kind and direction — annotations, GA4 setting changes (saying exactly which setting), releases and public holidays — or that nothing on record fits. Premium.",
  scope: "annotations:read",
  hints: readsGoogle,
  params: propertyParams,
  query: explainQuery,
  output: changeExplanation,
  rest: { method: "GET", path: "/api/v1/properties/{propertyId}/explain", status: 200 },
  page: { method: "GET", path: "/api/properties/{propertyId}/explain", status: 200 },
  mcp: { tool: "explain_change", carriesGa4Text: true, summary: (found) => found.summary },
  run: (services, { user }, { params, query }) =>
    services.explain.explain(user, params.propertyId, query),
});
