import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";
import { isApiPath } from "./api-path.js";

/** Below this many bytes a compressed answer saves less than the work costs. */
export const apiCompressionThreshold = 1024;

/**
 * Compresses API answers on the way out (brotli or gzip, whichever the request prefers). The web
 * app's files are compressed once at build time and served as they are (see web-app.ts), so their
 * routes opt out here rather than being compressed again on every request.
 *
 * Must be registered before any route: it attaches itself to routes as they are declared.
 */
export async function registerApiCompression(app: FastifyInstance): Promise<void> {
  // This hook runs before the plugin's own (hooks run in the order they are added), so the
  // plugin sees the opt-out.
  app.addHook("onRoute", (route) => {
    if (!isApiPath(route.url) && route.compress === undefined) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    encodings: ["br", "gzip"],
    threshold: apiCompressionThreshold,
    // Requests are small JSON bodies; accepting compressed ones would only let a few bytes
    // unpack into far more than the body limit allows.
    globalDecompression: false,
  });
}
