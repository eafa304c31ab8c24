import { z } from "zod";
import { cleanText } from "./clean-text.js";

/**
 * What a personal access token may do. A token route names the one scope it needs; a token
 * without it is refused with `insufficient_scope` before the route runs.
 */
export const apiTokenScopes = [
  "annotations:read",
  "annotations:write",
  "categories:read",
  "categories:write",
] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];

export function isApiTokenScope(value: unknown): value is ApiTokenScope {
  return typeof value === "string" && (apiTokenScopes as readonly string[]).includes(value);
}

/** How long a new token lives, in days; null: until revoked. */
export const apiTokenLifetimes = [30, 90, 365, null] as const;
export type ApiTokenLifetime = (typeof apiTokenLifetimes)[number];

export const apiTokenNameMaxLength = 100;

/** POST /api/account/tokens */
export const createApiTokenRequest = z.object({
  name: cleanText({ label: "Token name", maxLength: apiTokenNameMaxLength, required: true }),
  scopes: z
    .array(
      z.enum(apiTokenScopes, {
        message: `Each scope must be one of ${apiTokenScopes.join(", ")}`,
      }),
      { message: "Choose what the token may do" },
    )
    .min(1, { message: "Choose at least one scope" })
    .transform((scopes) => [...new Set(scopes)]),
  expiresInDays: z.union([z.literal(30), z.literal(90), z.literal(365), z.null()], {
    message: "The token must expire after 30, 90 or 365 days, or never (null)",
  }),
});
export type CreateApiTokenRequest = z.input<typeof createApiTokenRequest>;

/** A token as the person sees it on /account: never the token itself. */
export interface ApiTokenSummary {
  id: string;
  name: string;
  /** The token's first characters, to tell tokens apart ("tdm_3kQ9…"). */
  prefix: string;
  scopes: ApiTokenScope[];
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601, or null for a token that does not expire. */
  expiresAt: string | null;
  lastUsedAt: string | null;
}

export interface ApiTokenListResponse {
  tokens: ApiTokenSummary[];
  /** How many tokens the plan allows at once. */
  limit: number;
}

/** The answer to a create: the only time the token itself is ever sent. */
export interface CreatedApiTokenResponse {
  token: string;
  apiToken: ApiTokenSummary;
}
