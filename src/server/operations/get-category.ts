import { apiCategory } from "../../shared/contracts/api-v1.js";
import { defineOperation } from "./operation.js";
import { categoryParams, readsTidemark } from "./params.js";

export const getCategory = defineOperation({
  name: "getCategory",
  title: "Read one category",
  description: "One of the person's categories by its ID (Premium).",
  scope: "categories:read",
  hints: readsTidemark,
  params: categoryParams,
  output: apiCategory,
  rest: { method: "GET", path: "/api/v1/categories/{categoryId}", status: 200 },
  run: (services, { user }, { params }) => services.categories.get(user, params.categoryId),
});
