import {
  readStoredValue,
  removeStoredValue,
  storageKeys,
  writeStoredValue,
} from "../../lib/storage-keys";

/** Which page a sign-in started from. */
export type AuthIntent = "login" | "signup";

export function rememberAuthIntent(intent: AuthIntent): void {
  writeStoredValue(storageKeys.authIntent, intent);
}

export function readAuthIntent(): AuthIntent | null {
  const stored = readStoredValue(storageKeys.authIntent);
  return stored === "login" || stored === "signup" ? stored : null;
}

export function clearAuthIntent(): void {
  removeStoredValue(storageKeys.authIntent);
}
