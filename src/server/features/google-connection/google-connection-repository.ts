import { eq } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { users } from "../../db/schema/index.js";

/** Tokens as stored: sealed by the secret box, never plain text. */
export interface StoredGoogleTokens {
  sealedAccessToken: string | null;
  sealedRefreshToken: string | null;
  expiresAt: Date | null;
  scopes: string[];
}

export function createGoogleConnectionRepository(db: Db) {
  return {
    async find(userId: string): Promise<StoredGoogleTokens | null> {
      const [row] = await db
        .select({
          access: users.googleAccessToken,
          refresh: users.googleRefreshToken,
          expiry: users.googleTokenExpiry,
          scopes: users.googleScopes,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!row || (!row.refresh && !row.access)) return null;
      return {
        sealedAccessToken: row.access,
        sealedRefreshToken: row.refresh,
        expiresAt: row.expiry,
        scopes: (row.scopes ?? "").split(" ").filter(Boolean),
      };
    },

    async save(userId: string, tokens: StoredGoogleTokens): Promise<void> {
      await db
        .update(users)
        .set({
          googleAccessToken: tokens.sealedAccessToken,
          googleRefreshToken: tokens.sealedRefreshToken,
          googleTokenExpiry: tokens.expiresAt,
          googleScopes: tokens.scopes.join(" "),
        })
        .where(eq(users.id, userId));
    },

    async clear(userId: string): Promise<void> {
      await db
        .update(users)
        .set({ googleAccessToken: null, googleRefreshToken: null, googleTokenExpiry: null, googleScopes: null })
        .where(eq(users.id, userId));
    },
  };
}

export type GoogleConnectionRepository = ReturnType<typeof createGoogleConnectionRepository>;
