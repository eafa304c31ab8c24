import { apiSuggestion } from "../../shared/contracts/api-v1.js";
import { acceptSuggestionRequest } from "../../shared/contracts/suggestions.js";
import { defineOperation } from "./operation.js";
import { suggestionParams } from "./params.js";

export const acceptSuggestion = defineOperation({
  name: "acceptSuggestion",
  title: "Accept a suggestion",
  description:
    "Writes one open suggestion to GA4 as an annotation, as suggested or with edits (title, description, dates, colour, category), exactly once: a repeat is refused as already decided. Counts towards the person's daily allowance. Only for a suggestion the person chose.",
  scope: "annotations:write",
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
  model: {
    description:
      "Accept one inbox suggestion as suggested, only when the person clearly named exactly that one; if unsure, list and ask.",
    omit: "edits",
  },
  params: suggestionParams,
  body: acceptSuggestionRequest,
  bodyField: "edits",
  output: apiSuggestion,
  rest: {
    method: "POST",
    path: "/api/v1/properties/{propertyId}/suggestions/{suggestionId}/accept",
    status: 200,
  },
  page: {
    method: "POST",
    path: "/api/properties/{propertyId}/suggestions/{suggestionId}/accept",
    status: 200,
  },
  mcp: {
    tool: "accept_suggestion",
    carriesGa4Text: true,
    summary: (accepted) => `Accepted “${accepted.title}”.`,
  },
  run: (services, { user }, { params, body }) =>
    services.suggestions.accept(user, params.propertyId, params.suggestionId, body),
});
