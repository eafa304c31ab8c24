import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { users, type User } from "../../db/schema/index.js";

/** Who the people are: the identity reads. Changes to a person's plan are the plans feature's. */
export interface UsersRepository {
  findById(id: string): Promise<User | null>;
  existsByEmail(email: string): Promise<boolean>;
  /**
   * Records that the person used Tidemark at `at`, unless that was already recorded within
   * `unlessWithinMs` (so a day of requests costs one write).
   */
  recordActivity(id: string, at: Date, unlessWithinMs?: number): Promise<void>;
}

export function createUsersRepository(db: Db): UsersRepository {
  return {
    async findById(id) {
      const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return user ?? null;
    },
    async existsByEmail(email) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return row !== undefined;
    },
    async recordActivity(id, at, unlessWithinMs = 0) {
      await db
        .update(users)
        .set({ lastActiveAt: at })
        .where(
          and(eq(users.id, id), lt(users.lastActiveAt, new Date(at.getTime() - unlessWithinMs))),
        );
    },
  };
}
