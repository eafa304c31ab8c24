import { randomBytes } from "node:crypto";
import {
  annotationExportRow,
  annotationsCsv,
  type AnnotationExportRow,
} from "../../../shared/annotation-export.js";
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
import type { AnnotationsService } from "../annotations/annotations-service.js";
import type { CategoriesService } from "../categories/categories-service.js";
import type { ImpactService } from "../impact/impact-service.js";
import { impactDefaults } from "../../../shared/impact/estimate-impact.js";
import type { AnnotationImpact } from "../../../shared/contracts/impact.js";
import type { PropertiesService } from "../properties/properties-service.js";
import type { FeedsRepository } from "./feeds-repository.js";

/** Every feed token starts with this, so a leaked address is recognisable. */
export const feedTokenPrefix = "tfd_";
/** 32 random bytes, as for personal access tokens: a fast hash (SHA-256) is enough to store it by. */
const tokenBytes = 32;
const shownPrefixLength = feedTokenPrefix.length + 6;
export const feedTokenPattern = /^tfd_[A-Za-z0-9_-]{43}$/;
const lastReadResolutionMs = 60_000;

export const feedMessages = {
  notFound: errorMessages.feedNotFound,
};

/**
 * Annotation feeds: a secret address per set of saved properties, made on Property View's Export
 * menu, shown once, stored as a hash, read without signing in (by Google Sheets or Looker Studio)
 * with the owner's Google connection through the annotations service the pages use.
 */
export function createFeedsService(deps: {
  repository: FeedsRepository;
  annotations: AnnotationsService;
  properties: PropertiesService;
  categories: CategoriesService;
  /** Each row's impact on sessions, as the tables show it. */
  impact?: Pick<ImpactService, "forList">;
  appUrl: string;
  now?: () => Date;
}) {
  const { repository, annotations, properties, categories } = deps;
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

  /** The owner's category names; none on a plan without categories (their ids read as none). */
  async function categoryNames(user: User): Promise<Map<string, string>> {
    try {
      return new Map((await categories.list(user)).map((c) => [c.id, c.name]));
    } catch (error) {
      if (error instanceof AppError) return new Map();
      throw error;
    }
  }

  /**
   * The impact figures of a property's annotations by id. Unlike the list itself, a traffic report
   * Google cannot give now does not fail the feed: its impact cells are empty until it can.
   */
  async function impactsOf(
    user: User,
    propertyId: string,
    list: Parameters<ImpactService["forList"]>[2],
  ): Promise<Map<string, AnnotationImpact>> {
    if (!deps.impact || list.length === 0) return new Map();
    try {
      const impacts = await deps.impact.forList(user, propertyId, list, {
        metric: "sessions",
        days: impactDefaults.daysAfter,
      });
      return new Map(impacts.map((impact) => [impact.annotationId, impact]));
    } catch (error) {
      if (error instanceof AppError) return new Map();
      throw error;
    }
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

    /**
     * The feed's rows as CSV, read with its owner's Google connection. A property the owner no
     * longer has saved, or may no longer use on their plan, is left out; a failure at Google fails
     * the whole feed, so a dashboard never shows part of the list as if it were all of it.
     */
    async read({ feed, user }: { feed: AnnotationFeed; user: User }): Promise<string> {
      await repository.noteRead(feed.id, now(), lastReadResolutionMs);
      const names = await categoryNames(user);
      const rows: AnnotationExportRow[] = [];
      for (const propertyId of feed.propertyIds) {
        let saved;
        try {
          saved = await properties.requireAllowed(user, propertyId);
        } catch (error) {
          if (error instanceof AppError) continue;
          throw error;
        }
        const context = { propertyId, propertyName: saved.name, categoryNames: names };
        const list = await annotations.list(user, propertyId);
        const impacts = await impactsOf(user, propertyId, list);
        for (const annotation of list)
          rows.push(
            annotationExportRow(annotation, {
              ...context,
              impact: impacts.get(annotation.annotationId) ?? null,
            }),
          );
      }
      return annotationsCsv(rows);
    },
  };
}

export type FeedsService = ReturnType<typeof createFeedsService>;
