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

/** Starts the renderer; a file of its own, since the page's policy allows no inline script. */
const startScript = `window.addEventListener("load", function () {
  window.SwaggerUIBundle({ url: "/api/v1/openapi.json", dom_id: "#api-reference", deepLinking: true });
});
`;

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Tidemark REST API reference</title>
    <link rel="stylesheet" href="/docs/api/assets/swagger-ui.css" />
  </head>
  <body>
    <noscript>The reference needs JavaScript. The document itself is at /api/v1/openapi.json.</noscript>
    <div id="api-reference"></div>
    <script src="/docs/api/assets/swagger-ui-bundle.js"></script>
    <script src="/docs/api/assets/start.js"></script>
  </body>
</html>
`;

/** The OpenAPI document at /api/v1/openapi.json and its readable reference at /docs/api. */
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

  app.get("/docs/api", publicRoute, async (_request, reply) =>
    reply.header("Cache-Control", "no-cache").type("text/html; charset=utf-8").send(page),
  );

  app.get<{ Params: { file: string } }>(
    "/docs/api/assets/:file",
    publicRoute,
    async (request, reply) => {
      const { file } = request.params;
      if (file === "start.js")
        return reply.type("text/javascript; charset=utf-8").send(startScript);
      const type = rendererFiles[file];
      if (!type) return reply.callNotFound();
      return reply
        .header("Cache-Control", "public, max-age=86400")
        .type(type)
        .send(await readFile(path.join(folder, file)));
    },
  );
}
