import { propertyListResponse } from "../../shared/contracts/api-v1.js";
import { defineOperation } from "./operation.js";
import { count, readsTidemark } from "./params.js";

export const listProperties = defineOperation({
  name: "listProperties",
  title: "List properties",
  description:
    "The GA4 properties the person has saved in Tidemark, with their IDs and whether their Google role lets them edit each (canEdit).",
  scope: "annotations:read",
  hints: readsTidemark,
  model: { description: "The GA4 properties the person has saved in Tidemark, with their IDs." },
  params: {},
  output: propertyListResponse,
  rest: { method: "GET", path: "/api/v1/properties", status: 200 },
  mcp: {
    tool: "list_properties",
    carriesGa4Text: false,
    summary: ({ properties }) =>
      properties.length === 0
        ? "No properties are saved yet: the person chooses one in Tidemark first."
        : `${count(properties.length, "saved property", "saved properties")}.`,
  },
  run: async (services, { user }) => ({
    properties: await services.properties.savedWithAccess(user),
  }),
});
