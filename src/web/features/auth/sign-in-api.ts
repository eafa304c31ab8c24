import type {
  LookupResponse,
  SignInLinkPreview,
  SignInLinkResult,
} from "../../../shared/contracts/auth";
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
 * opens the continue page, and after Continue the person lands on home, which routes them on.
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

function isMaskedAccount(value: unknown): value is { email: string; sameAccount: boolean } {
  return (
    typeof value === "object" &&
    value !== null &&
    "email" in value &&
    typeof value.email === "string" &&
    "sameAccount" in value &&
    typeof value.sameAccount === "boolean"
  );
}

/** Whose account a sign-in link opens and who is signed in here now; the link stays unused. */
export function fetchSignInLinkPreview(
  token: string,
  signal?: AbortSignal,
): Promise<SignInLinkPreview> {
  return apiRequest<SignInLinkPreview>(
    `/api/auth/sign-in-link?${new URLSearchParams({ token }).toString()}`,
    {
      signal,
      parse: (json) => {
        if (typeof json === "object" && json !== null && "email" in json && "signedIn" in json) {
          const { email, signedIn } = json;
          // Missing or not a boolean reads as an account that exists: "Sign in" is never wrong.
          const newAccount = "newAccount" in json && json.newAccount === true;
          if (typeof email === "string" && (signedIn === null || isMaskedAccount(signedIn)))
            return { email, newAccount, signedIn };
        }
        throw new TypeError("Unexpected sign-in link response");
      },
    },
  );
}

/**
 * Uses the link up and signs in: the token goes in the body of a same-origin POST. `switchAccount`
 * is the person's own choice to leave the account this browser is signed in to.
 */
export function signInWithLink(token: string, switchAccount: boolean): Promise<SignInLinkResult> {
  return apiRequest<SignInLinkResult>("/api/auth/sign-in-link", {
    method: "POST",
    body: { token, switchAccount },
    parse: (json) => {
      if (
        typeof json === "object" &&
        json !== null &&
        "redirectTo" in json &&
        typeof json.redirectTo === "string" &&
        json.redirectTo.startsWith("/") &&
        !json.redirectTo.startsWith("//")
      )
        return { redirectTo: json.redirectTo };
      throw new TypeError("Unexpected sign-in response");
    },
  });
}
