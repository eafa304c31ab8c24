import { CodeChallengeMethod, type OAuth2Client } from "google-auth-library";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../index.js";
import {
  bearer,
  googleErrorOf,
  sandboxAdminClient,
  sandboxOAuthClient,
} from "../testing/official-clients.js";
import { control, walkSignInPages } from "../testing/sandbox-test-kit.js";
import { scopes } from "./scopes.js";

const appClient = {
  clientId: "tidemark-app.apps.sandbox",
  clientSecret: "app-secret",
  redirectUris: ["http://localhost:3000/api/auth/callback/google"],
};
const analyticsScopes = [
  "openid",
  "email",
  "profile",
  scopes.analyticsReadonly,
  scopes.analyticsEdit,
];

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, clients: [appClient], faultControl: true });
});

afterAll(() => sandbox.close());

interface Authorized {
  client: OAuth2Client;
  code: string;
  codeVerifier: string;
  callback: URL;
}

/** generateAuthUrl → sign-in pages → the code, exactly as an app would get it. */
async function authorize(
  email: string,
  options: { accessType?: "online" | "offline"; scope?: string[] } = {},
): Promise<Authorized> {
  const client = sandboxOAuthClient(sandbox.url, {
    ...appClient,
    redirectUri: appClient.redirectUris[0]!,
  });
  const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
  const url = client.generateAuthUrl({
    access_type: options.accessType ?? "offline",
    prompt: "consent",
    include_granted_scopes: true,
    scope: options.scope ?? analyticsScopes,
    state: "state-123",
    code_challenge_method: CodeChallengeMethod.S256,
    code_challenge: codeChallenge!,
    login_hint: email,
  });
  const { callback } = await walkSignInPages(url, { email });
  return {
    client,
    code: callback.searchParams.get("code")!,
    codeVerifier: codeVerifier!,
    callback,
  };
}

function oauthErrorOf(error: Awaited<ReturnType<typeof googleErrorOf>>): unknown {
  return error.body as unknown;
}

describe("OAuth2Client against the sandbox", () => {
  it("exchanges a PKCE code for access, refresh and ID tokens", async () => {
    const { client, code, codeVerifier, callback } = await authorize("oauth.user@example.com");
    expect(callback.origin + callback.pathname).toBe(appClient.redirectUris[0]);
    expect(callback.searchParams.get("state")).toBe("state-123");
    expect(callback.searchParams.get("scope")).toContain(scopes.analyticsEdit);

    const { tokens } = await client.getToken({ code, codeVerifier });
    expect(tokens.access_token).toMatch(/^ya29\./);
    expect(tokens.refresh_token).toMatch(/^1\/\//);
    expect(tokens.token_type).toBe("Bearer");
    expect(tokens.expiry_date).toBeGreaterThan(Date.now() + 3_500_000);
    expect(tokens.scope?.split(" ")).toEqual(
      expect.arrayContaining([
        "openid",
        scopes.email,
        scopes.profile,
        scopes.analyticsReadonly,
        scopes.analyticsEdit,
      ]),
    );

    const ticket = await client.verifyIdToken({
      idToken: tokens.id_token!,
      audience: appClient.clientId,
    });
    expect(ticket.getPayload()).toMatchObject({
      iss: sandbox.url,
      aud: appClient.clientId,
      azp: appClient.clientId,
      email: "oauth.user@example.com",
      email_verified: true,
      name: "Oauth User",
      given_name: "Oauth",
      family_name: "User",
      picture: expect.stringMatching(/^http:\/\/localhost:\d+\/avatars\/\d+\.svg$/) as string,
      sub: expect.stringMatching(/^\d{21}$/) as string,
    });
  });

  it("makes codes single use: a replayed code fails and revokes what the first exchange issued", async () => {
    const { client, code, codeVerifier } = await authorize("replay@example.com");
    const { tokens } = await client.getToken({ code, codeVerifier });
    const replay = await googleErrorOf(client.getToken({ code, codeVerifier }));
    expect(replay.status).toBe(400);
    expect(oauthErrorOf(replay)).toEqual({
      error: "invalid_grant",
      error_description: "Bad Request",
    });
    expect((await googleErrorOf(client.getTokenInfo(tokens.access_token!))).status).toBe(400);
  });

  it("checks the PKCE verifier", async () => {
    const wrong = await authorize("pkce@example.com");
    const mismatch = await googleErrorOf(
      wrong.client.getToken({ code: wrong.code, codeVerifier: "x".repeat(64) }),
    );
    expect(oauthErrorOf(mismatch)).toEqual({
      error: "invalid_grant",
      error_description: "Invalid code verifier.",
    });
    const missing = await authorize("pkce@example.com");
    const none = await googleErrorOf(missing.client.getToken({ code: missing.code }));
    expect(oauthErrorOf(none)).toEqual({
      error: "invalid_grant",
      error_description: "Missing code verifier.",
    });
  });

  it("expires codes after five minutes", async () => {
    const { client, code, codeVerifier } = await authorize("slow@example.com");
    await control(sandbox.url, "POST", "/clock", { advanceSeconds: 301 });
    try {
      const error = await googleErrorOf(client.getToken({ code, codeVerifier }));
      expect(oauthErrorOf(error)).toMatchObject({ error: "invalid_grant" });
    } finally {
      await control(sandbox.url, "POST", "/reset");
    }
  });

  it("answers redirect_uri_mismatch when the exchange names another redirect URI", async () => {
    const { code, codeVerifier } = await authorize("redirect@example.com");
    const other = sandboxOAuthClient(sandbox.url, {
      ...appClient,
      redirectUri: "http://localhost:3000/elsewhere",
    });
    const error = await googleErrorOf(other.getToken({ code, codeVerifier }));
    expect(error.status).toBe(400);
    expect(oauthErrorOf(error)).toEqual({
      error: "redirect_uri_mismatch",
      error_description: "Bad Request",
    });
  });

  it("answers 401 invalid_client for a wrong secret or an unknown client", async () => {
    const { code, codeVerifier } = await authorize("client@example.com");
    const wrongSecret = sandboxOAuthClient(sandbox.url, {
      ...appClient,
      clientSecret: "nope",
      redirectUri: appClient.redirectUris[0]!,
    });
    const bad = await googleErrorOf(wrongSecret.getToken({ code, codeVerifier }));
    expect(bad.status).toBe(401);
    expect(oauthErrorOf(bad)).toEqual({
      error: "invalid_client",
      error_description: "Unauthorized",
    });
    const unknown = sandboxOAuthClient(sandbox.url, {
      clientId: "who",
      clientSecret: "x",
      redirectUri: appClient.redirectUris[0]!,
    });
    const notFound = await googleErrorOf(unknown.getToken({ code, codeVerifier }));
    expect(oauthErrorOf(notFound)).toEqual({
      error: "invalid_client",
      error_description: "The OAuth client was not found.",
    });
  });

  it("issues no refresh token without access_type=offline", async () => {
    const { client, code, codeVerifier } = await authorize("online@example.com", {
      accessType: "online",
    });
    const { tokens } = await client.getToken({ code, codeVerifier });
    expect(tokens.refresh_token).toBeUndefined();
    expect(tokens.access_token).toBeTruthy();
  });

  it("refreshes an expired access token automatically and emits the new tokens", async () => {
    const { client, code, codeVerifier } = await authorize("refresh@example.com");
    const { tokens } = await client.getToken({ code, codeVerifier });
    client.setCredentials(tokens);
    await control(sandbox.url, "POST", "/tokens/expire", { email: "refresh@example.com" });
    client.setCredentials({ ...tokens, expiry_date: Date.now() - 1000 });
    const refreshed: string[] = [];
    client.on("tokens", (next) => refreshed.push(next.access_token!));

    const parent = "properties/1";
    const admin = sandboxAdminClient(sandbox.url, client);
    const error = await googleErrorOf(admin.properties.reportingDataAnnotations.list({ parent }));
    expect(error.status).toBe(403); // the refreshed token works; properties/1 just is not theirs
    expect(refreshed).toHaveLength(1);
    expect(refreshed[0]).not.toBe(tokens.access_token);
    const info = await client.getTokenInfo(refreshed[0]!);
    expect(info.scopes).toEqual(expect.arrayContaining([scopes.analyticsEdit]));

    const old = await googleErrorOf(
      sandboxAdminClient(
        sandbox.url,
        bearer(sandbox.url, tokens.access_token!),
      ).properties.reportingDataAnnotations.list({ parent }),
    );
    expect(old.status).toBe(401);
    expect(old.body.error.details?.[0]).toMatchObject({ reason: "ACCESS_TOKEN_EXPIRED" });
  });

  it("answers invalid_grant once the refresh token is revoked", async () => {
    const { client, code, codeVerifier } = await authorize("revoked@example.com");
    const { tokens } = await client.getToken({ code, codeVerifier });
    await control(sandbox.url, "POST", "/tokens/revoke-refresh", { email: "revoked@example.com" });
    client.setCredentials({ refresh_token: tokens.refresh_token! });
    const error = await googleErrorOf(client.refreshAccessToken());
    expect(error.status).toBe(400);
    expect(oauthErrorOf(error)).toEqual({
      error: "invalid_grant",
      error_description: "Token has been expired or revoked.",
    });
  });

  it("revokes: the access token and its refresh token both stop working", async () => {
    const { client, code, codeVerifier } = await authorize("revoke@example.com");
    const { tokens } = await client.getToken({ code, codeVerifier });
    const revoked = await client.revokeToken(tokens.access_token!);
    expect(revoked.status).toBe(200);
    expect((await googleErrorOf(client.getTokenInfo(tokens.access_token!))).status).toBe(400);
    client.setCredentials({ refresh_token: tokens.refresh_token! });
    expect(oauthErrorOf(await googleErrorOf(client.refreshAccessToken()))).toMatchObject({
      error: "invalid_grant",
    });
    expect(oauthErrorOf(await googleErrorOf(client.revokeToken(tokens.access_token!)))).toEqual({
      error: "invalid_token",
      error_description: "Token expired or revoked",
    });
  });

  it("answers tokeninfo for an access token like Google (string values)", async () => {
    const { client, code, codeVerifier } = await authorize("tokeninfo@example.com");
    const { tokens } = await client.getToken({ code, codeVerifier });
    const info = await client.getTokenInfo(tokens.access_token!);
    expect(info).toMatchObject({
      aud: appClient.clientId,
      azp: appClient.clientId,
      email: "tokeninfo@example.com",
      email_verified: "true",
      access_type: "offline",
    });
    expect(info.expiry_date).toBeGreaterThan(Date.now());
    const byQuery = (await (
      await fetch(`${sandbox.url}/tokeninfo?id_token=${tokens.id_token}`)
    ).json()) as Record<string, unknown>;
    expect(byQuery).toMatchObject({
      iss: sandbox.url,
      aud: appClient.clientId,
      email: "tokeninfo@example.com",
      email_verified: "true",
      alg: "RS256",
    });
  });

  it("honours accessTokenLifetimeSeconds", async () => {
    const short = await startSandbox({
      port: 0,
      clients: [],
      faultControl: true,
      accessTokenLifetimeSeconds: 60,
    });
    try {
      const minted = await control<{ expires_in: number }>(short.url, "POST", "/tokens", {
        email: "short@example.com",
      });
      expect(minted.expires_in).toBe(60);
    } finally {
      await short.close();
    }
  });
});
