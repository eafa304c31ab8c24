import type { FastifyInstance, FastifyRequest } from "fastify";
import { errorMessages } from "../../shared/contracts/errors.js";
import type { ApiTokenScope } from "../../shared/contracts/api-tokens.js";
import type { User } from "../db/schema/index.js";
import { AppError } from "../app-error.js";

/**
 * Who may call a route and how they prove it, declared where the route is registered:
 * - `session`: a signed-in person, proven by the session cookie (the web app's own calls);
 * - `token`: a program, proven by `Authorization: Bearer <token>` carrying the route's scope —
 *   cookies are never read, so a browser cannot be tricked into making the call;
 * - `public`: anyone; a session cookie, when present, still says who it is.
 */
export type RouteAccess = "session" | "token" | "public";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call the route; `session` when a route says nothing (the route table test asks every API route to say). */
    access?: RouteAccess;
    /** The scope a token route needs. */
    scope?: ApiTokenScope;
    /** The resource a token route is (RFC 8707): tokens issued for one resource work only there. */
    resource?: string;
  }
  interface FastifyRequest {
    /** The person calling: from the session cookie, or from the bearer token on a token route; 401 when none. */
    requireUser(): Promise<User>;
    /** Who is calling and how they proved it, or null. */
    caller(): Promise<Caller | null>;
  }
}

export type Caller =
  { via: "session"; user: User } | { via: "token"; user: User; token: BearerIdentity };

/** What a bearer token stands for, as its resolver found it. */
export interface BearerIdentity {
  user: User;
  /** Stable per token: rate limits and idempotency keys are counted per token. */
  tokenId: string;
  scopes: readonly string[];
  /**
   * The one resource the token was issued for (an OAuth access token's audience), or undefined
   * for a token good on every token route (a personal access token).
   */
  audience?: string;
  /** The OAuth client the token was issued to (absent for a personal access token). */
  clientId?: string;
  /** A personal access token's own name, for notices that say who asked. */
  tokenName?: string;
}

/**
 * Reads one kind of bearer token. Returns null for a token of another kind (so the next resolver
 * may try it) and for one of its own kind that is unknown, revoked or expired.
 */
export type BearerResolver = (token: string) => Promise<BearerIdentity | null>;

/** Route options: the one line that declares a route's access. */
export const sessionRoute = { config: { access: "session" } } as const;
export const publicRoute = { config: { access: "public" } } as const;
export function tokenRoute(scope: ApiTokenScope) {
  return { config: { access: "token", scope } } as const;
}

export function accessOf(request: FastifyRequest): RouteAccess {
  return request.routeOptions.config?.access ?? "session";
}

/** RFC 6750's token68 characters; anything else after "Bearer " is not a token. */
const bearerPattern = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

export const tokenMessages = {
  missing: "Send a personal access token in the Authorization header: Bearer <token>.",
  malformed: "The Authorization header must be: Bearer <token>.",
  invalid: "This token is not valid: it may have been revoked or have expired.",
  scope: (scope: string) => `This token does not have the ${scope} scope.`,
  otherResource: "This token was issued for another address and cannot be used here.",
};

/**
 * One identity step for every route. Session routes (and public ones) learn the person from the
 * session cookie through `sessionUser`, which auth hands in; token routes are checked before the
 * body is read: a missing, malformed, unknown, revoked or expired token is a 401 with a Bearer
 * challenge, a token without the route's scope a 403.
 */
export function registerIdentity(
  app: FastifyInstance,
  deps: {
    sessionUser: (request: FastifyRequest) => Promise<User | null>;
    /** Tried in order; the first that knows the token answers. */
    bearerResolvers: BearerResolver[];
    /** The WWW-Authenticate challenge a refused token call carries. */
    bearerChallenge?: (
      request: FastifyRequest,
      error?: "invalid_token" | "insufficient_scope",
    ) => string;
  },
): void {
  const bearers = new WeakMap<FastifyRequest, BearerIdentity>();
  const challenge =
    deps.bearerChallenge ??
    ((_request, error) =>
      error ? `Bearer realm="Tidemark", error="${error}"` : `Bearer realm="Tidemark"`);

  async function resolveBearer(
    header: string | undefined,
  ): Promise<BearerIdentity | "missing" | "malformed" | null> {
    if (header === undefined || header === "") return "missing";
    const match = bearerPattern.exec(header);
    if (!match) return "malformed";
    for (const resolve of deps.bearerResolvers) {
      const identity = await resolve(match[1]!);
      if (identity) return identity;
    }
    return null;
  }

  app.addHook("onRequest", async (request, reply) => {
    if (request.is404 || accessOf(request) !== "token") return;
    const found = await resolveBearer(request.headers.authorization);
    if (found === "missing") {
      reply.header("WWW-Authenticate", challenge(request));
      throw new AppError("unauthenticated", tokenMessages.missing);
    }
    if (found === "malformed" || found === null) {
      reply.header("WWW-Authenticate", challenge(request, "invalid_token"));
      throw new AppError(
        "invalid_token",
        found === "malformed" ? tokenMessages.malformed : tokenMessages.invalid,
      );
    }
    if (found.audience !== undefined && found.audience !== request.routeOptions.config?.resource) {
      reply.header("WWW-Authenticate", challenge(request, "invalid_token"));
      throw new AppError("invalid_token", tokenMessages.otherResource);
    }
    const scope = request.routeOptions.config?.scope;
    if (scope && !found.scopes.includes(scope)) {
      reply.header("WWW-Authenticate", challenge(request, "insufficient_scope"));
      throw new AppError("insufficient_scope", tokenMessages.scope(scope));
    }
    bearers.set(request, found);
  });

  app.decorateRequest(
    "caller",
    async function caller(this: FastifyRequest): Promise<Caller | null> {
      if (accessOf(this) === "token") {
        const token = bearers.get(this);
        return token ? { via: "token", user: token.user, token } : null;
      }
      const user = await deps.sessionUser(this);
      return user ? { via: "session", user } : null;
    },
  );

  app.decorateRequest("requireUser", async function requireUser(this: FastifyRequest) {
    const found = await this.caller();
    if (!found) throw new AppError("unauthenticated", errorMessages.notSignedIn);
    return found.user;
  });
}
