const googleScopePrefix = "https://www.googleapis.com/auth/";

export const scopes = {
  openid: "openid",
  email: `${googleScopePrefix}userinfo.email`,
  profile: `${googleScopePrefix}userinfo.profile`,
  analytics: `${googleScopePrefix}analytics`,
  analyticsReadonly: `${googleScopePrefix}analytics.readonly`,
  analyticsEdit: `${googleScopePrefix}analytics.edit`,
} as const;

/** Scopes accepted by each API method family (from the discovery documents and protos). */
export const adminReadScopes = [scopes.analyticsEdit, scopes.analyticsReadonly] as const;
export const adminWriteScopes = [scopes.analyticsEdit] as const;
export const dataReadScopes = [scopes.analytics, scopes.analyticsReadonly] as const;

interface ScopeInfo {
  /** Basic sign-in scopes are granted whenever the person continues; others get a checkbox. */
  basic: boolean;
  description: string;
}

/** Known scopes in their canonical form, with the words the consent page shows. */
const knownScopes = new Map<string, ScopeInfo>([
  [scopes.openid, { basic: true, description: "Associate you with your personal info on Google" }],
  [scopes.email, { basic: true, description: "See your primary Google Account email address" }],
  [
    scopes.profile,
    {
      basic: true,
      description:
        "See your personal info, including any personal info you've made publicly available",
    },
  ],
  [
    scopes.analytics,
    { basic: false, description: "See and download your Google Analytics data, and manage it" },
  ],
  [
    scopes.analyticsReadonly,
    { basic: false, description: "See and download your Google Analytics data" },
  ],
  [
    scopes.analyticsEdit,
    { basic: false, description: "Edit Google Analytics management entities" },
  ],
]);

/** Short names Google accepts for the sign-in scopes. */
const aliases = new Map<string, string>([
  ["email", scopes.email],
  ["profile", scopes.profile],
]);

/** Splits a `scope` parameter into canonical scopes; returns the unknown ones separately. */
export function parseScopeParameter(value: string): { scopes: string[]; unknown: string[] } {
  const parsed: string[] = [];
  const unknown: string[] = [];
  for (const raw of value.split(/\s+/)) {
    if (!raw) continue;
    const scope = aliases.get(raw) ?? raw;
    if (!knownScopes.has(scope)) unknown.push(raw);
    else if (!parsed.includes(scope)) parsed.push(scope);
  }
  return { scopes: parsed, unknown };
}

export function isBasicScope(scope: string): boolean {
  return knownScopes.get(scope)?.basic ?? false;
}

export function describeScope(scope: string): string {
  return knownScopes.get(scope)?.description ?? scope;
}

/** Stable order for scope strings in responses: basic scopes first, then the rest as known. */
export function sortScopes(list: Iterable<string>): string[] {
  const order = [...knownScopes.keys()];
  return [...new Set(list)].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

export function hasAnyScope(granted: readonly string[], accepted: readonly string[]): boolean {
  return accepted.some((scope) => granted.includes(scope));
}
