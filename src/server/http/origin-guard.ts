import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../app-error.js";
import { accessOf, type RouteAccess } from "./identity.js";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

export const foreignOriginMessage = "This request must come from the Tidemark app itself.";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * A GET that changes state because the product makes it a navigation or a plain fetch
     * (logout, disconnect). It gets the same-origin checks a POST gets, and never runs on HEAD.
     */
    changesState?: boolean;
    /**
     * Called by other servers (webhooks), which send no Origin: each request proves itself by an
     * HMAC signature over its body instead, checked by the route.
     */
    verifiedBySignature?: boolean;
    /**
     * An OAuth endpoint called by programs (token, registration, revocation): each request proves
     * itself by the protocol (client credentials, a PKCE verifier, a refresh token) and reads no
     * cookie of ours.
     */
    provenByOAuth?: boolean;
  }
}

/** Route options for a GET that changes state: no automatic HEAD twin, same-origin checks on. */
export function stateChangingGet(access: Exclude<RouteAccess, "token">) {
  return { exposeHeadRoute: false, config: { changesState: true, access } } as const;
}

/**
 * Cross-site request forgery defence: a state-changing request must come from a page of our own
 * origin. Browsers always send Origin on cross-origin and non-GET fetches; a missing Origin is
 * refused too, since every legitimate caller of these endpoints is our own web app.
 *
 * Only state changes a cookie could prove are guarded: a token route reads no cookie, so a page of
 * another site cannot make one on the person's behalf, and its callers (scripts, servers) send no
 * Origin at all.
 *
 * GETs marked `changesState` are navigations, which carry no Origin: browsers label where they
 * came from with Fetch Metadata (another site, or a sibling subdomain, is refused); a browser that
 * sends none must show a Referer of our own origin instead.
 */
export function registerOriginGuard(
  app: FastifyInstance,
  options: { trustedOrigins: string[] },
): void {
  const trusted = new Set(options.trustedOrigins.map((origin) => new URL(origin).origin));
  const refuse = () => new AppError("forbidden_origin", foreignOriginMessage);

  app.addHook("onRequest", (request, _reply, done) => {
    // A webhook is called by another server, never a browser: its signature is its proof.
    if (request.routeOptions.config?.verifiedBySignature) return done();
    if (request.routeOptions.config?.provenByOAuth) return done();
    // Unknown paths change nothing and get their plain 404.
    if (request.is404 || accessOf(request) === "token") return done();
    if (safeMethods.has(request.method)) {
      if (!request.routeOptions.config?.changesState) return done();
      if (request.method !== "GET") {
        return done(new AppError("method_not_allowed", "Use GET for this address."));
      }
      return done(sameSiteNavigation(request, trusted) ? undefined : refuse());
    }
    const origin = request.headers.origin;
    if (!origin || origin === "null" || !trusted.has(origin)) return done(refuse());
    done();
  });
}

function sameSiteNavigation(request: FastifyRequest, trusted: Set<string>): boolean {
  const site = request.headers["sec-fetch-site"];
  // "none": the person typed the address or used a bookmark themselves.
  if (site === "same-origin" || site === "none") return true;
  if (site !== undefined) return false;
  const referer = request.headers.referer;
  if (!referer) return false;
  try {
    return trusted.has(new URL(referer).origin);
  } catch {
    return false;
  }
}
