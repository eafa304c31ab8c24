import { createPrivateKey, hkdfSync } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import Provider, {
  errors,
  interactionPolicy,
  type Configuration,
  type KoaContextWithOIDC,
} from "oidc-provider";
import { apiTokenScopes } from "../../../shared/contracts/api-tokens.js";
import { mcpOAuthPaths } from "../../../shared/contracts/oauth.js";
import type { OAuthRecordsRepository } from "./oauth-records-repository.js";
import {
  isLoopbackDocument,
  loopbackDocumentFetch,
  mayFetchClientDocument,
  redirectPolicyMetadata,
  renderProviderError,
} from "./provider-policies.js";

export { mayFetchClientDocument, redirectUriProblem } from "./provider-policies.js";

/** How long an access token for /mcp lives: short, since a refresh token renews it. */
export const accessTokenSeconds = 60 * 60;
/** A refresh token is rotated on every use; an unused one lapses after this. */
const refreshTokenSeconds = 30 * 24 * 60 * 60;

/**
 * The provider's signing key, the same on every instance: an Ed25519 key derived from the session
 * secret (HKDF), so nothing has to be generated and shared at start-up. Access tokens are opaque
 * and checked against the database; the key only signs what the protocol would have signed (ID
 * tokens, were `openid` ever asked for).
 */
function signingKey(secret: string) {
  const seed = Buffer.from(hkdfSync("sha256", secret, "tidemark-oauth", "signing-key", 32));
  // PKCS#8 wrapping of a raw Ed25519 private key (RFC 8410): a fixed prefix, then the 32 bytes.
  const der = Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), seed]);
  const jwk = createPrivateKey({ key: der, format: "der", type: "pkcs8" }).export({
    format: "jwk",
  });
  return { ...jwk, kid: "tidemark-1", alg: "EdDSA", use: "sig" };
}

/** Cookie signing keys of the provider's own cookies (interaction resume, its session). */
function cookieKey(secret: string): string {
  return Buffer.from(hkdfSync("sha256", secret, "tidemark-oauth", "cookie-key", 32)).toString(
    "base64url",
  );
}

export interface AuthorizationServerOptions {
  appUrl: string;
  secret: string;
  records: OAuthRecordsRepository;
  production: boolean;
  /**
   * Client ID Metadata Documents from loopback addresses, fetched with this function: for tests,
   * which serve a document on their own machine. Production fetches only public HTTPS names.
   */
  loopbackClientDocuments?: { fetch: typeof fetch };
}

/**
 * Tidemark as an OAuth 2.1 authorization server for MCP clients, on oidc-provider: authorization
 * code with PKCE (S256, the only method the library knows), dynamic client registration, Client
 * ID Metadata Documents, access tokens bound to the /mcp resource (RFC 8707), rotated refresh
 * tokens and revocation. Sign-in and consent are ours: the provider sends the browser to the
 * consent page, which finishes the interaction for the signed-in person.
 */
export function createAuthorizationServer(options: AuthorizationServerOptions) {
  const { appUrl, secret, records } = options;
  const resource = `${appUrl}${mcpOAuthPaths.mcp}`;
  const scopes = apiTokenScopes.join(" ");

  const loopbackFetch = options.loopbackClientDocuments?.fetch;
  const configuration: Configuration = {
    ...(loopbackFetch ? { fetch: loopbackDocumentFetch(loopbackFetch) } : {}),
    adapter: (name: string) => records.adapterFor(name),
    clients: [],
    jwks: { keys: [signingKey(secret)] },
    cookies: {
      keys: [cookieKey(secret)],
      long: { signed: true, secure: options.production, sameSite: "lax" },
      short: { signed: true, secure: options.production, sameSite: "lax" },
    },
    // The person behind an access token is our user id; no claims are released to clients.
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
    // Listed here too, so a client may name them when it registers (RFC 7591 `scope`).
    scopes: ["offline_access", ...apiTokenScopes],
    routes: {
      authorization: mcpOAuthPaths.authorize,
      token: mcpOAuthPaths.token,
      registration: mcpOAuthPaths.register,
      revocation: mcpOAuthPaths.revoke,
      jwks: mcpOAuthPaths.jwks,
    },
    interactions: {
      url: (_ctx, interaction) => `${mcpOAuthPaths.consentPage}?uid=${interaction.uid}`,
      policy: decidedEachTime(),
    },
    pkce: { required: () => true },
    clientDefaults: {
      // Native unless the client says otherwise: the provider then matches a loopback redirect on
      // any port (RFC 8252 §7.3) and lets a desktop app use its own scheme.
      application_type: "native",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      id_token_signed_response_alg: "EdDSA",
    },
    enabledJWA: { idTokenSigningAlgValues: ["EdDSA"] },
    responseTypes: ["code"],
    extraClientMetadata: redirectPolicyMetadata,
    features: providerFeatures(resource, scopes, options.loopbackClientDocuments !== undefined),
    // Every client that may use refresh tokens gets one; MCP clients run for weeks.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: accessTokenSeconds,
      AuthorizationCode: 60,
      Interaction: 30 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: refreshTokenSeconds,
      RefreshToken: refreshTokenSeconds,
    },
    renderError: (ctx: KoaContextWithOIDC, out) => renderProviderError(ctx, out),
  };

  const provider = new Provider(appUrl, configuration);
  // Behind a load balancer the address the client used arrives in X-Forwarded-*.
  provider.proxy = true;

  /**
   * The interaction this browser holds: the provider set its signed cookie, scoped to the consent
   * page's path, on the browser that began the authorization. Null when the browser has none (a
   * consent link opened anywhere else) or it does not verify.
   */
  async function interactionOfBrowser(
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<string | null> {
    try {
      const interaction = await provider.interactionDetails(request, response);
      return interaction.uid;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return null;
      throw error;
    }
  }

  return { provider, resource, scopes: apiTokenScopes, interactionOfBrowser };
}

/**
 * Every authorization goes to the consent page, where the person signed in to Tidemark now
 * decides it. The provider's default would skip the page while its own session cookie (left by an
 * earlier consent in this browser) and that consent's grant last: the browser would be handed
 * codes for whoever consented before, after they signed out, whoever is signed in now. A client
 * asking with `prompt=none` is told `interaction_required`.
 */
function decidedEachTime() {
  const policy = interactionPolicy.base();
  policy.get("login")!.checks.add(
    new interactionPolicy.Check(
      "tidemark_decides_each_time",
      "each authorization is decided on Tidemark's consent page by the person signed in now",
      // Once the consent page has answered, the authorization resumes with its result.
      (ctx) =>
        ctx.oidc.result?.["login"]
          ? interactionPolicy.Check.NO_NEED_TO_PROMPT
          : interactionPolicy.Check.REQUEST_PROMPT,
    ),
  );
  return policy;
}

/** The provider's features: registration and metadata documents on, one resource, nothing else. */
function providerFeatures(
  resource: string,
  scopes: string,
  loopbackDocuments: boolean,
): Configuration["features"] {
  return {
    devInteractions: { enabled: false },
    registration: { enabled: true },
    revocation: { enabled: true },
    userinfo: { enabled: false },
    rpInitiatedLogout: { enabled: false },
    clientIdMetadataDocument: {
      enabled: true,
      ack: "draft-02",
      allowFetch: (_ctx, clientId) =>
        mayFetchClientDocument(clientId) || (loopbackDocuments && isLoopbackDocument(clientId)),
    },
    resourceIndicators: {
      enabled: true,
      // A client that names no resource gets the one resource there is.
      defaultResource: () => resource,
      useGrantedResource: () => true,
      getResourceServerInfo: (_ctx, indicator) => {
        if (indicator !== resource)
          throw new errors.InvalidTarget(`The only resource here is ${resource}.`);
        return {
          scope: scopes,
          audience: resource,
          accessTokenTTL: accessTokenSeconds,
          accessTokenFormat: "opaque",
        };
      },
    },
  };
}

export type AuthorizationServer = ReturnType<typeof createAuthorizationServer>;
