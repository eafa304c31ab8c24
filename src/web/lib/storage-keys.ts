/**
 * Every key this app writes to localStorage.
 * Keeping them in one place stops two features from colliding on a name, and lets
 * theme-init.js be checked against `theme` by a test.
 */
export const storageKeys = {
  /**
   * Where earlier releases kept the selected GA4 property id; it now lives in a cookie (see
   * session/selected-property.tsx), and a value found here is moved there once.
   */
  selectedPropertyId: "selectedPropertyId",
  /** A plan picked while signed out ("freemium" | "premium"), applied after sign-in. */
  selectedPlan: "selectedPlan",
  /** Whether the visitor started from log in or sign up ("login" | "signup"). */
  authIntent: "authIntent",
  /** The chosen colour theme ("light" | "dark"); absent means follow the system. */
  theme: "theme",
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/**
 * localStorage can throw (Safari private mode, storage disabled by policy, quota).
 * A preference that cannot be read or saved is not worth breaking the page for.
 */
export function readStoredValue(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStoredValue(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // See readStoredValue: the in-memory state still applies for this visit.
  }
}

export function removeStoredValue(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // See readStoredValue.
  }
}
