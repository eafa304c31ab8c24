import { and, asc, eq, isNotNull, lt, lte, or } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import {
  accounts,
  accountTombstones,
  pendingGoogleRevocations,
  rateLimitBuckets,
  users,
  type AccountTombstone,
} from "../../db/schema/index.js";

/**
 * What outlives a deleted account: its tombstone (read at sign-up, swept when expired) and its
 * Google tokens waiting to be revoked. Both are written by `AccountRepository.erase`, in the
 * deletion's own transaction.
 */
export function createDeletedAccountsRepository(db: Db) {
  return {
    async tombstone(addressHash: string): Promise<AccountTombstone | null> {
      const [row] = await db
        .select()
        .from(accountTombstones)
        .where(eq(accountTombstones.addressHash, addressHash));
      return row ?? null;
    },

    async deleteExpiredTombstones(now: Date): Promise<number> {
      const deleted = await db
        .delete(accountTombstones)
        .where(lte(accountTombstones.expiresAt, now))
        .returning({ addressHash: accountTombstones.addressHash });
      return deleted.length;
    },

    /** Abuse counters whose window started before `before` (epoch ms), which count nothing. */
    async deleteRateLimitBucketsStartedBefore(before: number): Promise<number> {
      const deleted = await db
        .delete(rateLimitBuckets)
        .where(lt(rateLimitBuckets.windowStartedAt, before))
        .returning({ key: rateLimitBuckets.key });
      return deleted.length;
    },

    async revocation(
      id: string,
    ): Promise<{ id: string; sealedToken: string; sealedGoogleSubject: string | null } | null> {
      const [row] = await db
        .select({
          id: pendingGoogleRevocations.id,
          sealedToken: pendingGoogleRevocations.sealedToken,
          sealedGoogleSubject: pendingGoogleRevocations.sealedGoogleSubject,
        })
        .from(pendingGoogleRevocations)
        .where(eq(pendingGoogleRevocations.id, id));
      return row ?? null;
    },

    /**
     * Whether an account that exists holds a grant of this Google account (OpenID `sub`): an
     * Analytics connection it made, or a Google sign-in identity.
     */
    async googleAccountInUse(subject: string): Promise<boolean> {
      const [connected] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.googleSubject, subject),
            or(isNotNull(users.googleRefreshToken), isNotNull(users.googleAccessToken)),
          ),
        )
        .limit(1);
      if (connected) return true;
      const [signedIn] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.providerId, "google"), eq(accounts.accountId, subject)))
        .limit(1);
      return signedIn !== undefined;
    },

    async deleteRevocation(id: string): Promise<void> {
      await db.delete(pendingGoogleRevocations).where(eq(pendingGoogleRevocations.id, id));
    },

    /** Every revocation still waiting, oldest first, with when it was queued. */
    async pendingRevocations(): Promise<{ id: string; createdAt: Date }[]> {
      return db
        .select({ id: pendingGoogleRevocations.id, createdAt: pendingGoogleRevocations.createdAt })
        .from(pendingGoogleRevocations)
        .orderBy(asc(pendingGoogleRevocations.createdAt));
    },
  };
}

export type DeletedAccountsRepository = ReturnType<typeof createDeletedAccountsRepository>;
