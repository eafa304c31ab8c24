import type { FastifyInstance } from "fastify";
import {
  allAnnotationsExportFormat,
  allAnnotationsQuery,
  type AllAnnotationsKeysResponse,
  type AllAnnotationsResponse,
} from "../../../shared/contracts/all-annotations.js";
import { sessionRoute } from "../../http/identity.js";
import { parseInput } from "../../parse-input.js";
import type { AllAnnotationsService } from "./all-annotations-service.js";

/**
 * All annotations: the signed-in person's saved properties' annotations, one page at a time, or
 * (fields=keys) the keys of all that match.
 */
export async function allAnnotationsRoutes(
  app: FastifyInstance,
  deps: { allAnnotations: AllAnnotationsService },
): Promise<void> {
  app.get(
    "/api/annotations",
    sessionRoute,
    async (request): Promise<AllAnnotationsResponse | AllAnnotationsKeysResponse> => {
      const user = await request.requireUser();
      const query = parseInput(allAnnotationsQuery, request.query);
      // fields=keys: every matching annotation's key, for "Select all N matching".
      if (query.fields === "keys") return deps.allAnnotations.keys(user, query);
      return deps.allAnnotations.list(user, query);
    },
  );

  // The view as a file to save: its filters and order, every page of it.
  app.get("/api/annotations/export", sessionRoute, async (request, reply) => {
    const user = await request.requireUser();
    const { format, ...view } = request.query as Record<string, unknown>;
    const file = await deps.allAnnotations.exportFile(
      user,
      parseInput(allAnnotationsQuery, view),
      parseInput(allAnnotationsExportFormat, format),
    );
    return reply
      .header("content-type", file.contentType)
      .header("content-disposition", `attachment; filename="${file.fileName}"`)
      .send(file.body);
  });
}
