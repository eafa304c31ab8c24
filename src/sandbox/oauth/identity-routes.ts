import { createPublicKey } from "node:crypto";
import { jsonResult, type HandlerResult } from "../http/handler-result.js";
import type { RequestContext, Route } from "../http/route.js";
import type { SandboxContext } from "../sandbox-context.js";
import { initialsOf } from "../seed/person-name.js";
import { hashUnit } from "../seeded-random.js";
import { badgeSvg } from "./badge-svg.js";
import {
  revokeEndpoint,
  tokenCounter,
  tokenEndpoint,
  tokeninfoEndpoint,
  userinfoEndpoint,
} from "./token-endpoints.js";

const certCache = { "cache-control": "public, max-age=21600, must-revalidate, no-transform" };

/** The OAuth/OIDC endpoints besides the sign-in pages: discovery, keys, token, revoke, tokeninfo, userinfo, avatars. */
export function identityRoutes(context: SandboxContext): Route[] {
  const { signingKey } = context;
  const publicKey = createPublicKey(signingKey.privateKey);
  const jwks = () => jsonResult({ keys: [signingKey.publicJwk] }, 200, certCache);
  const pemCertificates = () =>
    jsonResult({ [signingKey.kid]: signingKey.certificatePem }, 200, certCache);
  const token = (request: RequestContext) => tokenEndpoint(context, request);
  const revoke = (request: RequestContext) => revokeEndpoint(context, request);
  const tokeninfo = (request: RequestContext) => tokeninfoEndpoint(context, publicKey, request);
  const userinfo = (request: RequestContext) => userinfoEndpoint(context, request);
  const route = (
    family: Route["family"],
    method: Route["method"],
    pattern: RegExp,
    body: Route["body"],
    counter: Route["counter"],
    handle: Route["handle"],
  ): Route => ({ family, method, pattern, body, counter, handle });
  const revokePath = /^\/(?:revoke|o\/oauth2\/revoke)$/;
  const tokeninfoPath = /^\/(?:tokeninfo|oauth2\/v3\/tokeninfo)$/;
  const userinfoPath = /^\/(?:v1|oauth2\/v3)\/userinfo$/;
  return [
    route("oauth", "GET", /^\/\.well-known\/openid-configuration$/, "none", "oidc.discovery", () =>
      discovery(context.issuer()),
    ),
    route("oauth", "GET", /^\/oauth2\/v3\/certs$/, "none", "oauth2.certs", jwks),
    route("oauth", "GET", /^\/oauth2\/v1\/certs$/, "none", "oauth2.certs", pemCertificates),
    route("oauth", "POST", /^\/(?:token|o\/oauth2\/token)$/, "form-or-json", tokenCounter, token),
    route("oauth", "POST", revokePath, "form-or-json", "oauth2.revoke", revoke),
    route("oauth", "GET", revokePath, "none", "oauth2.revoke", revoke),
    route("oauth", "POST", tokeninfoPath, "form-or-json", "oauth2.tokeninfo", tokeninfo),
    route("oauth", "GET", tokeninfoPath, "none", "oauth2.tokeninfo", tokeninfo),
    route("api", "GET", userinfoPath, "none", "oauth2.userinfo", userinfo),
    route("api", "POST", userinfoPath, "form-or-json", "oauth2.userinfo", userinfo),
    route("asset", "GET", /^\/avatars\/(?<sub>\d{1,30})\.svg$/, "none", "avatar", (request) =>
      avatar(context, request),
    ),
    route("asset", "GET", /^\/favicon\.(?:svg|ico)$/, "none", "favicon", favicon),
  ];
}

function discovery(issuer: string): HandlerResult {
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
}

function image(svg: string, status = 200): HandlerResult {
  return {
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
  };
}

function avatar(context: SandboxContext, request: RequestContext): HandlerResult {
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
}

function favicon(): HandlerResult {
  return image(badgeSvg({ size: 32, fill: "#1a73e8", text: "G" }));
}
