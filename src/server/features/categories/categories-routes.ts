import type { FastifyInstance } from "fastify";
import type {
  CategoryDeletedResponse,
  CategoryListResponse,
  RecommendedCategoriesResponse,
} from "../../../shared/contracts/categories.js";
import {
  createCategoryRequest,
  updateCategoryRequest,
} from "../../../shared/contracts/categories.js";
import { parseInput } from "../../parse-input.js";
import type { CategoriesService } from "./categories-service.js";
import { sessionRoute } from "../../http/identity.js";

interface CategoryParams {
  id: string;
}

/** Bodies and ids are checked by the service against the shared contracts (it serves the assistant too). */
export async function categoriesRoutes(
  app: FastifyInstance,
  deps: { categories: CategoriesService },
): Promise<void> {
  const { categories } = deps;

  app.get("/api/categories", sessionRoute, async (request): Promise<CategoryListResponse> => {
    const user = await request.requireUser();
    return categories.listWithCounts(user);
  });

  app.post("/api/categories/recommended", sessionRoute, async (request, reply) => {
    const user = await request.requireUser();
    const response: RecommendedCategoriesResponse = {
      categories: await categories.addRecommended(user),
    };
    return reply.code(201).send(response);
  });

  app.post("/api/categories", sessionRoute, async (request, reply) => {
    const user = await request.requireUser();
    const input = parseInput(createCategoryRequest, request.body);
    return reply.code(201).send(await categories.create(user, input));
  });

  app.patch<{ Params: CategoryParams }>("/api/categories/:id", sessionRoute, async (request) => {
    const user = await request.requireUser();
    return categories.update(
      user,
      request.params.id,
      parseInput(updateCategoryRequest, request.body),
    );
  });

  app.delete<{ Params: CategoryParams }>(
    "/api/categories/:id",
    sessionRoute,
    async (request): Promise<CategoryDeletedResponse> => {
      const user = await request.requireUser();
      await categories.remove(user, request.params.id);
      return { deleted: true };
    },
  );
}
