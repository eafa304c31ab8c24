/** Parts of the Better Auth setup that read best on their own: its log, its cookies, its sign-ins. */
import type { BetterAuthOptions } from "better-auth";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { magicLink } from "better-auth/plugins/magic-link";
import type { FastifyBaseLogger } from "fastify";
import type { GoogleEndpoints } from "../../integrations/google/google-endpoints.js";
import type { Mailer } from "../../integrations/mailer/mailer.js";
import { authCookiePrefix, cookieFacts } from "../../../shared/cookies.js";
import { continueSignInPath, signInLinkLifetimeSeconds } from "../../../shared/sign-in-link.js";

export function authLogger(logger: FastifyBaseLogger): BetterAuthOptions["logger"] {
  return {
    level: "error",
    // Better Auth passes the error itself after its message: logged with its stack, since the
    // answer it leads to carries only our sentence.
    log: (level, message, ...details: unknown[]) => {
      const err = details.find((detail) => detail instanceof Error);
      const fields = err ? { err } : {};
      if (level === "error") logger.error(fields, message);
      else logger.warn(fields, message);
    },
  };
}

export function authAdvanced(production: boolean): BetterAuthOptions["advanced"] {
  return {
    database: { generateId: "uuid" },
    cookiePrefix: authCookiePrefix,
    // In production the session cookie is a __Host- cookie: Secure, Path=/, no Domain, so no
    // sibling subdomain can set or shadow it. Better Auth's own secure mode would name it
    // __Secure- instead, so Secure is set on every cookie directly.
    useSecureCookies: false,
    ...(production
      ? {
          defaultCookieAttributes: { secure: true },
          cookies: { session_token: { name: cookieFacts.session.productionName } },
        }
      : {}),
    // Checks stay on in every environment, tests included, so tests exercise them.
    disableOriginCheck: false,
    disableCSRFCheck: false,
    ipAddress: { ipAddressHeaders: ["x-tidemark-client-ip"] },
  };
}

/** One-time email links, and Google OpenID Connect with PKCE. */
export function signInPlugins(deps: { appUrl: string; google: GoogleEndpoints; mailer: Mailer }) {
  return [
    magicLink({
      expiresIn: signInLinkLifetimeSeconds,
      storeToken: "hashed",
      // The mailed link opens our continue page, not the plugin's verify endpoint: opening a
      // link must never sign anyone in (a cross-site navigation could otherwise swap the
      // person's session for an attacker's), so signing in waits for Continue on that page.
      sendMagicLink: async ({ email, token }) => {
        const url = new URL(continueSignInPath, deps.appUrl);
        url.searchParams.set("token", token);
        await deps.mailer.sendSignInLink({ email, url: url.toString() });
      },
    }),
    genericOAuth({
      config: [
        {
          providerId: "google",
          discoveryUrl: deps.google.discoveryUrl,
          clientId: deps.google.clientId,
          clientSecret: deps.google.clientSecret,
          scopes: ["openid", "email", "profile"],
          pkce: true,
          requireIdTokenVerification: true,
          // Refresh the name and picture from Google at every sign-in.
          overrideUserInfo: true,
          mapProfileToUser: (profile) => ({
            name: typeof profile.name === "string" ? profile.name : "",
            firstName: typeof profile.given_name === "string" ? profile.given_name : null,
            lastName: typeof profile.family_name === "string" ? profile.family_name : null,
            image: typeof profile.picture === "string" ? profile.picture : undefined,
          }),
        },
      ],
    }),
  ];
}
