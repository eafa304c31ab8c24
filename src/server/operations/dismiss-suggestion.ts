import { apiSuggestion } from "../../shared/contracts/api-v1.js";
import { defineOperation } from "./operation.js";
import { suggestionParams } from "./params.js";

export const dismissSuggestion = defineOperation({
  name: "dismissSuggestion",
  title: "Dismiss a suggestion",
  description: "Dismisses one suggestion: it is never suggested again (the inbox can restore it).",
  scope: "annotations:write",
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  params: suggestionParams,
  output: apiSuggestion,
  rest: {
    method: "POST",
    path: "/api/v1/properties/{propertyId}/suggestions/{suggestionId}/dismiss",
    status: 200,
  },
  page: {
    method: "POST",
    path: "/api/properties/{propertyId}/suggestions/{suggestionId}/dismiss",
    status: 200,
  },
  mcp: {
    tool: "dismiss_suggestion",
    carriesGa4Text: true,
    summary: (dismissed) => `Dismissed “${dismissed.title}”.`,
  },
  run: (services, { user }, { params }) =>
    services.suggestions.dismiss(user, params.propertyId, params.suggestionId),
});
