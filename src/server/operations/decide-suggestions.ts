import { apiBulkSuggestionResponse } from "../../shared/contracts/api-v1.js";
import { bulkSuggestionRequest } from "../../shared/contracts/suggestions.js";
import { defineOperation } from "./operation.js";
import { propertyParams } from "./params.js";

export const decideSuggestions = defineOperation({
  name: "decideSuggestions",
  title: "Accept or dismiss several suggestions",
  description:
    "Accepts or dismisses several suggestions at once, each on its own: the answer says how each went. Accepting counts towards the daily allowance.",
  scope: "annotations:write",
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
  params: propertyParams,
  body: bulkSuggestionRequest,
  bodyField: "decision",
  output: apiBulkSuggestionResponse,
  rest: { method: "POST", path: "/api/v1/properties/{propertyId}/suggestions/bulk", status: 200 },
  page: { method: "POST", path: "/api/properties/{propertyId}/suggestions/bulk", status: 200 },
  run: (services, { user }, { params, body }) =>
    services.suggestions.bulk(user, params.propertyId, body),
});
