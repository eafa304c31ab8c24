import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError } from "../../app-error.js";
import type { BearerIdentity } from "../../http/identity.js";
import { parseInput } from "../../parse-input.js";
import type { ApiTokensService } from "../api-tokens/api-tokens-service.js";

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

export type IdempotencyTokens = Pick<
  ApiTokensService,
  "claimIdempotencyKey" | "storeIdempotentAnswer" | "releaseIdempotencyKey"
>;

/**
 * Replay of POST and PATCH answers sent with an Idempotency-Key: registers the hook that keeps or
 * frees each claimed key's answer, and returns the pre-handler that replays or claims.
 */
export function idempotentWrites(
  app: FastifyInstance,
  deps: {
    tokens: IdempotencyTokens;
    now: () => Date;
    token(request: FastifyRequest): Promise<BearerIdentity>;
  },
) {
  const claims = new WeakMap<FastifyRequest, Claim>();

  /** Answers a repeated request from the first one's stored answer; claims the key otherwise. */
  async function replayOrClaim(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers["idempotency-key"];
    if (header === undefined) return;
    const key = parseInput(idempotencyKey, Array.isArray(header) ? header.join(",") : header);
    const { tokenId } = await deps.token(request);
    const requestHash = createHash("sha256")
      .update(`${request.method} ${request.url}\n${canonicalJson(request.body ?? null)}`)
      .digest("hex");
    const existing = await deps.tokens.claimIdempotencyKey(
      tokenId,
      key,
      requestHash,
      deps.now(),
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

  return replayOrClaim;
}
