import { eq } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { users, type User } from "../../db/schema/index.js";

/** Tokens as stored: sealed by the secret box, never plain text. */
export interface StoredGoogleTokens {
  sealedAccessToken: string | null;
  sealedRefreshToken: string | null;
  expiresAt: Date | null;
  scopes: string[];
  /** The Google account that granted them (OpenID `sub`); null when not known. */
  subject: string | null;
}

/** The connection as stored on a user row already loaded for the request (no extra query). */
export function storedTokensOf(user: User): StoredGoogleTokens | null {
  if (!user.googleRefreshToken && !user.googleAccessToken) return null;
  return {
    sealedAccessToken: user.googleAccessToken,
    sealedRefreshToken: user.googleRefreshToken,
    expiresAt: user.googleTokenExpiry,
    scopes: (user.googleScopes ?? "").split(" ").filter(Boolean),
    subject: user.googleSubject,
  };
}

export function createGoogleConnectionRepository(db: Db) {
  return {
    async save(userId: string, tokens: StoredGoogleTokens): Promise<void> {
      await db
        .update(users)
        .set({
          googleAccessToken: tokens.sealedAccessToken,
          googleRefreshToken: tokens.sealedRefreshToken,
          googleTokenExpiry: tokens.expiresAt,
          googleScopes: tokens.scopes.join(" "),
          googleSubject: tokens.subject,
        })
        .where(eq(users.id, userId));
    },

    async clear(userId: string): Promise<void> {
      await db
        .update(users)
        .set({
          googleAccessToken: null,
          googleRefreshToken: null,
          googleTokenExpiry: null,
          googleScopes: null,
          googleSubject: null,
        })
        .where(eq(users.id, userId));
    },
  };
}

export type GoogleConnectionRepository = ReturnType<typeof createGoogleConnectionRepository>;
