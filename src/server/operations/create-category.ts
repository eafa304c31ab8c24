import { apiCategory } from "../../shared/contracts/api-v1.js";
import { createCategoryRequest } from "../../shared/contracts/categories.js";
import { defineOperation } from "./operation.js";

export const createCategory = defineOperation({
  name: "createCategory",
  title: "Create a category",
  description:
    "Creates a category (Premium): a name, a colour, optionally a description and a title template.",
  scope: "categories:write",
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  params: {},
  body: createCategoryRequest,
  output: apiCategory,
  rest: { method: "POST", path: "/api/v1/categories", status: 201 },
  page: { method: "POST", path: "/api/categories", status: 201 },
  run: (services, { user }, { body }) => services.categories.create(user, body),
});
