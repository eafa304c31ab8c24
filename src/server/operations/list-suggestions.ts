import { apiSuggestionList } from "../../shared/contracts/api-v1.js";
import { suggestionListQuery } from "../../shared/contracts/suggestions.js";
import { defineOperation } from "./operation.js";
import { count, propertyParams, readsTidemark } from "./params.js";

export const listSuggestions = defineOperation({
  name: "listSuggestions",
  title: "List the inbox's suggestions",
  description:
    "A property's inbox of suggested annotations (from GA4 change history, release webhooks, public holidays and unexplained traffic changes), open ones unless status says, each with the title, day and colour it would be written with.",
  scope: "annotations:read",
  hints: readsTidemark,
  model: {
    description: "The property's inbox: suggested annotations, open ones unless status says.",
  },
  params: propertyParams,
  query: suggestionListQuery,
  output: apiSuggestionList,
  rest: { method: "GET", path: "/api/v1/properties/{propertyId}/suggestions", status: 200 },
  page: { method: "GET", path: "/api/properties/{propertyId}/suggestions", status: 200 },
  mcp: {
    tool: "list_suggestions",
    carriesGa4Text: true,
    summary: ({ suggestions }) => `${count(suggestions.length, "suggestion")}.`,
  },
  run: (services, { user }, { params, query }) =>
    services.suggestions.list(user, params.propertyId, query.status),
});
