/**
 * The MCP server's and its authorization server's addresses and scope words, apart from the
 * contracts so web pages can use them without bringing zod along.
 */
import type { ApiTokenScope } from "./contracts/api-tokens.js";

/** Where the MCP server and its authorization server answer. */
export const mcpOAuthPaths = {
  mcp: "/mcp",
  authorize: "/oauth/authorize",
  token: "/oauth/token",
  register: "/oauth/register",
  revoke: "/oauth/revoke",
  jwks: "/oauth/jwks",
  /** The page (ours, React) where a signed-in person allows or denies a client. */
  consentPage: "/oauth/consent",
  /**
   * The consent page's own calls. They sit under the page's path on purpose: the provider's
   * interaction cookie is scoped to that path, so only the browser that began the authorization
   * sends it here, and only that browser can finish it.
   */
  consentDetails: "/oauth/consent/details",
  consentDecision: "/oauth/consent/decision",
  protectedResourceMetadata: "/.well-known/oauth-protected-resource",
  authorizationServerMetadata: "/.well-known/oauth-authorization-server",
} as const;

/** Scopes that change something; the consent page leaves them unticked unless the person ticks them. */
export const writeScopes: readonly ApiTokenScope[] = ["annotations:write", "categories:write"];

/** What each scope lets an app do, in the words the consent page and the token list show. */
export const scopeDescriptions: Record<ApiTokenScope, string> = {
  "annotations:read": "See your GA4 properties and their annotations",
  "annotations:write": "Create, change and delete annotations",
  "categories:read": "See your annotation categories",
  "categories:write": "Create, change and delete your categories",
};
