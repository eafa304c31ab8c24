import * as oidc from "openid-client";
import { X509Certificate, createPublicKey } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxTestClient, startSandbox, type RunningSandbox } from "../index.js";
import { walkSignInPages } from "../testing/sandbox-test-kit.js";
import { scopes } from "./scopes.js";

let sandbox: RunningSandbox;
let config: oidc.Configuration;
const redirectUri = "http://127.0.0.1:4321/callback";

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, clients: [] });
  config = await oidc.discovery(
    new URL(sandbox.url),
    sandboxTestClient.clientId,
    sandboxTestClient.clientSecret,
    undefined,
    {
      execute: [oidc.allowInsecureRequests],
    },
  );
});

afterAll(() => sandbox.close());

async function signIn(email: string, extra: Record<string, string> = {}) {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: `openid email profile ${scopes.analyticsReadonly}`,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
    access_type: "offline",
    ...extra,
  });
  const { callback } = await walkSignInPages(url, { email });
  const tokens = await oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: codeVerifier,
    expectedState: state,
    expectedNonce: nonce,
  });
  return { tokens, nonce };
}

describe("OpenID Connect with openid-client", () => {
  it("discovers the issuer at the sandbox root, with every endpoint on its origin", () => {
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(sandbox.url);
    expect(sandbox.url).toMatch(/^http:\/\/localhost:\d+$/);
    for (const endpoint of [
      "authorization_endpoint",
      "token_endpoint",
      "userinfo_endpoint",
      "revocation_endpoint",
      "jwks_uri",
    ] as const) {
      expect(metadata[endpoint]).toMatch(new RegExp(`^${sandbox.url}/`));
    }
    expect(metadata.id_token_signing_alg_values_supported).toEqual(["RS256"]);
    expect(metadata.code_challenge_methods_supported).toContain("S256");
  });

  it("runs the code flow with PKCE, state and nonce and validates the RS256 ID token", async () => {
    const { tokens, nonce } = await signIn("oidc.person@example.com");
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({
      iss: sandbox.url,
      aud: sandboxTestClient.clientId,
      email: "oidc.person@example.com",
      email_verified: true,
      name: "Oidc Person",
      given_name: "Oidc",
      family_name: "Person",
      nonce,
    });
    expect(typeof claims.picture).toBe("string");
    expect(claims.exp - claims.iat).toBe(3600);
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.scope?.split(" ")).toContain(scopes.analyticsReadonly);
  });

  it("serves userinfo for the access token", async () => {
    const { tokens } = await signIn("userinfo@example.com");
    const info = await oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub);
    expect(info).toMatchObject({
      email: "userinfo@example.com",
      email_verified: true,
      name: "Userinfo",
      given_name: "Userinfo",
    });
    expect(info.family_name).toBeUndefined();
  });

  it("refreshes and revokes", async () => {
    const { tokens } = await signIn("refresh.oidc@example.com");
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.claims()?.email).toBe("refresh.oidc@example.com");
    await oidc.tokenRevocation(config, tokens.refresh_token!);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: "invalid_grant",
    });
  });

  it("accepts client_secret_basic too", async () => {
    const basic = await oidc.discovery(
      new URL(sandbox.url),
      sandboxTestClient.clientId,
      undefined,
      oidc.ClientSecretBasic(sandboxTestClient.clientSecret),
      { execute: [oidc.allowInsecureRequests] },
    );
    const { tokens } = await signIn("basic@example.com");
    const refreshed = await oidc.refreshTokenGrant(basic, tokens.refresh_token!);
    expect(refreshed.access_token).toBeTruthy();
  });

  it("publishes the signing key as a JWK and as a matching self-signed X.509 certificate", async () => {
    const jwks = (await (await fetch(`${sandbox.url}/oauth2/v3/certs`)).json()) as {
      keys: Array<{ kid: string; n: string }>;
    };
    const pem = (await (await fetch(`${sandbox.url}/oauth2/v1/certs`)).json()) as Record<
      string,
      string
    >;
    const [key] = jwks.keys;
    const certificate = new X509Certificate(pem[key!.kid]!);
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect((certificate.publicKey.export({ format: "jwk" }) as { n: string }).n).toBe(key!.n);
    expect(
      createPublicKey({ key: key as never, format: "jwk" }).equals(certificate.publicKey),
    ).toBe(true);
  });
});
