import { decodeJwt } from "jose";
import type { GoogleEndpoints } from "./google-endpoints.js";

export const analyticsScopes = {
  readonly: "https://www.googleapis.com/auth/analytics.readonly",
  edit: "https://www.googleapis.com/auth/analytics.edit",
} as const;

export interface GoogleTokenSet {
  accessToken: string;
  /** Only sent when Google shows the consent screen (we always ask it to). */
  refreshToken: string | undefined;
  expiresAt: Date;
  scopes: string[];
  /**
   * The Google account that granted them (the ID token's `sub`), when the answer carries an ID
   * token: the code exchange always does (the connection asks for `openid`).
   */
  subject: string | undefined;
}

/**
 * The `sub` of an ID token received straight from Google's token endpoint over TLS, which OpenID
 * Connect Core (3.1.3.7) lets a client trust without checking the signature; undefined when
 * there is none or it cannot be read.
 */
function subjectOf(idToken: unknown): string | undefined {
  if (typeof idToken !== "string") return undefined;
  try {
    const { sub } = decodeJwt(idToken);
    return typeof sub === "string" && sub !== "" ? sub : undefined;
  } catch {
    return undefined;
  }
}

/** Google's OAuth error answer, e.g. `invalid_grant` for a revoked or expired refresh token. */
export class GoogleOAuthError extends Error {
  override name = "GoogleOAuthError";
  constructor(
    readonly status: number,
    readonly error: string,
    description?: string,
  ) {
    super(description ? `${error}: ${description}` : error);
  }
}

/**
 * How Google answered a revoke. Google documents a 200 for a revoked grant and a 400 with an
 * error code otherwise; `invalid_token` means the token is already expired or revoked, so nothing
 * is left to end. A 429, a 5xx or no answer at all says nothing yet (`unanswered`: ask again);
 * any other refusal will not change by asking again (`refused`).
 */
export type RevokeAnswer = "revoked" | "already_invalid" | "refused" | "unanswered";

/**
 * The OAuth 2.0 web-server flow for the Google Analytics connection (separate from sign-in: it
 * asks for the Analytics scopes and offline access). Plain HTTP, in Google's documented formats.
 */
export function createGoogleOAuth(endpoints: GoogleEndpoints, now: () => Date = () => new Date()) {
  const tokenRequest = (fields: Record<string, string>) => requestTokens(endpoints, now, fields);

  return {
    authorizationUrl(input: {
      redirectUri: string;
      state: string;
      codeChallenge: string;
      loginHint?: string;
    }): string {
      const url = new URL(endpoints.authorizationUrl);
      url.search = new URLSearchParams({
        client_id: endpoints.clientId,
        redirect_uri: input.redirectUri,
        response_type: "code",
        // `openid` asks for nothing but who the person is, and makes Google name the Google account
        // that granted (an ID token): a deleted account's revoke must know whether that account is
        // connected to Tidemark again, as Google ends the account's whole grant whichever of its
        // tokens is revoked.
        scope: ["openid", analyticsScopes.edit, analyticsScopes.readonly].join(" "),
        access_type: "offline",
        // Consent every time, so Google always returns a refresh token.
        prompt: "consent",
        include_granted_scopes: "true",
        state: input.state,
        code_challenge: input.codeChallenge,
        code_challenge_method: "S256",
        ...(input.loginHint ? { login_hint: input.loginHint } : {}),
      }).toString();
      return url.toString();
    },

    exchangeCode(input: {
      code: string;
      redirectUri: string;
      codeVerifier: string;
    }): Promise<GoogleTokenSet> {
      return tokenRequest({
        grant_type: "authorization_code",
        code: input.code,
        redirect_uri: input.redirectUri,
        code_verifier: input.codeVerifier,
      });
    },

    refresh(refreshToken: string): Promise<GoogleTokenSet> {
      return tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken });
    },

    /**
     * Asks Google to revoke the grant the token belongs to, and says how Google answered; never
     * throws: callers forget the connection on our side whatever Google says, and decide
     * themselves whether to ask again.
     */
    revoke(token: string): Promise<RevokeAnswer> {
      return revokeGrant(endpoints, token);
    },
  };
}

/** A token endpoint request (a code exchange or a refresh) and its answer, read. */
async function requestTokens(
  endpoints: GoogleEndpoints,
  now: () => Date,
  fields: Record<string, string>,
): Promise<GoogleTokenSet> {
  const response = await fetch(endpoints.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({
      client_id: endpoints.clientId,
      client_secret: endpoints.clientSecret,
      ...fields,
    }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok || typeof body.access_token !== "string") {
    throw new GoogleOAuthError(
      response.status,
      typeof body.error === "string" ? body.error : "token_request_failed",
      typeof body.error_description === "string" ? body.error_description : undefined,
    );
  }
  const expiresIn = typeof body.expires_in === "number" ? body.expires_in : 3600;
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === "string" ? body.refresh_token : undefined,
    expiresAt: new Date(now().getTime() + expiresIn * 1000),
    scopes: typeof body.scope === "string" ? body.scope.split(" ").filter(Boolean) : [],
    subject: subjectOf(body.id_token),
  };
}

async function revokeGrant(endpoints: GoogleEndpoints, token: string): Promise<RevokeAnswer> {
  const response = await fetch(endpoints.revokeUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token }),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  if (!response) return "unanswered";
  if (response.ok) {
    await response.body?.cancel();
    return "revoked";
  }
  if (response.status === 429 || response.status >= 500) {
    await response.body?.cancel();
    return "unanswered";
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return response.status === 400 && body.error === "invalid_token" ? "already_invalid" : "refused";
}

export type GoogleOAuth = ReturnType<typeof createGoogleOAuth>;
