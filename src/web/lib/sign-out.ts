import { loadServerPage } from "./page-navigation";
import { serverNavigations } from "./route-paths";
import { removeStoredValue, storageKeys } from "./storage-keys";

/**
 * Forgets what this browser keeps for the person leaving: a half-finished sign-in (which page it
 * started from, a plan picked before signing in) belongs to them, not to whoever signs in next
 * here. The theme and the last property are the browser's own preferences and stay.
 */
export function forgetSignedInState(): void {
  removeStoredValue(storageKeys.authIntent);
  removeStoredValue(storageKeys.selectedPlan);
}

/** Signs out by loading /api/logout, which ends the session and lands on the landing page. */
export function signOut(): void {
  forgetSignedInState();
  loadServerPage(serverNavigations.logout);
}
