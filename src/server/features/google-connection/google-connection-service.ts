import type { User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import {
  analyticsScopes,
  GoogleOAuthError,
  type GoogleOAuth,
} from "../../integrations/google/google-oauth.js";
import { memoizeRecent } from "../../caching/memoize-recent.js";
import type { SecretBox } from "../../security/secret-box.js";
import type { GoogleConnectionStatus } from "../../../shared/contracts/google.js";
import { createGoogleAuthorization, sealTokenSet } from "./google-authorization.js";
import { storedTokensOf, type GoogleConnectionRepository } from "./google-connection-repository.js";
import { createSealedGrants } from "./sealed-grants.js";

export type { AuthorizationOutcome, DashboardMode } from "./google-authorization.js";

/** Refresh a little before Google's expiry, so a token never dies mid-request. */
const refreshMarginMs = 60_000;

export const reconnectMessage =
  "Your Google Analytics connection has expired. Please connect Google Analytics again.";
export const notConnectedMessage = "Connect Google Analytics first.";
export const googleUnavailableMessage =
  "Google Analytics is unavailable right now. Please try again shortly.";

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

  return {
    ...createGoogleAuthorization({ repository, oauth, box, callbackUrl: deps.callbackUrl, now }),
    ...createSealedGrants(box, oauth),

    async status(user: User): Promise<GoogleConnectionStatus> {
      const stored = storedTokensOf(user);
      return {
        connected: stored !== null,
        canWrite: stored?.scopes.includes(analyticsScopes.edit) ?? false,
      };
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
        await repository.save(user.id, sealTokenSet(box, refreshed, stored));
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

    /** Forgets a connection Google has stopped accepting (a 401 on an API call). */
    async forget(user: User): Promise<void> {
      await repository.clear(user.id);
    },
  };
}

export type GoogleConnectionService = ReturnType<typeof createGoogleConnectionService>;
