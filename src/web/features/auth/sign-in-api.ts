import type { LookupResponse } from "../../../shared/contracts/auth";
import { apiRequest } from "../../lib/api-client";
import { loadServerPage } from "../../lib/page-navigation";
import { routePaths, serverNavigations } from "../../lib/route-paths";
import { rememberAuthIntent, type AuthIntent } from "./auth-intent";

/** Whether an account already uses this address (signup asks before creating a second one). */
export async function lookupAccount(email: string): Promise<boolean> {
  const response = await apiRequest<LookupResponse>("/api/auth/lookup", {
    method: "POST",
    body: { email },
    parse: (json) => {
      if (
        typeof json === "object" &&
        json !== null &&
        "exists" in json &&
        typeof json.exists === "boolean"
      ) {
        return { exists: json.exists };
      }
      throw new TypeError("Unexpected lookup response");
    },
  });
  return response.exists;
}

/**
 * Asks the server for a one-time sign-in link. Whether it comes from login or signup, the link
 * lands on home, which routes the person on; a bad link comes back to /login?error=….
 */
export async function requestSignInLink(email: string, intent: AuthIntent): Promise<void> {
  rememberAuthIntent(intent);
  await apiRequest("/api/auth/sign-in/magic-link", {
    method: "POST",
    body: {
      email,
      callbackURL: routePaths.home,
      newUserCallbackURL: routePaths.home,
      errorCallbackURL: routePaths.login,
    },
  });
}

/** "Continue with Google": a full page load, since the server answers with a redirect to Google. */
export function startGoogleSignIn(intent: AuthIntent): void {
  rememberAuthIntent(intent);
  loadServerPage(serverNavigations.googleSignIn);
}
