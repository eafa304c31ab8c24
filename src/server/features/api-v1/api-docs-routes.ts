import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { publicRoute } from "../../http/identity.js";

/** The renderer's files we serve, from the swagger-ui-dist package on this server: no CDN. */
const rendererFiles: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

/**
 * The OpenAPI document at /api/v1/openapi.json, and the reference renderer's files that the web
 * app's /docs/api page loads from this server.
 */
export async function apiDocsRoutes(
  app: FastifyInstance,
  deps: { document: Record<string, unknown> },
): Promise<void> {
  const documentText = JSON.stringify(deps.document);
  const folder = path.dirname(
    createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"),
  );

  app.get("/api/v1/openapi.json", publicRoute, async (_request, reply) =>
    reply.type("application/json; charset=utf-8").send(documentText),
  );

  app.get<{ Params: { file: string } }>(
    "/docs/api/assets/:file",
    publicRoute,
    async (request, reply) => {
      const { file } = request.params;
      const type = rendererFiles[file];
      if (!type) return reply.callNotFound();
      return reply
        .header("Cache-Control", "public, max-age=86400")
        .type(type)
        .send(await readFile(path.join(folder, file)));
    },
  );
}
