import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { sessionRoute } from "../../http/identity.js";
import { parseInput } from "../../parse-input.js";
import { routePath, type AnyOperation, type OperationServices } from "../operation.js";

/**
 * The pages' door: each operation with a page address becomes a session route the web app calls,
 * checked against the same contracts as on every other door; changes are recorded as made in
 * Tidemark's own pages.
 */
export async function pageOperationRoutes(
  app: FastifyInstance,
  deps: { catalogue: readonly AnyOperation[]; services: OperationServices },
): Promise<void> {
  for (const operation of deps.catalogue) {
    const { page } = operation;
    if (!page) continue;
    const paramSchemas = operation.params as Record<string, z.ZodType>;
    app.route({
      method: page.method,
      url: routePath(page.path),
      ...sessionRoute,
      handler: async (request, reply) => {
        const user = await request.requireUser();
        const raw = request.params as Record<string, string>;
        const params = Object.fromEntries(
          Object.entries(paramSchemas).map(([name, schema]) => [
            name,
            parseInput(schema, raw[name]),
          ]),
        );
        const query = operation.query ? parseInput(operation.query, request.query) : undefined;
        const body = operation.body ? parseInput(operation.body, request.body ?? {}) : undefined;
        const answer = await operation.run(
          deps.services,
          { user, via: "tidemark" },
          { params, query, body },
        );
        return reply.code(page.status).send(answer);
      },
    });
  }
}
