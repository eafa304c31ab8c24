import { eq, sql } from "drizzle-orm";
import { batchedLookup } from "../../db/batched-lookup.js";
import type { Db } from "../../db/database.js";
import { sessions, users, type User } from "../../db/schema/index.js";

export interface SessionsRepository {
  /** The session's user and when the session ends; null for an unknown token. */
  findUserBySessionToken(token: string): Promise<{ user: User; expiresAt: Date } | null>;
}

export function createSessionsRepository(db: Db): SessionsRepository {
  // Every signed-in API request runs this: prepared once, and batched across concurrent requests.
  const byTokens = db
    .select({ token: sessions.token, user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(sql`${sessions.token} = any(${sql.placeholder("tokens")}::text[])`)
    .prepare("session_users_by_tokens");
  const lookup = batchedLookup(async (tokens) => {
    const rows = await byTokens.execute({ tokens });
    return new Map(rows.map(({ token, ...found }) => [token, found]));
  });

  return {
    async findUserBySessionToken(token) {
      return (await lookup.one(token)) ?? null;
    },
  };
}
