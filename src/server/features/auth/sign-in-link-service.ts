import { createHash } from "node:crypto";
import type { SignInLinkPreview, SignInLinkRequest } from "../../../shared/contracts/auth.js";
import { signInLinkLifetimeText } from "../../../shared/sign-in-link.js";
import type { User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import type { Auth } from "./auth-instance.js";
import { readSignedSessionToken } from "./signed-session-cookie.js";

export const signInLinkMessages = {
  expired: `This sign-in link has expired. Links work for ${signInLinkLifetimeText}; request a new one.`,
  usedOrUnknown: "This sign-in link was already used or is not valid. Request a new one.",
} as const;

/** Whose sign-in this is: the browser's cookies, and the person they name (if any). */
export interface SignInAttempt {
  headers: Headers;
  signedInAs: User | null;
}

export interface SignInLinkService {
  /** Whose account a link opens and who is signed in now, without using the link up. */
  preview(token: string, signedInAs: User | null): Promise<SignInLinkPreview>;
  /**
   * Uses the link up and starts a session for its account. Refused while this browser is signed
   * in to another account, unless the person chose to switch. Returns the Set-Cookie lines.
   */
  signIn(request: SignInLinkRequest, attempt: SignInAttempt): Promise<string[]>;
}

/**
 * Sign-in links in two steps, so that opening a link never signs anyone in: the continue page
 * reads whose link it is (nothing changes), and a same-origin POST from that page uses it up.
 * Better Auth's magic-link plugin stays the authority on the token: it issues it, stores only its
 * hash and consumes it atomically; we only read its pending record to show whose it is.
 */
export function createSignInLinkService(deps: {
  auth: Auth;
  /** Signs session cookies; reading the previous session's token needs it. */
  secret: string;
}): SignInLinkService {
  /** The account a pending link opens; refused when it is expired, used or was never issued. */
  async function pendingEmail(token: string): Promise<string> {
    const { internalAdapter } = await deps.auth.$context;
    const record = await internalAdapter.findVerificationValue(magicLinkIdentifier(token));
    if (!record) throw new AppError("sign_in_link_invalid", signInLinkMessages.usedOrUnknown);
    // The wall clock, as Better Auth's own check when the link is used.
    if (record.expiresAt.getTime() <= Date.now())
      throw new AppError("sign_in_link_invalid", signInLinkMessages.expired);
    const email = emailOfRecord(record.value);
    if (!email) throw new AppError("sign_in_link_invalid", signInLinkMessages.usedOrUnknown);
    return email;
  }

  return {
    async preview(token, signedInAs) {
      const email = await pendingEmail(token);
      const { internalAdapter } = await deps.auth.$context;
      // Whoever holds the link may create or open this account anyway: whether it exists is no
      // secret from them, and it lets the page say "Create your account" to someone signing up.
      const existing = await internalAdapter.findUserByEmail(email.toLowerCase());
      // Full addresses: the link already opens the account, so its address is no secret from
      // the link's holder, and a masked one ("v…@example.com") cannot tell two accounts apart.
      return {
        email,
        newAccount: !existing,
        signedIn: signedInAs
          ? { email: signedInAs.email, sameAccount: sameAddress(signedInAs.email, email) }
          : null,
      };
    },

    async signIn({ token, switchAccount = false }, { headers, signedInAs }) {
      const email = await pendingEmail(token);
      if (signedInAs && !sameAddress(signedInAs.email, email) && !switchAccount) {
        throw new AppError(
          "signed_in_as_other",
          `You are signed in as ${signedInAs.email}. Choose whether to continue as ${email} instead.`,
        );
      }
      const { authCookies, internalAdapter } = await deps.auth.$context;
      const previousSession = readSignedSessionToken(
        headers.get("cookie") ?? undefined,
        authCookies.sessionToken.name,
        deps.secret,
      );
      // The plugin consumes the token atomically: of two requests racing with one link, one wins.
      const response = await deps.auth.api.magicLinkVerify({
        query: { token },
        headers,
        asResponse: true,
      });
      const setCookies = response.headers.getSetCookie();
      const signedIn =
        response.ok &&
        setCookies.some((line) => line.startsWith(`${authCookies.sessionToken.name}=`));
      if (!signedIn) throw new AppError("sign_in_link_invalid", signInLinkMessages.usedOrUnknown);
      // The browser's previous session is replaced: end it, so it cannot be used again from
      // anywhere (it may be someone else's account, left behind on a shared computer).
      if (previousSession) await internalAdapter.deleteSession(previousSession);
      return setCookies;
    },
  };
}

/**
 * The plugin's key for a pending link: "magic-link:" and the SHA-256 of the token in base64url
 * without padding (its `storeToken: "hashed"`). A test signs in through the preview, so a change
 * of this format in a Better Auth upgrade fails there first.
 */
function magicLinkIdentifier(token: string): string {
  return `magic-link:${createHash("sha256").update(token).digest("base64url")}`;
}

function emailOfRecord(value: string): string | null {
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== "object" || parsed === null) return null;
    const { type, email } = parsed as { type?: unknown; email?: unknown };
    return type === "magic-link" && typeof email === "string" ? email : null;
  } catch {
    return null;
  }
}

function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
