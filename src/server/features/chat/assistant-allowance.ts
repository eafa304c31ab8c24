import type { User } from "../../db/schema/index.js";
import { AppError, isAppError } from "../../app-error.js";
import type { RateLimiter } from "../../http/rate-limiter.js";
import { dailyResetText, startOfUtcDay } from "../../../shared/daily-quota.js";
import { capabilitiesOf, countOf } from "../../../shared/plans.js";
import type { ChatRepository } from "./chat-repository.js";

export interface AssistantLimits {
  /** The free plan's messages per UTC day ("basic AI"). */
  freeMessagesPerDay: number;
  /** Premium's fair-use ceilings. */
  premium: { messagesPerMinute: number; messagesPerDay: number };
}

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

/**
 * How many assistant messages a person may send now. Every count is one atomic statement in the
 * database, so the limits hold however many instances serve the person: the day's count is the
 * same per-user counter for every plan (reset at midnight UTC, carried over a deleted account),
 * and Premium's minute is a fixed-window rate-limit bucket under the person's keyed address hash.
 */
export function createAssistantAllowance(deps: {
  chat: Pick<ChatRepository, "takeAssistantMessage">;
  rateLimiter: RateLimiter;
  /** The key a person's own limits are counted under (a keyed hash of their address). */
  subjectOf: (user: User) => string;
  limits: AssistantLimits;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { limits } = deps;

  async function takeDay(user: User, limit: number): Promise<boolean> {
    return deps.chat.takeAssistantMessage(user.id, startOfUtcDay(now()), limit);
  }

  return {
    /** Counts one message for `user`, or refuses with a sentence saying when they may go on. */
    async take(user: User): Promise<void> {
      if (capabilitiesOf(user.subscriptionTier).hasDailyAssistantLimit) {
        if (await takeDay(user, limits.freeMessagesPerDay)) return;
        throw new AppError(
          "assistant_daily_limit",
          `You've used today's ${limits.freeMessagesPerDay} assistant messages on the free plan. ${dailyResetText(now())}; the annotations table still works.`,
        );
      }
      const { messagesPerMinute, messagesPerDay } = limits.premium;
      // The minute first: a burst it refuses must not use up the day.
      try {
        await deps.rateLimiter.hit(
          { name: "assistant-minute", max: messagesPerMinute, windowMs: minuteMs },
          deps.subjectOf(user),
        );
      } catch (error) {
        if (!isAppError(error, "rate_limited")) throw error;
        const seconds = error.retryAfterSeconds ?? 60;
        throw new AppError(
          "rate_limited",
          `That's ${messagesPerMinute} assistant messages within a minute, the fair-use limit. You can send more ${inSeconds(seconds)}.`,
          { retryAfterSeconds: seconds },
        );
      }
      if (await takeDay(user, messagesPerDay)) return;
      const at = now();
      const untilMidnight = startOfUtcDay(at).getTime() + dayMs - at.getTime();
      throw new AppError(
        "assistant_daily_limit",
        `You've sent ${messagesPerDay} assistant messages today, the fair-use limit. ${dailyResetText(at)}; the annotations table still works.`,
        { retryAfterSeconds: Math.max(1, Math.ceil(untilMidnight / 1000)) },
      );
    },
  };
}

export type AssistantAllowance = ReturnType<typeof createAssistantAllowance>;

function inSeconds(seconds: number): string {
  return `in ${countOf(seconds, "second", "seconds")}`;
}

/** "in 3 hours 12 minutes", "in 1 minute": rounded up, so it is never too early. */
export function inDuration(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / minuteMs));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [
    ...(hours > 0 ? [countOf(hours, "hour", "hours")] : []),
    ...(rest > 0 ? [countOf(rest, "minute", "minutes")] : []),
  ];
  return `in ${parts.join(" ")}`;
}
