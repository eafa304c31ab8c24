import type { ApiTokenLifetime, ApiTokenScope } from "../../../shared/contracts/api-tokens";

export const apiTokensKey = ["/api/account/tokens"] as const;

export const scopeWords: Record<ApiTokenScope, string> = {
  "annotations:read": "Read annotations and properties",
  "annotations:write": "Create, change and delete annotations",
  "categories:read": "Read categories",
  "categories:write": "Create, change and delete categories",
};

export function lifetimeLabel(lifetime: ApiTokenLifetime): string {
  return lifetime === null ? "Never" : `${lifetime} days`;
}
