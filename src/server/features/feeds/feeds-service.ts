import { randomBytes } from "node:crypto";
import {
  feedPath,
  type CreatedFeedResponse,
  type FeedListResponse,
  type FeedSummary,
  type createFeedRequest,
} from "../../../shared/contracts/feeds.js";
import { errorMessages } from "../../../shared/contracts/errors.js";
import type { z } from "zod";
import type { AnnotationFeed, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import { hashApiToken } from "../api-tokens/api-tokens-service.js";
import { createFeedReads, type FeedsDeps } from "./feed-reads.js";

/** Every feed token starts with this, so a leaked address is recognisable. */
export const feedTokenPrefix = "tfd_";
/** 32 random bytes, as for personal access tokens: a fast hash (SHA-256) is enough to store it by. */
const tokenBytes = 32;
const shownPrefixLength = feedTokenPrefix.length + 6;
export const feedTokenPattern = /^tfd_[A-Za-z0-9_-]{43}$/;

export const feedMessages = {
  notFound: errorMessages.feedNotFound,
};

/**
 * Annotation feeds: a secret address per set of saved properties, made on Property View's Export
 * menu, shown once, stored as a hash, read without signing in (by Google Sheets or Looker Studio)
 * with the owner's Google connection through the annotations service the pages use.
 */
export function createFeedsService(deps: FeedsDeps) {
  const { repository, properties } = deps;
  const now = deps.now ?? (() => new Date());

  function summary(feed: AnnotationFeed): FeedSummary {
    return {
      id: feed.id,
      name: feed.name,
      prefix: feed.prefix,
      propertyIds: feed.propertyIds,
      createdAt: feed.createdAt.toISOString(),
      lastReadAt: feed.lastReadAt?.toISOString() ?? null,
    };
  }

  return {
    async list(user: User): Promise<FeedListResponse> {
      return { feeds: (await repository.listByUser(user.id)).map(summary) };
    },

    async create(
      user: User,
      request: z.output<typeof createFeedRequest>,
    ): Promise<CreatedFeedResponse> {
      // Only properties the person may read now; the refusal names the first that is not.
      for (const propertyId of request.propertyIds)
        await properties.requireAllowed(user, propertyId);
      const token = feedTokenPrefix + randomBytes(tokenBytes).toString("base64url");
      const feed = await repository.insert({
        userId: user.id,
        name: request.name,
        prefix: token.slice(0, shownPrefixLength),
        tokenHash: hashApiToken(token),
        propertyIds: request.propertyIds,
      });
      return { url: new URL(feedPath(token), deps.appUrl).href, feed: summary(feed) };
    },

    async revoke(user: User, id: string): Promise<void> {
      if (!(await repository.revoke(user.id, id, now())))
        throw new AppError("feed_not_found", feedMessages.notFound);
    },

    /** The live feed an address's token names, with its owner; null for a malformed, unknown or revoked token. */
    async resolve(token: string): Promise<{ feed: AnnotationFeed; user: User } | null> {
      if (!feedTokenPattern.test(token)) return null;
      return repository.findLiveByHash(hashApiToken(token));
    },

    ...createFeedReads(deps, now),
  };
}

export type FeedsService = ReturnType<typeof createFeedsService>;
