import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { users, type User } from "../../db/schema/index.js";

/** Who the people are: the identity reads. Changes to a person's plan are the plans feature's. */
export interface UsersRepository {
  findById(id: string): Promise<User | null>;
  existsByEmail(email: string): Promise<boolean>;
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
  };
}
