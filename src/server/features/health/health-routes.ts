import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/database.js";

/** Liveness and readiness in one: a 200 means this instance can reach its database. */
export async function healthRoutes(
  app: FastifyInstance,
  options: { database: Database },
): Promise<void> {
  app.get("/api/health", async (request, reply) => {
    try {
      await options.database.ping();
      return { status: "ok", database: options.database.engine };
    } catch (error) {
      request.log.error({ err: error }, "health check: database unreachable");
      return reply.code(503).send({ status: "unavailable", error: "The database is unreachable." });
    }
  });
}
