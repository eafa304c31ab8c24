import { createPublicKey } from "node:crypto";
import { jwtVerify } from "jose";
import { unauthenticated, type ApiMethod } from "../http/google-api-error.js";
import { jsonResult, type HandlerResult } from "../http/handler-result.js";
import { OAuthError } from "../http/oauth-error.js";
import type { RequestContext, Route } from "../http/route.js";
import type { SandboxContext } from "../sandbox-context.js";
import { initialsOf } from "../seed/person-name.js";
import { hashUnit } from "../seeded-random.js";
import { badgeSvg } from "./badge-svg.js";
import { scopes as knownScopes } from "./scopes.js";

const noStore = {
  "cache-control": "no-cache, no-store, max-age=0, must-revalidate",
  pragma: "no-cache",
};
const certCache = { "cache-control": "public, max-age=21600, must-revalidate, no-transform" };
const userinfoMethod: ApiMethod = {
  id: "oauth2.userinfo",
  service: "openidconnect.googleapis.com",
  rpc: "google.identity.openidconnect.v1.UserInfo.Get",
};

/** The OAuth/OIDC endpoints besides the sign-in pages: discovery, keys, token, revoke, tokeninfo, userinfo, avatars. */
export function identityRoutes(context: SandboxContext): Route[] {
  const { clients, tokens, signingKey } = context;
  const publicKey = createPublicKey(signingKey.privateKey);

  const discovery = (): HandlerResult => {
    const issuer = context.issuer();
    return jsonResult(
      {
        issuer,
        authorization_endpoint: `${issuer}/o/oauth2/v2/auth`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/v1/userinfo`,
        revocation_endpoint: `${issuer}/revoke`,
        jwks_uri: `${issuer}/oauth2/v3/certs`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        scopes_supported: ["openid", "email", "profile"],
        token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
        claims_supported: [
          "aud",
          "email",
          "email_verified",
          "exp",
          "family_name",
          "given_name",
          "iat",
          "iss",
          "name",
          "picture",
          "sub",
        ],
        code_challenge_methods_supported: ["plain", "S256"],
        grant_types_supported: ["authorization_code", "refresh_token"],
      },
      200,
      { "cache-control": "public, max-age=3600" },
    );
  };

  const jwks = () => jsonResult({ keys: [signingKey.publicJwk] }, 200, certCache);
  const pemCertificates = () =>
    jsonResult({ [signingKey.kid]: signingKey.certificatePem }, 200, certCache);

  const token = async (request: RequestContext): Promise<HandlerResult> => {
    const form = formOf(request);
    const client = clients.authenticate(request.headers, form);
    const grantType = form.get("grant_type");
    if (!grantType)
      throw new OAuthError(400, "invalid_request", "Missing required parameter: grant_type");
    if (grantType === "authorization_code")
      return jsonResult(await tokens.exchangeCode(client, form), 200, noStore);
    if (grantType === "refresh_token")
      return jsonResult(await tokens.refresh(client, form), 200, noStore);
    throw new OAuthError(400, "unsupported_grant_type", `Invalid grant_type: ${grantType}`);
  };

  const revoke = (request: RequestContext): HandlerResult => {
    const value = request.query.get("token") ?? formOf(request).get("token");
    if (!value) throw new OAuthError(400, "invalid_request", "Bad Request");
    if (!tokens.revoke(value))
      throw new OAuthError(400, "invalid_token", "Token expired or revoked");
    return jsonResult({}, 200, noStore);
  };

  const tokeninfo = async (request: RequestContext): Promise<HandlerResult> => {
    const form = formOf(request);
    const idToken = request.query.get("id_token") ?? form.get("id_token");
    if (idToken) return jsonResult(await idTokenInfo(idToken), 200, noStore);
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
    const accessToken = request.query.get("access_token") ?? form.get("access_token") ?? bearer;
    const check = accessToken ? tokens.checkAccessToken(accessToken) : undefined;
    if (check?.outcome !== "valid") throw new OAuthError(400, "invalid_token", "Invalid Value");
    const { token: record, user } = check;
    const now = context.clock.now();
    return jsonResult(
      {
        azp: record.clientId,
        aud: record.clientId,
        sub: user.sub,
        scope: record.scopes.join(" "),
        exp: String(Math.floor(record.expiresAt / 1000)),
        expires_in: String(Math.max(0, Math.floor((record.expiresAt - now) / 1000))),
        ...(record.scopes.includes(knownScopes.email)
          ? { email: user.email, email_verified: "true" }
          : {}),
        access_type: record.offline ? "offline" : "online",
      },
      200,
      noStore,
    );
  };

  const idTokenInfo = async (idToken: string): Promise<Record<string, string>> => {
    try {
      const { payload, protectedHeader } = await jwtVerify(idToken, publicKey, {
        issuer: context.issuer(),
        currentDate: new Date(context.clock.now()),
      });
      const claims: Record<string, string> = {};
      for (const [name, value] of Object.entries(payload)) claims[name] = String(value);
      return {
        ...claims,
        alg: protectedHeader.alg,
        kid: protectedHeader.kid ?? "",
        typ: protectedHeader.typ ?? "JWT",
      };
    } catch {
      throw new OAuthError(400, "invalid_token", "Invalid Value");
    }
  };

  const userinfo = (request: RequestContext): HandlerResult => {
    const check = tokens.checkBearer(request.headers.authorization);
    if (check.outcome !== "valid") throw unauthenticated(check.outcome, userinfoMethod);
    const { token: record, user } = check;
    const profile = record.scopes.includes(knownScopes.profile);
    const email = record.scopes.includes(knownScopes.email);
    return jsonResult(
      {
        sub: user.sub,
        ...(profile
          ? {
              name: user.name,
              given_name: user.givenName,
              ...(user.familyName ? { family_name: user.familyName } : {}),
              picture: tokens.pictureUrl(user),
            }
          : {}),
        ...(email ? { email: user.email, email_verified: true } : {}),
      },
      200,
      noStore,
    );
  };

  const image = (svg: string, status = 200): HandlerResult => ({
    type: "raw",
    status,
    contentType: "image/svg+xml",
    body: svg,
    headers: {
      "content-security-policy": "default-src 'none'",
      "cross-origin-resource-policy": "cross-origin",
      "cache-control": "public, max-age=86400",
      "x-content-type-options": "nosniff",
    },
  });

  const avatar = (request: RequestContext): HandlerResult => {
    const sub = request.params.sub ?? "0";
    const user = context.store.users.get(sub);
    const name = user?.name ?? "?";
    const hue = Math.floor(hashUnit(Number(sub.slice(-9)), 7) * 360);
    return image(
      badgeSvg({
        size: 96,
        fill: `hsl(${hue} 55% 42%)`,
        text: initialsOf(name).toUpperCase(),
        label: name,
      }),
      user ? 200 : 404,
    );
  };

  const favicon = (): HandlerResult => image(badgeSvg({ size: 32, fill: "#1a73e8", text: "G" }));

  const oauth = { family: "oauth" as const };
  return [
    {
      ...oauth,
      method: "GET",
      pattern: /^\/\.well-known\/openid-configuration$/,
      body: "none",
      counter: "oidc.discovery",
      handle: discovery,
    },
    {
      ...oauth,
      method: "GET",
      pattern: /^\/oauth2\/v3\/certs$/,
      body: "none",
      counter: "oauth2.certs",
      handle: jwks,
    },
    {
      ...oauth,
      method: "GET",
      pattern: /^\/oauth2\/v1\/certs$/,
      body: "none",
      counter: "oauth2.certs",
      handle: pemCertificates,
    },
    {
      ...oauth,
      method: "POST",
      pattern: /^\/(?:token|o\/oauth2\/token)$/,
      body: "form-or-json",
      counter: tokenCounter,
      handle: token,
    },
    {
      ...oauth,
      method: "POST",
      pattern: /^\/(?:revoke|o\/oauth2\/revoke)$/,
      body: "form-or-json",
      counter: "oauth2.revoke",
      handle: revoke,
    },
    {
      ...oauth,
      method: "GET",
      pattern: /^\/(?:revoke|o\/oauth2\/revoke)$/,
      body: "none",
      counter: "oauth2.revoke",
      handle: revoke,
    },
    {
      ...oauth,
      method: "POST",
      pattern: /^\/(?:tokeninfo|oauth2\/v3\/tokeninfo)$/,
      body: "form-or-json",
      counter: "oauth2.tokeninfo",
      handle: tokeninfo,
    },
    {
      ...oauth,
      method: "GET",
      pattern: /^\/(?:tokeninfo|oauth2\/v3\/tokeninfo)$/,
      body: "none",
      counter: "oauth2.tokeninfo",
      handle: tokeninfo,
    },
    {
      family: "api",
      method: "GET",
      pattern: /^\/(?:v1|oauth2\/v3)\/userinfo$/,
      body: "none",
      counter: "oauth2.userinfo",
      handle: userinfo,
    },
    {
      family: "api",
      method: "POST",
      pattern: /^\/(?:v1|oauth2\/v3)\/userinfo$/,
      body: "form-or-json",
      counter: "oauth2.userinfo",
      handle: userinfo,
    },
    {
      family: "asset",
      method: "GET",
      pattern: /^\/avatars\/(?<sub>\d{1,30})\.svg$/,
      body: "none",
      counter: "avatar",
      handle: avatar,
    },
    {
      family: "asset",
      method: "GET",
      pattern: /^\/favicon\.(?:svg|ico)$/,
      body: "none",
      counter: "favicon",
      handle: favicon,
    },
  ];
}

function tokenCounter(request: RequestContext): string {
  const grant = formOf(request).get("grant_type");
  return grant === "authorization_code" || grant === "refresh_token"
    ? `oauth2.token.${grant}`
    : "oauth2.token";
}

/** Token endpoints take a form (or, like Google's, a JSON object); both become URLSearchParams. */
function formOf(request: RequestContext): URLSearchParams {
  const { body } = request;
  if (body.kind === "form") return body.value;
  const form = new URLSearchParams();
  if (
    body.kind === "json" &&
    body.value &&
    typeof body.value === "object" &&
    !Array.isArray(body.value)
  ) {
    for (const [name, value] of Object.entries(body.value)) {
      if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
        form.set(name, String(value));
    }
  }
  return form;
}
