import { categoryListResponse } from "../../shared/contracts/api-v1.js";
import { defineOperation } from "./operation.js";
import { count, readsTidemark } from "./params.js";

export const listCategories = defineOperation({
  name: "listCategories",
  title: "List categories",
  description:
    "The person's annotation categories (Premium), with their IDs, colours and title templates.",
  scope: "categories:read",
  hints: readsTidemark,
  model: {
    description: "The person's categories (Premium), with the IDs a create or change takes.",
  },
  params: {},
  output: categoryListResponse,
  rest: { method: "GET", path: "/api/v1/categories", status: 200 },
  mcp: {
    tool: "list_categories",
    carriesGa4Text: false,
    summary: ({ categories }) => `${count(categories.length, "category", "categories")}.`,
  },
  run: async (services, { user }) => ({ categories: await services.categories.list(user) }),
});
