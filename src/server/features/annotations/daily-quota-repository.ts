import { sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { users } from "../../db/schema/index.js";

/**
 * The daily annotation allowance, counted in the user's row. Taking a slot is one conditional
 * UPDATE — it starts a new count on a new UTC day, and succeeds only while the count is under the
 * quota — so parallel requests through any number of app instances can never pass the limit.
 */
export function createDailyQuotaRepository(db: Db) {
  return {
    /** Takes one slot for `day` (the start of the current UTC day); false when none is left. */
    async take(userId: string, day: Date): Promise<boolean> {
      const result = await db.execute<{ id: string }>(sql`
        update ${users} set
          daily_annotation_count = case when daily_count_reset_at = ${day} then daily_annotation_count + 1 else 1 end,
          daily_count_reset_at = ${day}
        where id = ${userId}
          and (daily_count_reset_at is distinct from ${day} or daily_annotation_count < annotation_quota)
          and annotation_quota > 0
        returning id`);
      return result.rows.length === 1;
    },

    /** Gives back a slot taken for a creation Google did not accept. */
    async giveBack(userId: string, day: Date): Promise<void> {
      await db.execute(sql`
        update ${users} set daily_annotation_count = greatest(daily_annotation_count - 1, 0)
        where id = ${userId} and daily_count_reset_at = ${day}`);
    },
  };
}

export type DailyQuotaRepository = ReturnType<typeof createDailyQuotaRepository>;
