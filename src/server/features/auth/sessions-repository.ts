import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { sessions, users, type User } from "../../db/schema/index.js";

export interface SessionsRepository {
  /** The session's user and when the session ends, in one round trip; null for an unknown token. */
  findUserBySessionToken(token: string): Promise<{ user: User; expiresAt: Date } | null>;
}

export function createSessionsRepository(db: Db): SessionsRepository {
  // Every signed-in API request runs this, so it is prepared once rather than built each time.
  const byToken = db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder("token")))
    .limit(1)
    .prepare("session_user_by_token");

  return {
    async findUserBySessionToken(token) {
      const [row] = await byToken.execute({ token });
      return row ?? null;
    },
  };
}
