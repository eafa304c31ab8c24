import type { KeyObject } from "node:crypto";
import { jwtVerify } from "jose";
import { unauthenticated, type ApiMethod } from "../http/google-api-error.js";
import { jsonResult, type HandlerResult } from "../http/handler-result.js";
import { OAuthError } from "../http/oauth-error.js";
import type { RequestContext } from "../http/route.js";
import type { SandboxContext } from "../sandbox-context.js";
import { scopes as knownScopes } from "./scopes.js";

const noStore = {
  "cache-control": "no-cache, no-store, max-age=0, must-revalidate",
  pragma: "no-cache",
};
const userinfoMethod: ApiMethod = {
  id: "oauth2.userinfo",
  service: "openidconnect.googleapis.com",
  rpc: "google.identity.openidconnect.v1.UserInfo.Get",
};

/** The token endpoint: an authorization code or a refresh token in, a token response out. */
export async function tokenEndpoint(
  { clients, tokens }: SandboxContext,
  request: RequestContext,
): Promise<HandlerResult> {
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
}

export function revokeEndpoint({ tokens }: SandboxContext, request: RequestContext): HandlerResult {
  const value = request.query.get("token") ?? formOf(request).get("token");
  if (!value) throw new OAuthError(400, "invalid_request", "Bad Request");
  if (!tokens.revoke(value)) throw new OAuthError(400, "invalid_token", "Token expired or revoked");
  return jsonResult({}, 200, noStore);
}

/** Tokeninfo: an ID token's verified claims, or what an access token grants. */
export async function tokeninfoEndpoint(
  context: SandboxContext,
  publicKey: KeyObject,
  request: RequestContext,
): Promise<HandlerResult> {
  const { tokens } = context;
  const form = formOf(request);
  const idToken = request.query.get("id_token") ?? form.get("id_token");
  if (idToken) return jsonResult(await idTokenInfo(context, publicKey, idToken), 200, noStore);
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
}

async function idTokenInfo(
  context: SandboxContext,
  publicKey: KeyObject,
  idToken: string,
): Promise<Record<string, string>> {
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
}

export function userinfoEndpoint(
  { tokens }: SandboxContext,
  request: RequestContext,
): HandlerResult {
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
}

export function tokenCounter(request: RequestContext): string {
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
