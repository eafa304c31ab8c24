import { deletedResponse } from "../../shared/contracts/api-v1.js";
import { defineOperation } from "./operation.js";
import { categoryParams } from "./params.js";

export const deleteCategory = defineOperation({
  name: "deleteCategory",
  title: "Delete a category",
  description: "Deletes a category (Premium); its annotations stay, without it.",
  scope: "categories:write",
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  params: categoryParams,
  output: deletedResponse,
  rest: { method: "DELETE", path: "/api/v1/categories/{categoryId}", status: 200 },
  page: { method: "DELETE", path: "/api/categories/{categoryId}", status: 200 },
  run: async (services, { user }, { params }) => {
    await services.categories.remove(user, params.categoryId);
    return { deleted: true as const };
  },
});
