import { z } from "zod";
import { apiTokenScopes, type ApiTokenScope } from "./api-tokens.js";

export { mcpOAuthPaths, scopeDescriptions, writeScopes } from "../oauth.js";

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
  /** The account the access would be for: the page names it, and the decision must match it. */
  account: { id: string; email: string };
}

export const consentDecisionRequest = z.strictObject({
  uid: z.string().min(1).max(100),
  decision: z.enum(["allow", "deny"]),
  /** The account the page showed: a decision made after signing in as someone else is refused. */
  accountId: z.string().min(1).max(100),
  /** The scopes the person left ticked; only scopes the app asked for count. */
  scopes: z.array(z.enum(apiTokenScopes)).max(apiTokenScopes.length).default([]),
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
  /** The person lets it delete without approving each deletion. */
  deletesWithoutAsking: boolean;
  connectedAt: string;
  /** Null: not used yet. */
  lastUsedAt: string | null;
}

export const revokeConnectedAppRequest = z.strictObject({
  clientId: z.string().min(1).max(2000),
});

export const connectedAppDeletionsRequest = z.strictObject({
  clientId: z.string().min(1).max(2000),
  withoutAsking: z.boolean(),
});

/** Narrows an app's access without reconnecting it: today, to reading only. */
export const restrictConnectedAppRequest = z.strictObject({
  clientId: z.string().min(1).max(2000),
  access: z.literal("read-only"),
});

export function knownScopes(scopes: readonly string[]): ApiTokenScope[] {
  return apiTokenScopes.filter((scope) => scopes.includes(scope));
}
