import { PageError } from "../http/page-error.js";
import type { ClientRegistry, RegisteredClient } from "./client-registry.js";
import { parseScopeParameter } from "./scopes.js";

/** A validated `GET /o/oauth2/v2/auth` request. */
export interface AuthorizationRequest {
  client: RegisteredClient;
  redirectUri: string;
  scopes: string[];
  state?: string;
  nonce?: string;
  codeChallenge?: string;
  codeChallengeMethod?: "S256" | "plain";
  offline: boolean;
  prompts: ReadonlySet<string>;
  includeGrantedScopes: boolean;
  loginHint?: string;
}

const pkceValue = /^[A-Za-z0-9\-._~]{43,128}$/;

/**
 * Checks an authorization request the way Google does: problems with the client or redirect URI
 * (and malformed requests) are shown as an error page, never redirected to an unchecked URI.
 */
export function parseAuthorizationRequest(
  query: URLSearchParams,
  clients: ClientRegistry,
): AuthorizationRequest {
  const clientId = query.get("client_id");
  if (!clientId) throw invalidRequest("Missing required parameter: client_id");
  const client = clients.get(clientId);
  if (!client)
    throw new PageError(401, "Error 401: invalid_client", "The OAuth client was not found.");
  const redirectUri = query.get("redirect_uri");
  if (!redirectUri) throw invalidRequest("Missing required parameter: redirect_uri");
  if (!clients.allowsRedirect(client, redirectUri)) {
    throw new PageError(
      400,
      "Error 400: redirect_uri_mismatch",
      `You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy. If you're the app developer, register the redirect URI. Request details: redirect_uri=${redirectUri}`,
    );
  }
  const responseType = query.get("response_type");
  if (!responseType) throw invalidRequest("Missing required parameter: response_type");
  if (responseType !== "code") {
    throw new PageError(
      400,
      "Error 400: unsupported_response_type",
      `The sandbox supports only response_type=code, not "${responseType}".`,
    );
  }
  const scopeParameter = query.get("scope");
  if (!scopeParameter?.trim()) throw invalidRequest("Missing required parameter: scope");
  const { scopes, unknown } = parseScopeParameter(scopeParameter);
  if (unknown.length > 0) {
    throw new PageError(
      400,
      "Error 400: invalid_scope",
      `Some requested scopes were invalid. {invalid=[${unknown.join(", ")}]}`,
    );
  }

  const codeChallenge = query.get("code_challenge") ?? undefined;
  const method = query.get("code_challenge_method") ?? (codeChallenge ? "plain" : undefined);
  if (method !== undefined && method !== "S256" && method !== "plain")
    throw invalidRequest(`Invalid code_challenge_method: ${method}`);
  if (method && !codeChallenge) throw invalidRequest("Missing required parameter: code_challenge");
  if (codeChallenge && !pkceValue.test(codeChallenge))
    throw invalidRequest("Invalid code_challenge.");

  const accessType = query.get("access_type") ?? "online";
  if (accessType !== "online" && accessType !== "offline")
    throw invalidRequest(`Invalid access_type: ${accessType}`);
  const prompts = new Set((query.get("prompt") ?? "").split(/\s+/).filter(Boolean));
  for (const prompt of prompts) {
    if (!["none", "consent", "select_account"].includes(prompt))
      throw invalidRequest(`Invalid prompt: ${prompt}`);
  }
  if (prompts.has("none") && prompts.size > 1)
    throw invalidRequest("prompt=none may not be combined with other values.");

  const optional = (name: string) => query.get(name) || undefined;
  const state = optional("state");
  const nonce = optional("nonce");
  const loginHint = optional("login_hint");
  return {
    client,
    redirectUri,
    scopes,
    ...(state !== undefined ? { state } : {}),
    ...(nonce !== undefined ? { nonce } : {}),
    ...(codeChallenge ? { codeChallenge, codeChallengeMethod: method as "S256" | "plain" } : {}),
    offline: accessType === "offline",
    prompts,
    includeGrantedScopes: query.get("include_granted_scopes") === "true",
    ...(loginHint !== undefined ? { loginHint } : {}),
  };
}

function invalidRequest(message: string): PageError {
  return new PageError(400, "Error 400: invalid_request", message);
}

/** The redirect URI with the authorization response appended to its query. */
export function callbackUrl(
  request: Pick<AuthorizationRequest, "redirectUri" | "state">,
  parameters: Record<string, string>,
): string {
  const url = new URL(request.redirectUri);
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  if (request.state !== undefined) url.searchParams.set("state", request.state);
  return url.toString();
}
