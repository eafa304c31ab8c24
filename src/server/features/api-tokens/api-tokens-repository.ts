import { and, asc, count, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { idempotencyKeyQueries } from "./api-idempotency-keys.js";
import { apiTokens, users, type ApiToken, type User } from "../../db/schema/index.js";

export type TokenInsertOutcome =
  { ok: true; token: ApiToken } | { ok: false; reason: "limit_reached" };

/** The tokens' own rows; the REST API's Idempotency-Key rows are queried in api-idempotency-keys.ts. */
export function createApiTokensRepository(db: Db) {
  const live = (now: Date) =>
    and(isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)));

  return {
    /** The person's tokens that are not revoked (expired ones included), oldest first. */
    async listByUser(userId: string): Promise<ApiToken[]> {
      return db
        .select()
        .from(apiTokens)
        .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
        .orderBy(asc(apiTokens.createdAt));
    },

    /**
     * Inserts a token unless the person already holds `limit` live ones. The user row is locked
     * for the count, so two creates at once cannot both take the last place.
     */
    async insertWithinLimit(
      fields: Omit<typeof apiTokens.$inferInsert, "id" | "createdAt">,
      limit: number,
      now: Date,
    ): Promise<TokenInsertOutcome> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select id from ${users} where id = ${fields.userId} for update`);
        const [held] = await tx
          .select({ n: count() })
          .from(apiTokens)
          .where(and(eq(apiTokens.userId, fields.userId), live(now)));
        if ((held?.n ?? 0) >= limit) return { ok: false, reason: "limit_reached" } as const;
        const [token] = await tx.insert(apiTokens).values(fields).returning();
        return { ok: true, token: token! } as const;
      });
    },

    /** Revokes one of the person's tokens; false when they hold no such token. */
    async revoke(userId: string, id: string, now: Date): Promise<boolean> {
      const revoked = await db
        .update(apiTokens)
        .set({ revokedAt: now })
        .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
        .returning({ id: apiTokens.id });
      return revoked.length > 0;
    },

    /** The live token with this hash and its owner, or null. */
    async findLiveByHash(
      tokenHash: string,
      now: Date,
    ): Promise<{ token: ApiToken; user: User } | null> {
      const [row] = await db
        .select({ token: apiTokens, user: users })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.userId))
        .where(and(eq(apiTokens.tokenHash, tokenHash), live(now)));
      return row ?? null;
    },

    /** Records a use, at most once per `resolutionMs`, so a busy token costs one write a minute. */
    async noteUse(id: string, now: Date, resolutionMs: number): Promise<void> {
      await db
        .update(apiTokens)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(apiTokens.id, id),
            or(
              isNull(apiTokens.lastUsedAt),
              lt(apiTokens.lastUsedAt, new Date(now.getTime() - resolutionMs)),
            ),
          ),
        );
    },

    ...idempotencyKeyQueries(db),
  };
}

export type ApiTokensRepository = ReturnType<typeof createApiTokensRepository>;
