import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { createFeedRequest, type FeedListResponse } from "../../../shared/contracts/feeds.js";
import { AppError } from "../../app-error.js";
import { publicRoute, sessionRoute } from "../../http/identity.js";
import { parseInput } from "../../parse-input.js";
import type { RateLimiter, RateLimitRule } from "../../http/rate-limiter.js";
import { feedMessages, type FeedsService } from "./feeds-service.js";

const feedId = z.uuid({ message: feedMessages.notFound });

/** Looker Studio and Sheets refresh on their own schedule; five minutes spares Google's quota. */
const feedCacheSeconds = 300;

/** The person's annotation feeds (managed from Property View's Export menu) and the feeds themselves. */
export async function feedsRoutes(
  app: FastifyInstance,
  deps: { feeds: FeedsService; rateLimiter: RateLimiter; rateLimit: RateLimitRule },
): Promise<void> {
  const { feeds, rateLimiter, rateLimit } = deps;

  app.get("/api/account/feeds", sessionRoute, async (request): Promise<FeedListResponse> => {
    return feeds.list(await request.requireUser());
  });

  app.post("/api/account/feeds", sessionRoute, async (request, reply) => {
    const user = await request.requireUser();
    const input = parseInput(createFeedRequest, request.body);
    // Shown once: no cache may keep the address.
    reply.header("Cache-Control", "no-store");
    return reply.code(201).send(await feeds.create(user, input));
  });

  app.delete<{ Params: { id: string } }>(
    "/api/account/feeds/:id",
    sessionRoute,
    async (request) => {
      const user = await request.requireUser();
      await feeds.revoke(user, parseInput(feedId, request.params.id));
      return { revoked: true };
    },
  );

  // The app answers every /api/ response with no-store; a served feed may be kept a few minutes.
  // This plugin's onSend runs after the app-wide one, so it has the last word for its own route.
  const servedFeeds = new WeakSet<object>();
  app.addHook("onSend", (request, reply, payload, done) => {
    if (servedFeeds.has(request))
      reply.header("Cache-Control", `private, max-age=${feedCacheSeconds}`);
    done(null, payload);
  });

  /**
   * The feed: public, because Google Sheets and Looker Studio fetch it without signing in; the
   * token in the address is the only proof, so no log line may hold it. A malformed, unknown or
   * revoked token is the same 404.
   */
  const feedRoute = { config: { ...publicRoute.config, secretParams: ["file"] } } as const;
  app.get<{ Params: { file: string } }>("/api/feeds/:file", feedRoute, async (request, reply) => {
    reply.header("X-Robots-Tag", "noindex");
    const token = request.params.file.endsWith(".csv") ? request.params.file.slice(0, -4) : "";
    const found = await feeds.resolve(token);
    if (!found) throw new AppError("feed_not_found", feedMessages.notFound);
    // Counted per feed: a busy dashboard cannot spend its owner's Google quota. A wrong token
    // costs one indexed lookup and no Google call, and 32 random bytes are not guessed.
    await rateLimiter.hit(rateLimit, found.feed.id);
    const csv = await feeds.read(found);
    servedFeeds.add(request);
    reply.header("Content-Type", "text/csv; charset=utf-8");
    reply.header("Content-Disposition", 'inline; filename="tidemark-annotations.csv"');
    return reply.send(csv);
  });
}
