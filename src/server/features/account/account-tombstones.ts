import { countForToday, startOfUtcDay } from "../../../shared/daily-quota.js";
import { dataRetention } from "../../../shared/data-retention.js";
import type { AccountTombstone, NewAccountTombstone, User } from "../../db/schema/index.js";
import { longestRateLimitWindowMs } from "../../http/rate-limiter.js";
import type { AddressKey } from "../../security/address-key.js";
import type { DeletedAccountsRepository } from "./deleted-accounts-repository.js";

const dayMs = 24 * 60 * 60 * 1000;

/** What a new account for an address with a tombstone starts with, as user columns. */
export type CarriedLimits = Partial<
  Pick<
    User,
    | "dailyAnnotationCount"
    | "dailyCountResetAt"
    | "dailyAssistantMessageCount"
    | "assistantCountDay"
    | "lockedPropertyId"
  >
>;

/**
 * The tombstone of an account deleted at `now`: today's counts (until the UTC day ends) and the
 * property lock (for `deletedAccountLockDays`), or null when none of them still matters.
 */
export function tombstoneOf(
  user: User,
  addressHash: string,
  now: Date,
): NewAccountTombstone | null {
  const today = startOfUtcDay(now);
  const tomorrow = new Date(today.getTime() + dayMs);
  const annotations = countForToday(user.dailyAnnotationCount, user.dailyCountResetAt, now);
  const messages = countForToday(user.dailyAssistantMessageCount, user.assistantCountDay, now);
  const lockKeptUntil = user.lockedPropertyId
    ? new Date(now.getTime() + dataRetention.deletedAccountLockDays * dayMs)
    : null;
  if (annotations === 0 && messages === 0 && !lockKeptUntil) return null;
  const countsEnd = annotations > 0 || messages > 0 ? tomorrow.getTime() : 0;
  return {
    addressHash,
    annotationCount: annotations,
    annotationCountDay: annotations > 0 ? today : null,
    assistantMessageCount: messages,
    assistantCountDay: messages > 0 ? today : null,
    lockedPropertyId: lockKeptUntil ? user.lockedPropertyId : null,
    lockKeptUntil,
    expiresAt: new Date(Math.max(countsEnd, lockKeptUntil?.getTime() ?? 0)),
  };
}

/** The pieces of a tombstone that still matter at `now`, as a new account's starting columns. */
export function carriedLimitsOf(tombstone: AccountTombstone, now: Date): CarriedLimits {
  const carried: CarriedLimits = {};
  const annotations = countForToday(tombstone.annotationCount, tombstone.annotationCountDay, now);
  if (annotations > 0) {
    carried.dailyAnnotationCount = annotations;
    carried.dailyCountResetAt = tombstone.annotationCountDay;
  }
  const messages = countForToday(tombstone.assistantMessageCount, tombstone.assistantCountDay, now);
  if (messages > 0) {
    carried.dailyAssistantMessageCount = messages;
    carried.assistantCountDay = tombstone.assistantCountDay;
  }
  if (tombstone.lockedPropertyId && tombstone.lockKeptUntil && tombstone.lockKeptUntil > now)
    carried.lockedPropertyId = tombstone.lockedPropertyId;
  return carried;
}

/**
 * Limits that outlive a deleted account: written by the deletion (see `AccountService.erase`),
 * read when the same address signs up again, deleted by the daily sweep once expired.
 */
export function createAccountTombstones(deps: {
  repository: DeletedAccountsRepository;
  addressKey: AddressKey;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    /** The tombstone to keep for this account, deleted now; null when nothing needs keeping. */
    of(user: User): NewAccountTombstone | null {
      return tombstoneOf(user, deps.addressKey(user.email), now());
    },

    /** What a new account for `email` starts with: nothing, unless a tombstone still matters. */
    async carriedTo(email: string): Promise<CarriedLimits> {
      const tombstone = await deps.repository.tombstone(deps.addressKey(email));
      return tombstone ? carriedLimitsOf(tombstone, now()) : {};
    },

    /**
     * Deletes tombstones whose every piece has expired, and abuse counters whose window has
     * passed (by the rate limiter's own clock); how many of each went.
     */
    async deleteExpired(): Promise<{ tombstones: number; counters: number }> {
      return {
        tombstones: await deps.repository.deleteExpiredTombstones(now()),
        counters: await deps.repository.deleteRateLimitBucketsStartedBefore(
          Date.now() - longestRateLimitWindowMs,
        ),
      };
    },
  };
}

export type AccountTombstones = ReturnType<typeof createAccountTombstones>;
