import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError, isAppError } from "../../app-error.js";
import { tokenRoute, type BearerIdentity } from "../../http/identity.js";
import { parseInput } from "../../parse-input.js";
import type { RateLimiter, RateLimitRule } from "../../http/rate-limiter.js";
import type { ApiOperation } from "../../operations/doors/rest.js";
import { idempotentWrites, type IdempotencyTokens } from "./api-v1-idempotency.js";

export { canonicalJson, idempotencyKeptMs, idempotencyMessages } from "./api-v1-idempotency.js";

const propertyNotFoundMessage =
  "No property with this ID is saved in your Tidemark account. GET /api/v1/properties lists them.";

/**
 * The REST API: the operations' table registered as token routes, with a rate limit per token
 * (RateLimit-* headers on every answer, Retry-After on a 429) and replay of POST and PATCH
 * answers sent with an Idempotency-Key (api-v1-idempotency.ts).
 */
export async function apiV1Routes(
  app: FastifyInstance,
  deps: {
    operations: ApiOperation[];
    rateLimiter: RateLimiter;
    rateLimit: RateLimitRule;
    tokens: IdempotencyTokens;
    now?: () => Date;
  },
): Promise<void> {
  const now = deps.now ?? (() => new Date());

  async function token(request: FastifyRequest): Promise<BearerIdentity> {
    const caller = await request.caller();
    // The identity step refuses a token route's request without a token before this runs.
    if (caller?.via !== "token") throw new AppError("unauthenticated", "A token is required.");
    return caller.token;
  }

  async function limitRate(request: FastifyRequest, reply: FastifyReply) {
    const { tokenId } = await token(request);
    await deps.rateLimiter.hit(deps.rateLimit, `token:${tokenId}`, (state) => {
      reply.header("RateLimit-Limit", String(state.limit));
      reply.header("RateLimit-Remaining", String(state.remaining));
      reply.header("RateLimit-Reset", String(state.resetSeconds));
    });
  }

  const replayOrClaim = idempotentWrites(app, { tokens: deps.tokens, now, token });

  for (const operation of deps.operations) {
    const url = operation.path.replace(/\{(\w+)\}/g, ":$1");
    const writes = operation.method === "POST" || operation.method === "PATCH";
    app.route({
      method: operation.method,
      url,
      ...tokenRoute(operation.scope),
      preHandler: writes ? [limitRate, replayOrClaim] : [limitRate],
      handler: async (request, reply) => {
        const params = Object.fromEntries(
          Object.entries(operation.params ?? {}).map(([name, schema]) => [
            name,
            parseInput(schema, (request.params as Record<string, string>)[name]) as string,
          ]),
        );
        const query = operation.query ? parseInput(operation.query, request.query) : undefined;
        // An empty body is an empty object: "accept as suggested", "restore, no request id".
        const body = operation.body ? parseInput(operation.body, request.body ?? {}) : undefined;
        const user = await request.requireUser();
        try {
          const answer = await operation.handle({ user, params, query, body });
          return await reply.code(operation.status).send(answer);
        } catch (error) {
          // To a program, a property it has not saved does not exist (the pages say to pick it).
          if (isAppError(error, "property_not_saved"))
            throw new AppError("property_not_found", propertyNotFoundMessage);
          throw error;
        }
      },
    });
  }
}
