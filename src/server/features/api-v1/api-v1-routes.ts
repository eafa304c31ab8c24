import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError, isAppError } from "../../app-error.js";
import { tokenRoute, type BearerIdentity } from "../../http/identity.js";
import { parseInput } from "../../parse-input.js";
import type { RateLimiter, RateLimitRule } from "../../http/rate-limiter.js";
import type { ApiTokensService } from "../api-tokens/api-tokens-service.js";
import type { ApiOperation } from "../../operations/doors/rest.js";

/** A stored answer is replayed for this long (IETF's Idempotency-Key draft suggests 24 hours). */
export const idempotencyKeptMs = 24 * 60 * 60 * 1000;

const idempotencyKey = z
  .string()
  .regex(
    /^[\x21-\x7e]{1,255}$/,
    "Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID is a good choice)",
  );

export const idempotencyMessages = {
  reused:
    "This Idempotency-Key was already used with another request. Use a new key for a new request.",
  inProgress:
    "The first request with this Idempotency-Key has not finished yet. Try again in a moment.",
};

const propertyNotFoundMessage =
  "No property with this ID is saved in your Tidemark account. GET /api/v1/properties lists them.";

/**
 * A JSON value written with every object's keys in sorted order, so that two bodies that mean
 * the same request (the same fields, sent in another order) are the same text. Arrays keep their
 * order: it means something. JSON.stringify writes the rest (strings, numbers, null).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value)
      .sort()
      .map(
        (key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
      );
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

interface Claim {
  tokenId: string;
  key: string;
}

/**
 * The REST API: the operations' table registered as token routes, with a rate limit per token
 * (RateLimit-* headers on every answer, Retry-After on a 429) and replay of POST and PATCH
 * answers sent with an Idempotency-Key.
 */
export async function apiV1Routes(
  app: FastifyInstance,
  deps: {
    operations: ApiOperation[];
    rateLimiter: RateLimiter;
    rateLimit: RateLimitRule;
    tokens: Pick<
      ApiTokensService,
      "claimIdempotencyKey" | "storeIdempotentAnswer" | "releaseIdempotencyKey"
    >;
    now?: () => Date;
  },
): Promise<void> {
  const now = deps.now ?? (() => new Date());
  const claims = new WeakMap<FastifyRequest, Claim>();

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

  /** Answers a repeated request from the first one's stored answer; claims the key otherwise. */
  async function replayOrClaim(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers["idempotency-key"];
    if (header === undefined) return;
    const key = parseInput(idempotencyKey, Array.isArray(header) ? header.join(",") : header);
    const { tokenId } = await token(request);
    const requestHash = createHash("sha256")
      .update(`${request.method} ${request.url}\n${canonicalJson(request.body ?? null)}`)
      .digest("hex");
    const existing = await deps.tokens.claimIdempotencyKey(
      tokenId,
      key,
      requestHash,
      now(),
      idempotencyKeptMs,
    );
    if (!existing) {
      claims.set(request, { tokenId, key });
      return;
    }
    if (existing.requestHash !== requestHash)
      throw new AppError("idempotency_key_reused", idempotencyMessages.reused);
    if (existing.status === null)
      throw new AppError("request_in_progress", idempotencyMessages.inProgress, {
        retryAfterSeconds: 1,
      });
    return reply.code(existing.status).header("Idempotent-Replayed", "true").send(existing.body);
  }

  // The first answer is kept, refusals included, so a retry hears the same; an answer that may
  // change on a retry (our failure or Google's, a rate limit, a conflict with a state that may
  // pass, such as a Google connection to renew) frees the key instead.
  app.addHook("onSend", async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    const status = reply.statusCode;
    if (status >= 500 || status === 429 || status === 409) {
      await deps.tokens.releaseIdempotencyKey(claim.tokenId, claim.key);
    } else {
      const text = typeof payload === "string" ? payload : "";
      await deps.tokens.storeIdempotentAnswer(
        claim.tokenId,
        claim.key,
        status,
        text ? (JSON.parse(text) as unknown) : null,
      );
    }
    return payload;
  });

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
