import { asc, lt } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { users, type User } from "../../db/schema/index.js";
import { eraseAccount, type EraseOptions } from "./account-erase.js";
import { personalRowsOf } from "./account-personal-rows.js";

export type { GoogleSignInGrant } from "./account-erase.js";
export type { PersonalRows } from "./account-personal-rows.js";

/**
 * The account as a whole: reading everything stored about a person, and erasing it. It reads
 * every feature's tables by design — the export and the deletion must see all of them at once,
 * in one place that personal-data.ts lists and its test checks. The reading lives in
 * account-personal-rows.ts and the erasing in account-erase.ts.
 */
export function createAccountRepository(db: Db) {
  return {
    personalRows: (userId: string) => personalRowsOf(db, userId),

    /**
     * Deletes the person and every row of theirs in one transaction, and writes in the same
     * transaction what `leftovers` makes of the deleted rows: the tombstone that outlives the
     * account, and the sealed Google tokens to revoke (whose row ids it returns with the deleted
     * user). Null when there was nobody to delete. With `inactiveBefore`, deletes only if they have
     * still not been active since then, so someone signing in while the sweep runs keeps their
     * account.
     */
    erase: (
      userId: string,
      options: EraseOptions,
    ): Promise<{ user: User; revocationIds: string[] } | null> => eraseAccount(db, userId, options),

    /** Ids of people whose last activity is before `before`, the longest idle first. */
    async inactiveUserIds(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(lt(users.lastActiveAt, before))
        .orderBy(asc(users.lastActiveAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
