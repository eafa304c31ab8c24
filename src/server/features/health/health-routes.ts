import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/database.js";
import { publicRoute } from "../../http/identity.js";

/**
 * Liveness and readiness in one: a 200 means this instance can reach its database and is not
 * shutting down. While it drains, it still serves everything else; only this says 503, so that a
 * load balancer moves new requests to the other instances before this one closes.
 */
export async function healthRoutes(
  app: FastifyInstance,
  options: { database: Database; isDraining: () => boolean },
): Promise<void> {
  app.get("/api/health", publicRoute, async (request, reply) => {
    if (options.isDraining())
      return reply.code(503).send({ status: "draining", error: "This instance is shutting down." });
    try {
      await options.database.ping();
      return { status: "ok", database: options.database.engine };
    } catch (error) {
      request.log.error({ err: error }, "health check: database unreachable");
      return reply.code(503).send({ status: "unavailable", error: "The database is unreachable." });
    }
  });
}
