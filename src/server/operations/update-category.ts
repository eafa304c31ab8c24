import { apiCategory } from "../../shared/contracts/api-v1.js";
import { updateCategoryRequest } from "../../shared/contracts/categories.js";
import { defineOperation } from "./operation.js";
import { categoryParams } from "./params.js";

export const updateCategory = defineOperation({
  name: "updateCategory",
  title: "Change a category",
  description:
    "Changes a category's name, colour, description or title template (Premium); only the fields given.",
  scope: "categories:write",
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  params: categoryParams,
  body: updateCategoryRequest,
  bodyField: "changes",
  output: apiCategory,
  rest: { method: "PATCH", path: "/api/v1/categories/{categoryId}", status: 200 },
  page: { method: "PATCH", path: "/api/categories/{categoryId}", status: 200 },
  run: (services, { user }, { params, body }) =>
    services.categories.update(user, params.categoryId, body),
});
