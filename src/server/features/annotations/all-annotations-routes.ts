import type { FastifyInstance } from "fastify";
import {
  allAnnotationsQuery,
  type AllAnnotationsResponse,
} from "../../../shared/contracts/all-annotations.js";
import { sessionRoute } from "../../http/identity.js";
import { parseInput } from "../../parse-input.js";
import type { AllAnnotationsService } from "./all-annotations-service.js";

/** All annotations: the signed-in person's saved properties' annotations, one page at a time. */
export async function allAnnotationsRoutes(
  app: FastifyInstance,
  deps: { allAnnotations: AllAnnotationsService },
): Promise<void> {
  app.get("/api/annotations", sessionRoute, async (request): Promise<AllAnnotationsResponse> => {
    const user = await request.requireUser();
    return deps.allAnnotations.list(user, parseInput(allAnnotationsQuery, request.query));
  });
}
