import { asc, eq, lt, lte } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import {
  accountTombstones,
  pendingGoogleRevocations,
  rateLimitBuckets,
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

    async revocation(id: string): Promise<{ id: string; sealedToken: string } | null> {
      const [row] = await db
        .select({
          id: pendingGoogleRevocations.id,
          sealedToken: pendingGoogleRevocations.sealedToken,
        })
        .from(pendingGoogleRevocations)
        .where(eq(pendingGoogleRevocations.id, id));
      return row ?? null;
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
