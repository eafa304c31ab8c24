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
