import { createHash, randomBytes } from "node:crypto";
import type { User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import {
  analyticsScopes,
  GoogleOAuthError,
  type GoogleOAuth,
  type GoogleTokenSet,
  type RevokeAnswer,
} from "../../integrations/google/google-oauth.js";
import { memoizeRecent } from "../../caching/memoize-recent.js";
import type { SecretBox } from "../../security/secret-box.js";
import type { GoogleConnectionStatus } from "../../../shared/contracts/google.js";
import {
  storedTokensOf,
  type GoogleConnectionRepository,
  type StoredGoogleTokens,
} from "./google-connection-repository.js";

/** Refresh a little before Google's expiry, so a token never dies mid-request. */
const refreshMarginMs = 60_000;
const pendingAuthorizationLifetimeMs = 10 * 60_000;

export const reconnectMessage =
  "Your Google Analytics connection has expired. Please connect Google Analytics again.";
export const notConnectedMessage = "Connect Google Analytics first.";
export const googleUnavailableMessage =
  "Google Analytics is unavailable right now. Please try again shortly.";

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

export function createGoogleConnectionService(deps: {
  repository: GoogleConnectionRepository;
  oauth: GoogleOAuth;
  box: SecretBox;
  callbackUrl: string;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { repository, oauth, box } = deps;
  // Every Google call opens the person's access token; it stays the same for an hour.
  const openAccessToken = memoizeRecent((sealed: string) => box.open(sealed), { size: 2_000 });

  function seal(tokens: GoogleTokenSet, previous?: StoredGoogleTokens): StoredGoogleTokens {
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
      await repository.save(user.id, seal(tokens, storedTokensOf(user) ?? undefined));
      return "success";
    } catch (error) {
      if (error instanceof GoogleOAuthError) return "failed";
      throw error;
    }
  }

  return {
    async status(user: User): Promise<GoogleConnectionStatus> {
      const stored = storedTokensOf(user);
      return {
        connected: stored !== null,
        canWrite: stored?.scopes.includes(analyticsScopes.edit) ?? false,
      };
    },

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
    async disconnect(user: User): Promise<void> {
      const stored = storedTokensOf(user);
      if (!stored) return;
      const token = stored.sealedRefreshToken ?? stored.sealedAccessToken;
      await repository.clear(user.id);
      if (token) await oauth.revoke(box.open(token));
    },

    /**
     * A valid access token for the user's Google account, refreshed when due. A refresh token
     * Google no longer honours (`invalid_grant`) ends the connection: the person must reconnect,
     * and nothing retries in a loop.
     */
    async accessToken(user: User): Promise<{ token: string; canWrite: boolean }> {
      const stored = storedTokensOf(user);
      if (!stored) throw new AppError("google_not_connected", notConnectedMessage);
      const canWrite = stored.scopes.includes(analyticsScopes.edit);
      const due =
        !stored.expiresAt || stored.expiresAt.getTime() - refreshMarginMs <= now().getTime();
      if (!due && stored.sealedAccessToken)
        return { token: openAccessToken(stored.sealedAccessToken), canWrite };
      if (!stored.sealedRefreshToken) {
        await repository.clear(user.id);
        throw new AppError("google_reconnect", reconnectMessage);
      }
      try {
        const refreshed = await oauth.refresh(box.open(stored.sealedRefreshToken));
        await repository.save(user.id, seal(refreshed, stored));
        return { token: refreshed.accessToken, canWrite };
      } catch (error) {
        if (
          error instanceof GoogleOAuthError &&
          (error.error === "invalid_grant" || error.error === "unauthorized_client")
        ) {
          await repository.clear(user.id);
          throw new AppError("google_reconnect", reconnectMessage);
        }
        // Google unreachable or answering oddly: the connection may be fine; try again later.
        throw new AppError("google_unavailable", googleUnavailableMessage);
      }
    },

    /**
     * The token that ends the person's grant at Google, as we store it (sealed): the refresh
     * token, or the access token without one; null when Google Analytics is not connected.
     */
    sealedGrantToken(user: User): string | null {
      const stored = storedTokensOf(user);
      return stored?.sealedRefreshToken ?? stored?.sealedAccessToken ?? null;
    },

    /** The Google account (OpenID `sub`) that granted the person's connection; null when not known. */
    grantSubject(user: User): string | null {
      return storedTokensOf(user)?.subject ?? null;
    },

    /**
     * Seals a value of a Google grant (a sign-in's token, the Google account it belongs to) the
     * way connection tokens are kept.
     */
    sealToken(token: string): string {
      return box.seal(token);
    },

    /** A value sealed by `sealToken`; null when it was sealed with a key we no longer hold. */
    openSealed(sealed: string): string | null {
      try {
        return box.open(sealed);
      } catch {
        return null;
      }
    },

    /**
     * Asks Google to revoke the grant of a sealed token, and says how Google answered;
     * "unreadable" when it was sealed with a key we no longer hold (nothing can be sent).
     */
    async revokeSealed(sealed: string): Promise<RevokeAnswer | "unreadable"> {
      let plain: string;
      try {
        plain = box.open(sealed);
      } catch {
        return "unreadable";
      }
      return oauth.revoke(plain);
    },

    /** Forgets a connection Google has stopped accepting (a 401 on an API call). */
    async forget(user: User): Promise<void> {
      await repository.clear(user.id);
    },
  };
}

export type GoogleConnectionService = ReturnType<typeof createGoogleConnectionService>;
