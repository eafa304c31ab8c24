import { cookieFacts } from "../../shared/cookies";

/**
 * Preferences kept in cookies rather than localStorage, because the server needs them to draw a
 * signed-in page as its owner will see it. Not secrets: readable by the page, sent only to this
 * site (SameSite=Lax), kept for 400 days (the longest a browser keeps a cookie).
 */
export const preferenceCookies = {
  /** The GA4 property id last worked on (digits); absent when none is chosen. */
  selectedPropertyId: cookieFacts.selectedProperty.name,
} as const;

export type PreferenceCookie = (typeof preferenceCookies)[keyof typeof preferenceCookies];

const maxAgeSeconds = cookieFacts.selectedProperty.maxAgeSeconds;

/** The value of `name` in a Cookie header (or `document.cookie`), or null. */
export function readPreferenceCookie(cookieHeader: string, name: PreferenceCookie): string | null {
  for (const pair of cookieHeader.split(";")) {
    const separator = pair.indexOf("=");
    if (separator === -1 || pair.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(separator + 1).trim());
    } catch {
      // A value that is not valid percent-encoding was not written by this app.
      return null;
    }
  }
  return null;
}

export function writePreferenceCookie(name: PreferenceCookie, value: string): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

export function removePreferenceCookie(name: PreferenceCookie): void {
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}
