import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "./http-error.js";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

export const foreignOriginMessage = "This request must come from the Tidemark app itself.";

/**
 * For the few GET endpoints that change state because the spec makes them navigations or plain
 * fetches (logout, disconnect): browsers label a request started by another site, and such a
 * request is refused.
 */
export function refuseCrossSite(request: FastifyRequest): void {
  const site = request.headers["sec-fetch-site"];
  if (site === "cross-site" || site === "same-site")
    throw new HttpError(403, foreignOriginMessage, "forbidden_origin");
}

/**
 * Cross-site request forgery defence: a state-changing request must come from a page of our own
 * origin. Browsers always send Origin on cross-origin and non-GET fetches; a missing Origin is
 * refused too, since every legitimate caller of these endpoints is our own web app.
 */
export function registerOriginGuard(
  app: FastifyInstance,
  options: { trustedOrigins: string[] },
): void {
  const trusted = new Set(options.trustedOrigins.map((origin) => new URL(origin).origin));
  app.addHook("onRequest", (request, _reply, done) => {
    // Unknown paths change nothing and get their plain 404.
    if (safeMethods.has(request.method) || request.is404) return done();
    const origin = request.headers.origin;
    if (!origin || origin === "null" || !trusted.has(origin)) {
      return done(new HttpError(403, foreignOriginMessage, "forbidden_origin"));
    }
    done();
  });
}
