import { scopeInsufficient, unauthenticated, type ApiMethod } from "../http/google-api-error.js";
import type { RequestContext } from "../http/route.js";
import type { UserRecord } from "../store/sandbox-records.js";
import { hasAnyScope } from "./scopes.js";
import type { TokenService } from "./token-service.js";

/** Google's order of checks for an API call: 401 without a live bearer token, then 403 without an accepted scope. */
export function authenticateApiCall(
  tokens: TokenService,
  request: RequestContext,
  method: ApiMethod,
  acceptedScopes: readonly string[],
): UserRecord {
  const check = tokens.checkBearer(request.headers.authorization);
  if (check.outcome !== "valid") throw unauthenticated(check.outcome, method);
  if (!hasAnyScope(check.token.scopes, acceptedScopes))
    throw scopeInsufficient(method, acceptedScopes);
  return check.user;
}
