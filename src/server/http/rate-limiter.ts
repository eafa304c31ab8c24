import { sql } from "drizzle-orm";
import type { Db } from "../db/database.js";
import { rateLimitBuckets } from "../db/schema/index.js";
import { AppError } from "../app-error.js";

export interface RateLimitRule {
  /** Names the limit in keys and messages, e.g. "lookup". */
  name: string;
  max: number;
  /** At most `longestRateLimitWindowMs`. */
  windowMs: number;
  /** The sentence a refused request gets, given the wait; a generic one when absent. */
  refusal?: (retryAfterSeconds: number) => string;
}

/**
 * No window is longer than a day, so a counter whose window started more than a day ago counts
 * nothing any more, and the daily sweep may delete it.
 */
export const longestRateLimitWindowMs = 24 * 60 * 60 * 1000;

/** Where a subject stands in a rule's window after a hit, as RateLimit-* headers report it. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the allowance is full again. */
  resetSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit for `subject` and throws a 429 with Retry-After once the window is full. */
  hit(rule: RateLimitRule, subject: string): Promise<void>;
  /**
   * Counts one hit and says where the subject stands; `onState` hears it before a refusal is
   * thrown, so a caller can send the RateLimit-* headers with the 429 too.
   */
  hit(
    rule: RateLimitRule,
    subject: string,
    onState: (state: RateLimitState) => void,
  ): Promise<void>;
}

/**
 * Fixed-window counters in the database: one atomic upsert per hit, so every app instance
 * shares the same allowance and parallel requests can never both take the last slot.
 */
export function createRateLimiter(db: Db, now: () => number = Date.now): RateLimiter {
  return {
    async hit(rule: RateLimitRule, subject: string, onState?: (state: RateLimitState) => void) {
      if (rule.windowMs > longestRateLimitWindowMs)
        throw new Error(`Rate limit "${rule.name}" has a window longer than a day.`);
      const key = `${rule.name}:${subject}`;
      const at = now();
      const windowStart = at - rule.windowMs;
      const result = await db.execute<{ count: number; window_started_at: string | number }>(sql`
        insert into ${rateLimitBuckets} (key, count, window_started_at) values (${key}, 1, ${at})
        on conflict (key) do update set
          count = case when ${rateLimitBuckets.windowStartedAt} <= ${windowStart} then 1 else ${rateLimitBuckets.count} + 1 end,
          window_started_at = case when ${rateLimitBuckets.windowStartedAt} <= ${windowStart} then ${at} else ${rateLimitBuckets.windowStartedAt} end
        returning count, window_started_at`);
      const row = result.rows[0];
      if (!row) return;
      const retryAfterSeconds = Math.max(
        1,
        Math.ceil((Number(row.window_started_at) + rule.windowMs - at) / 1000),
      );
      onState?.({
        limit: rule.max,
        remaining: Math.max(0, rule.max - row.count),
        resetSeconds: retryAfterSeconds,
      });
      if (row.count <= rule.max) return;
      throw new AppError(
        "rate_limited",
        rule.refusal?.(retryAfterSeconds) ??
          "Too many attempts. Please wait a moment and try again.",
        { retryAfterSeconds },
      );
    },
  };
}
