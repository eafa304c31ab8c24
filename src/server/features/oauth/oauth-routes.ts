import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { mcpOAuthPaths } from "../../../shared/contracts/oauth.js";
import { clientKey } from "../../http/client-key.js";
import { publicRoute } from "../../http/identity.js";
import type { RateLimiter, RateLimitRule } from "../../http/rate-limiter.js";
import type { AuthorizationServer } from "./authorization-server.js";
import { consentAndAppRoutes } from "./consent-routes.js";
import type { OAuthService } from "./oauth-service.js";

/** The provider's own endpoints: public, and proven by the protocol rather than by an origin. */
const protocolRoute = { config: { access: "public", provenByOAuth: true } } as const;

/**
 * The authorization server's addresses. The provider (a Koa app) answers its own endpoints from
 * the raw request, body unread, so each is a route of ours that hands the request over; the
 * discovery documents, consent and connected apps are ours.
 */
export async function oauthRoutes(
  app: FastifyInstance,
  deps: {
    server: AuthorizationServer;
    oauth: OAuthService;
    appUrl: string;
    rateLimiter: RateLimiter;
    /** Registration is open to anyone: bounded per client address. */
    registrationLimit: RateLimitRule;
  },
): Promise<void> {
  const { provider, resource, scopes } = deps.server;
  const callback = provider.callback();
  const publicAddress = new URL(deps.appUrl);

  async function handOver(request: FastifyRequest, reply: FastifyReply, url?: string) {
    reply.hijack();
    if (url) request.raw.url = url;
    // The provider writes its addresses (endpoints, the consent page's way back) from the
    // request's host: make that Tidemark's public address, whatever the balancer forwarded.
    request.raw.headers["x-forwarded-host"] = publicAddress.host;
    request.raw.headers["x-forwarded-proto"] = publicAddress.protocol.replace(":", "");
    await callback(request.raw, reply.raw);
  }

  await app.register(async (raw) => {
    // The provider reads the body itself; leave the stream untouched.
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser("*", (_request, _payload, done) => done(null));

    raw.get(mcpOAuthPaths.authorize, protocolRoute, (request, reply) => handOver(request, reply));
    raw.get(`${mcpOAuthPaths.authorize}/:uid`, protocolRoute, (request, reply) =>
      handOver(request, reply),
    );
    for (const path of [mcpOAuthPaths.token, mcpOAuthPaths.register, mcpOAuthPaths.revoke]) {
      raw.route({
        method: ["POST", "OPTIONS"],
        url: path,
        ...protocolRoute,
        ...(path === mcpOAuthPaths.register
          ? {
              preHandler: async (request: FastifyRequest) => {
                if (request.method === "POST")
                  await deps.rateLimiter.hit(deps.registrationLimit, clientKey(request.ip));
              },
            }
          : {}),
        handler: (request, reply) => handOver(request, reply),
      });
    }
    raw.get(mcpOAuthPaths.jwks, protocolRoute, (request, reply) => handOver(request, reply));
    // RFC 8414's address for the same document the provider serves as OpenID discovery.
    for (const path of [
      mcpOAuthPaths.authorizationServerMetadata,
      "/.well-known/openid-configuration",
    ]) {
      raw.route({
        method: ["GET", "OPTIONS"],
        url: path,
        ...protocolRoute,
        handler: (request, reply) => handOver(request, reply, "/.well-known/openid-configuration"),
      });
    }
  });

  // RFC 9728: where clients learn which authorization server guards /mcp. Served at the root
  // address and at the one suffixed with the resource's path, as the spec asks clients to try.
  const metadata = {
    resource,
    authorization_servers: [deps.appUrl],
    scopes_supported: [...scopes],
    bearer_methods_supported: ["header"],
    resource_name: "Tidemark",
    resource_documentation: `${deps.appUrl}/account`,
  };
  for (const path of [
    mcpOAuthPaths.protectedResourceMetadata,
    `${mcpOAuthPaths.protectedResourceMetadata}${mcpOAuthPaths.mcp}`,
  ]) {
    app.route({
      method: ["GET", "OPTIONS"],
      url: path,
      ...publicRoute,
      handler: async (request, reply) => {
        // Browser-based clients read it from their own origin.
        reply.header("access-control-allow-origin", "*");
        if (request.method === "OPTIONS") return reply.code(204).send();
        reply.header("cache-control", "public, max-age=3600");
        return metadata;
      },
    });
  }

  consentAndAppRoutes(app, deps);
}
