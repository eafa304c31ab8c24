import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ErrorBody } from "../../shared/contracts/errors.js";
import { isApiPath } from "./api-path.js";

/**
 * Serves the built single-page app. Hashed assets are cached for a year; index.html never is,
 * so a deploy reaches people on their next navigation. Unknown non-API paths get index.html and
 * the client router draws its 404 page; unknown API paths get a JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { webRoot: string | null; production?: boolean },
): Promise<void> {
  const { webRoot } = options;
  const indexPath = webRoot ? path.join(webRoot, "index.html") : null;
  const hasWebApp = indexPath !== null && existsSync(indexPath);

  if (webRoot && hasWebApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside every text file; the request's Accept-Encoding
      // picks one (with Vary: Accept-Encoding), and a missing one falls back to the next or to
      // the file itself.
      preCompressed: true,
      // The build keeps source maps for local debugging; production never serves them, so the
      // original source is not published.
      allowedPath: (pathname) => !(options.production && isSourceMap(pathname)),
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  } else if (webRoot) {
    app.log.warn(`The web app is not built (${webRoot} has no index.html); run "npm run build".`);
  }

  const sendIndex = (reply: FastifyReply) =>
    reply
      .header("Cache-Control", "no-cache")
      .type("text/html; charset=utf-8")
      .sendFile("index.html");

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split("?")[0] ?? "";
    const isPageRequest =
      (request.method === "GET" || request.method === "HEAD") &&
      !isApiPath(request.url) &&
      !isSourceMap(pathname);
    if (isPageRequest && hasWebApp) return sendIndex(reply);
    return reply
      .code(404)
      .send({ error: `Not found: ${request.method} ${pathname}` } satisfies ErrorBody);
  });
}

function isSourceMap(pathname: string): boolean {
  return pathname.endsWith(".map");
}
