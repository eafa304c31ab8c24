import { createHash, randomBytes } from "node:crypto";
import type {
  ApiTokenListResponse,
  ApiTokenScope,
  ApiTokenSummary,
  CreatedApiTokenResponse,
  createApiTokenRequest,
} from "../../../shared/contracts/api-tokens.js";
import { isApiTokenScope } from "../../../shared/contracts/api-tokens.js";
import { capabilitiesOf } from "../../../shared/plans.js";
import type { z } from "zod";
import type { ApiToken, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import type { BearerIdentity } from "../../http/identity.js";
import type { ApiTokensRepository } from "./api-tokens-repository.js";

/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const apiTokenPrefix = "tdm_";
/** 32 random bytes: guessing is hopeless, so a fast hash (SHA-256) is enough to store it by. */
const tokenBytes = 32;
const shownPrefixLength = apiTokenPrefix.length + 6;
const tokenPattern = /^tdm_[A-Za-z0-9_-]{43}$/;
const lastUseResolutionMs = 60_000;
const day = 24 * 60 * 60 * 1000;

export function hashApiToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export const apiTokenMessages = {
  notFound: "That token was not found.",
  limit: (limit: number) =>
    `Your plan allows ${limit} tokens at once. Revoke one you no longer use to make another.`,
};

/** Personal access tokens: made on /account, shown once, stored as a hash, used as a bearer. */
export function createApiTokensService(deps: {
  repository: ApiTokensRepository;
  now?: () => Date;
}) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());

  function summary(token: ApiToken): ApiTokenSummary {
    return {
      id: token.id,
      name: token.name,
      prefix: token.prefix,
      scopes: token.scopes.filter(isApiTokenScope),
      createdAt: token.createdAt.toISOString(),
      expiresAt: token.expiresAt?.toISOString() ?? null,
      lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
    };
  }

  return {
    async list(user: User): Promise<ApiTokenListResponse> {
      const tokens = await repository.listByUser(user.id);
      return {
        tokens: tokens.map(summary),
        limit: capabilitiesOf(user.subscriptionTier).apiTokenLimit,
      };
    },

    async create(
      user: User,
      request: z.output<typeof createApiTokenRequest>,
    ): Promise<CreatedApiTokenResponse> {
      const token = apiTokenPrefix + randomBytes(tokenBytes).toString("base64url");
      const at = now();
      const limit = capabilitiesOf(user.subscriptionTier).apiTokenLimit;
      const outcome = await repository.insertWithinLimit(
        {
          userId: user.id,
          name: request.name,
          prefix: token.slice(0, shownPrefixLength),
          tokenHash: hashApiToken(token),
          scopes: request.scopes,
          expiresAt:
            request.expiresInDays === null
              ? null
              : new Date(at.getTime() + request.expiresInDays * day),
        },
        limit,
        at,
      );
      if (!outcome.ok) throw new AppError("token_limit", apiTokenMessages.limit(limit));
      return { token, apiToken: summary(outcome.token) };
    },

    async revoke(user: User, id: string): Promise<void> {
      if (!(await repository.revoke(user.id, id, now())))
        throw new AppError("token_not_found", apiTokenMessages.notFound);
    },

    /** A token's answers kept for repeated requests (the REST API's Idempotency-Key). */
    claimIdempotencyKey: repository.claimIdempotencyKey,
    storeIdempotentAnswer: repository.storeIdempotentAnswer,
    releaseIdempotencyKey: repository.releaseIdempotencyKey,

    /** The bearer resolver for personal access tokens: null for anything else, or a dead token. */
    async resolve(token: string): Promise<BearerIdentity | null> {
      if (!tokenPattern.test(token)) return null;
      const at = now();
      const found = await repository.findLiveByHash(hashApiToken(token), at);
      if (!found) return null;
      await repository.noteUse(found.token.id, at, lastUseResolutionMs);
      return {
        user: found.user,
        tokenId: found.token.id,
        tokenName: found.token.name,
        scopes: found.token.scopes.filter(isApiTokenScope) satisfies ApiTokenScope[],
      };
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
