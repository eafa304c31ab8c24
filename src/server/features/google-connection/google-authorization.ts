import { createHash, randomBytes } from "node:crypto";
import type { User } from "../../db/schema/index.js";
import {
  analyticsScopes,
  GoogleOAuthError,
  type GoogleOAuth,
  type GoogleTokenSet,
} from "../../integrations/google/google-oauth.js";
import type { SecretBox } from "../../security/secret-box.js";
import {
  storedTokensOf,
  type GoogleConnectionRepository,
  type StoredGoogleTokens,
} from "./google-connection-repository.js";

const pendingAuthorizationLifetimeMs = 10 * 60_000;

interface PendingAuthorization {
  userId: string;
  state: string;
  codeVerifier: string;
  startedAt: number;
  /** The dashboard mode to return to. */
  mode?: DashboardMode;
}

export type DashboardMode = "agent" | "property";
export type AuthorizationOutcome = "success" | "denied" | "failed";

/** A token set as the connection keeps it: sealed, carrying over what a refresh leaves out. */
export function sealTokenSet(
  box: SecretBox,
  tokens: GoogleTokenSet,
  previous?: StoredGoogleTokens,
): StoredGoogleTokens {
  return {
    sealedAccessToken: box.seal(tokens.accessToken),
    // A refresh answer usually has no new refresh token: keep the one we hold.
    sealedRefreshToken: tokens.refreshToken
      ? box.seal(tokens.refreshToken)
      : (previous?.sealedRefreshToken ?? null),
    expiresAt: tokens.expiresAt,
    scopes: tokens.scopes.length > 0 ? tokens.scopes : (previous?.scopes ?? []),
    // A refresh answer names no Google account: it is the one that granted the connection.
    subject: tokens.subject ?? previous?.subject ?? null,
  };
}

/** Connecting Google Analytics: the browser sent to Google with PKCE, and its return checked. */
export function createGoogleAuthorization(deps: {
  repository: GoogleConnectionRepository;
  oauth: GoogleOAuth;
  box: SecretBox;
  callbackUrl: string;
  now: () => Date;
}) {
  const { repository, oauth, box, now } = deps;

  /** The state must match the transaction this browser started, for this user, recently. */
  async function finish(
    user: User,
    query: { code?: string; state?: string; error?: string },
    pending: PendingAuthorization,
  ): Promise<AuthorizationOutcome> {
    const fresh = now().getTime() - pending.startedAt < pendingAuthorizationLifetimeMs;
    if (pending.userId !== user.id || pending.state !== query.state || !fresh) return "failed";
    if (query.error) return query.error === "access_denied" ? "denied" : "failed";
    if (!query.code) return "failed";
    try {
      const tokens = await oauth.exchangeCode({
        code: query.code,
        redirectUri: deps.callbackUrl,
        codeVerifier: pending.codeVerifier,
      });
      const granted = tokens.scopes.some(
        (scope) => scope === analyticsScopes.edit || scope === analyticsScopes.readonly,
      );
      if (!granted) return "denied";
      await repository.save(user.id, sealTokenSet(box, tokens, storedTokensOf(user) ?? undefined));
      return "success";
    } catch (error) {
      if (error instanceof GoogleOAuthError) return "failed";
      throw error;
    }
  }

  return {
    /** Where to send the browser, and the sealed transaction to keep in a cookie until it returns. */
    startAuthorization(user: User, mode?: DashboardMode): { url: string; pending: string } {
      const pending: PendingAuthorization = {
        userId: user.id,
        state: randomBytes(24).toString("base64url"),
        codeVerifier: randomBytes(48).toString("base64url"),
        startedAt: now().getTime(),
        ...(mode ? { mode } : {}),
      };
      const codeChallenge = createHash("sha256").update(pending.codeVerifier).digest("base64url");
      return {
        url: oauth.authorizationUrl({
          redirectUri: deps.callbackUrl,
          state: pending.state,
          codeChallenge,
          loginHint: user.email,
        }),
        pending: box.seal(JSON.stringify(pending)),
      };
    },

    /** Finishes the flow; returns the outcome the dashboard shows and the mode to return to. */
    async completeAuthorization(
      user: User,
      query: { code?: string; state?: string; error?: string },
      sealedPending: string | undefined,
    ): Promise<{ outcome: AuthorizationOutcome; mode?: DashboardMode }> {
      let pending: PendingAuthorization;
      try {
        pending = JSON.parse(box.open(sealedPending ?? "")) as PendingAuthorization;
      } catch {
        return { outcome: "failed" };
      }
      const outcome = await finish(user, query, pending);
      return { outcome, ...(pending.mode ? { mode: pending.mode } : {}) };
    },
  };
}
