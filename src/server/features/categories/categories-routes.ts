import type { FastifyInstance } from "fastify";
import type {
  CategoryListResponse,
  RecommendedCategoriesResponse,
} from "../../../shared/contracts/categories.js";
import type { CategoriesService } from "./categories-service.js";
import { sessionRoute } from "../../http/identity.js";

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
}
