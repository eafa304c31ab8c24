import { z } from "zod";
import { apiTokenScopes, type ApiTokenScope } from "./api-tokens.js";

export { mcpOAuthPaths, scopeDescriptions } from "../oauth.js";

/** What the consent page shows: who is asking, for what. */
export interface ConsentDetails {
  uid: string;
  client: {
    id: string;
    name: string;
    /** The client's own site, when it gave one. */
    uri: string | null;
    /** Where the browser goes back to: the person can see which app receives the access. */
    redirectHost: string;
  };
  scopes: ApiTokenScope[];
  /** The address the access is for (this server's /mcp). */
  resource: string;
}

export const consentDecisionRequest = z.strictObject({
  uid: z.string().min(1).max(100),
  decision: z.enum(["allow", "deny"]),
});
export type ConsentDecisionRequest = z.infer<typeof consentDecisionRequest>;

export interface ConsentDecisionResult {
  /** Where the browser goes next: back to the client with a code, or with access_denied. */
  redirectTo: string;
}

/** One app the person allowed, as /account lists it. */
export interface ConnectedApp {
  clientId: string;
  name: string;
  scopes: ApiTokenScope[];
  connectedAt: string;
  /** Null: not used yet. */
  lastUsedAt: string | null;
}

export const revokeConnectedAppRequest = z.strictObject({
  clientId: z.string().min(1).max(2000),
});

export function knownScopes(scopes: readonly string[]): ApiTokenScope[] {
  return apiTokenScopes.filter((scope) => scopes.includes(scope));
}
