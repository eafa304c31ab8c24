import { createHash, randomBytes } from "node:crypto";
import { SignJWT } from "jose";
import type { Clock } from "../clock.js";
import { OAuthError } from "../http/oauth-error.js";
import { authorizationCodeLifetimeSeconds } from "../sandbox-options.js";
import type { AccessTokenRecord, UserRecord } from "../store/sandbox-records.js";
import { SandboxStore } from "../store/sandbox-store.js";
import type { RegisteredClient } from "./client-registry.js";
import { scopes as knownScopes, sortScopes } from "./scopes.js";
import type { SigningKey } from "./signing-key.js";

export interface TokenServiceDeps {
  store: SandboxStore;
  clock: Clock;
  signingKey: SigningKey;
  issuer: () => string;
  accessTokenLifetimeSeconds: number;
}

/** What the authorization step hands to the token step. */
export interface AuthorizationGrant {
  clientId: string;
  redirectUri: string;
  sub: string;
  scopes: string[];
  nonce?: string;
  codeChallenge?: string;
  codeChallengeMethod?: "S256" | "plain";
  /** A refresh token comes with the code exchange (access_type=offline and the consent screen was shown). */
  issueRefreshToken: boolean;
  offline: boolean;
}

interface CodeRecord extends AuthorizationGrant {
  expiresAt: number;
  used: boolean;
}

export interface TokenResponse {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
  scope: string;
  token_type: "Bearer";
  id_token?: string;
}

export type BearerCheck =
  | { outcome: "missing" }
  | { outcome: "invalid" }
  | { outcome: "expired" }
  | { outcome: "valid"; token: AccessTokenRecord; user: UserRecord };

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

function randomToken(prefix: string, bytes: number): string {
  return `${prefix}${randomBytes(bytes).toString("base64url")}`;
}

/** Authorization codes, access and refresh tokens, ID tokens: issuing, checking and revoking. */
export class TokenService {
  /** Codes live only in memory: they are single use and short-lived. */
  private readonly codes = new Map<string, CodeRecord>();

  constructor(private readonly deps: TokenServiceDeps) {}

  issueCode(grant: AuthorizationGrant): string {
    const now = this.deps.clock.now();
    if (this.codes.size > 256) {
      for (const [hash, record] of this.codes) if (record.expiresAt < now) this.codes.delete(hash);
    }
    const code = randomToken("4/0", 48);
    this.codes.set(hashToken(code), {
      ...grant,
      expiresAt: now + authorizationCodeLifetimeSeconds * 1000,
      used: false,
    });
    return code;
  }

  /** grant_type=authorization_code */
  async exchangeCode(client: RegisteredClient, form: URLSearchParams): Promise<TokenResponse> {
    const code = required(form, "code");
    const redirectUri = required(form, "redirect_uri");
    const hash = hashToken(code);
    const record = this.codes.get(hash);
    if (!record)
      throw new OAuthError(
        400,
        "invalid_grant",
        code.startsWith("4/") ? "Bad Request" : "Malformed auth code.",
      );
    if (record.clientId !== client.clientId)
      throw new OAuthError(400, "invalid_grant", "Bad Request");
    if (record.used) {
      // A replayed code revokes what the first exchange issued (RFC 6749 §4.1.2).
      this.codes.delete(hash);
      this.revokeGrant(record.sub, record.clientId);
      throw new OAuthError(400, "invalid_grant", "Bad Request");
    }
    if (record.expiresAt <= this.deps.clock.now()) {
      this.codes.delete(hash);
      throw new OAuthError(400, "invalid_grant", "Bad Request");
    }
    if (redirectUri !== record.redirectUri)
      throw new OAuthError(400, "redirect_uri_mismatch", "Bad Request");
    if (record.codeChallenge) {
      const verifier = form.get("code_verifier");
      if (!verifier) throw new OAuthError(400, "invalid_grant", "Missing code verifier.");
      const computed =
        record.codeChallengeMethod === "S256"
          ? createHash("sha256").update(verifier).digest("base64url")
          : verifier;
      if (computed !== record.codeChallenge)
        throw new OAuthError(400, "invalid_grant", "Invalid code verifier.");
    }
    record.used = true;
    const user = this.userOf(record.sub);
    return this.issueTokens(user, client.clientId, record.scopes, {
      refreshToken: record.issueRefreshToken,
      offline: record.offline,
      ...(record.nonce ? { nonce: record.nonce } : {}),
    });
  }

  /** grant_type=refresh_token */
  async refresh(client: RegisteredClient, form: URLSearchParams): Promise<TokenResponse> {
    const refreshToken = required(form, "refresh_token");
    const record = this.deps.store.refreshTokens.get(hashToken(refreshToken));
    if (!record) throw new OAuthError(400, "invalid_grant", "Token has been expired or revoked.");
    if (record.clientId !== client.clientId)
      throw new OAuthError(401, "unauthorized_client", "Unauthorized");
    let grantedScopes = record.scopes;
    const requested = form.get("scope");
    if (requested) {
      const narrowed = requested.split(/\s+/).filter(Boolean);
      if (narrowed.some((scope) => !record.scopes.includes(scope))) {
        throw new OAuthError(
          400,
          "invalid_scope",
          "Some requested scopes were invalid or were not granted.",
        );
      }
      grantedScopes = narrowed;
    }
    const user = this.userOf(record.sub);
    return this.issueTokens(user, client.clientId, grantedScopes, {
      refreshToken: false,
      offline: true,
    });
  }

  /** Tokens for a user without the browser flow (control endpoint). Always offline. */
  mint(user: UserRecord, clientId: string, scopes: string[]): Promise<TokenResponse> {
    this.recordGrant(user.sub, clientId, scopes, true);
    return this.issueTokens(user, clientId, sortScopes(scopes), {
      refreshToken: true,
      offline: true,
    });
  }

  checkBearer(authorization: string | undefined): BearerCheck {
    if (!authorization) return { outcome: "missing" };
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) return { outcome: "invalid" };
    return this.checkAccessToken(match[1]!);
  }

  checkAccessToken(accessToken: string): BearerCheck {
    const token = this.deps.store.accessTokens.get(hashToken(accessToken));
    if (!token) return { outcome: "invalid" };
    if (token.expiresAt <= this.deps.clock.now()) return { outcome: "expired" };
    const user = this.deps.store.users.get(token.sub);
    return user ? { outcome: "valid", token, user } : { outcome: "invalid" };
  }

  /** Revokes a live access or refresh token and with it the whole grant of that user to that client, as Google does. */
  revoke(token: string): boolean {
    const hash = hashToken(token);
    const now = this.deps.clock.now();
    const access = this.deps.store.accessTokens.get(hash);
    const refresh = this.deps.store.refreshTokens.get(hash);
    const owner = refresh ?? (access && access.expiresAt > now ? access : undefined);
    if (!owner) return false;
    this.revokeGrant(owner.sub, owner.clientId);
    return true;
  }

  /** Previously granted scopes of a user to a client (for include_granted_scopes and skipping consent). */
  grantedScopes(sub: string, clientId: string): string[] {
    return this.deps.store.grants.get(SandboxStore.grantKey(sub, clientId)) ?? [];
  }

  recordGrant(sub: string, clientId: string, scopes: string[], includeGranted: boolean): string[] {
    const key = SandboxStore.grantKey(sub, clientId);
    const merged = sortScopes(
      includeGranted ? [...(this.deps.store.grants.get(key) ?? []), ...scopes] : scopes,
    );
    this.deps.store.grants.set(key, merged);
    this.deps.store.changed();
    return merged;
  }

  hasLiveRefreshToken(sub: string, clientId: string): boolean {
    for (const token of this.deps.store.refreshTokens.values())
      if (token.sub === sub && token.clientId === clientId) return true;
    return false;
  }

  /** Control: makes access tokens (of one user, or all) expire now. */
  expireAccessTokens(sub?: string): number {
    const now = this.deps.clock.now();
    let count = 0;
    for (const token of this.deps.store.accessTokens.values()) {
      if ((sub === undefined || token.sub === sub) && token.expiresAt > now) {
        token.expiresAt = now;
        count += 1;
      }
    }
    if (count) this.deps.store.changed();
    return count;
  }

  /** Control: revokes refresh tokens (of one user, or all); refreshing then answers invalid_grant. */
  revokeRefreshTokens(sub?: string): number {
    let count = 0;
    for (const [hash, token] of this.deps.store.refreshTokens) {
      if (sub === undefined || token.sub === sub) {
        this.deps.store.refreshTokens.delete(hash);
        count += 1;
      }
    }
    if (count) this.deps.store.changed();
    return count;
  }

  private async signIdToken(
    user: UserRecord,
    clientId: string,
    scopes: readonly string[],
    accessToken: string,
    nonce?: string,
  ): Promise<string> {
    const issuedAt = Math.floor(this.deps.clock.now() / 1000);
    const claims: Record<string, unknown> = { azp: clientId, sub: user.sub };
    if (scopes.includes(knownScopes.email))
      Object.assign(claims, { email: user.email, email_verified: true });
    claims.at_hash = createHash("sha256")
      .update(accessToken)
      .digest()
      .subarray(0, 16)
      .toString("base64url");
    if (nonce) claims.nonce = nonce;
    if (scopes.includes(knownScopes.profile)) {
      Object.assign(claims, {
        name: user.name,
        picture: this.pictureUrl(user),
        given_name: user.givenName,
      });
      if (user.familyName) claims.family_name = user.familyName;
    }
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: this.deps.signingKey.kid, typ: "JWT" })
      .setIssuer(this.deps.issuer())
      .setAudience(clientId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 3600)
      .sign(this.deps.signingKey.privateKey);
  }

  pictureUrl(user: UserRecord): string {
    return `${this.deps.issuer()}/avatars/${user.sub}.svg`;
  }

  private async issueTokens(
    user: UserRecord,
    clientId: string,
    scopes: string[],
    options: { refreshToken: boolean; offline: boolean; nonce?: string },
  ): Promise<TokenResponse> {
    const { store, clock, accessTokenLifetimeSeconds } = this.deps;
    const now = clock.now();
    const accessToken = randomToken("ya29.", 96);
    store.accessTokens.set(hashToken(accessToken), {
      sub: user.sub,
      clientId,
      scopes,
      expiresAt: now + accessTokenLifetimeSeconds * 1000,
      offline: options.offline,
    });
    let refreshToken: string | undefined;
    if (options.refreshToken) {
      refreshToken = randomToken("1//0", 64);
      store.refreshTokens.set(hashToken(refreshToken), {
        sub: user.sub,
        clientId,
        scopes,
        createdAt: now,
      });
    }
    store.changed();
    const response: TokenResponse = {
      access_token: accessToken,
      expires_in: accessTokenLifetimeSeconds,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      scope: scopes.join(" "),
      token_type: "Bearer",
    };
    if (scopes.includes(knownScopes.openid)) {
      response.id_token = await this.signIdToken(
        user,
        clientId,
        scopes,
        accessToken,
        options.nonce,
      );
    }
    return response;
  }

  private revokeGrant(sub: string, clientId: string): void {
    const { store } = this.deps;
    for (const [hash, token] of store.accessTokens)
      if (token.sub === sub && token.clientId === clientId) store.accessTokens.delete(hash);
    for (const [hash, token] of store.refreshTokens)
      if (token.sub === sub && token.clientId === clientId) store.refreshTokens.delete(hash);
    store.grants.delete(SandboxStore.grantKey(sub, clientId));
    store.changed();
  }

  private userOf(sub: string): UserRecord {
    const user = this.deps.store.users.get(sub);
    if (!user) throw new OAuthError(400, "invalid_grant", "Bad Request");
    return user;
  }
}

function required(form: URLSearchParams, name: string): string {
  const value = form.get(name);
  if (!value) throw new OAuthError(400, "invalid_request", `Missing required parameter: ${name}`);
  return value;
}
