import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { apiIdempotencyKeys } from "../../db/schema/index.js";

/** The REST API's Idempotency-Key rows: a token's request claimed, answered, or let go. */
export function idempotencyKeyQueries(db: Db) {
  return {
    /**
     * Claims `key` for a request: inserts the placeholder row and returns null, or returns the row
     * already there (the first request's answer, or its placeholder while it runs). A row older
     * than `keptMs` no longer counts and is replaced.
     */
    async claimIdempotencyKey(
      tokenId: string,
      key: string,
      requestHash: string,
      now: Date,
      keptMs: number,
    ) {
      const cutoff = new Date(now.getTime() - keptMs);
      // This token's stale answers go as it makes new ones, so they never pile up for a live token.
      await db
        .delete(apiIdempotencyKeys)
        .where(
          and(eq(apiIdempotencyKeys.tokenId, tokenId), lt(apiIdempotencyKeys.createdAt, cutoff)),
        );
      const inserted = await db
        .insert(apiIdempotencyKeys)
        .values({ tokenId, key, requestHash, createdAt: now })
        .onConflictDoNothing()
        .returning({ key: apiIdempotencyKeys.key });
      if (inserted.length > 0) return null;
      const [existing] = await db
        .select()
        .from(apiIdempotencyKeys)
        .where(and(eq(apiIdempotencyKeys.tokenId, tokenId), eq(apiIdempotencyKeys.key, key)));
      return existing ?? null;
    },

    async storeIdempotentAnswer(tokenId: string, key: string, status: number, body: unknown) {
      await db
        .update(apiIdempotencyKeys)
        .set({ status, body })
        .where(and(eq(apiIdempotencyKeys.tokenId, tokenId), eq(apiIdempotencyKeys.key, key)));
    },

    /** Lets the key be used again: the request failed in a way worth retrying. */
    async releaseIdempotencyKey(tokenId: string, key: string) {
      await db
        .delete(apiIdempotencyKeys)
        .where(and(eq(apiIdempotencyKeys.tokenId, tokenId), eq(apiIdempotencyKeys.key, key)));
    },
  };
}
