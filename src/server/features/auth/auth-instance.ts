import { eq } from "drizzle-orm";
// The minimal entry leaves out Kysely (about 280 modules loaded at every start): the Drizzle
// adapter is our database access, so Better Auth never needs a connection of its own.
import { betterAuth } from "better-auth/minimal";
import { symmetricDecrypt } from "better-auth/crypto";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/database.js";
import { accounts, sessions, users, verifications } from "../../db/schema/index.js";
import type { GoogleEndpoints } from "../../integrations/google/google-endpoints.js";
import type { Mailer } from "../../integrations/mailer/mailer.js";
import { dataRetention } from "../../../shared/data-retention.js";
import { authCookiePrefix } from "../../../shared/cookies.js";
import { authAdvanced, authLogger, signInPlugins } from "./auth-options.js";

export const sessionLifetimeSeconds = dataRetention.sessionLifetimeDays * 24 * 60 * 60;
/** A session in use is extended (and its cookie renewed) at most once a day. */
export const sessionRefreshAgeSeconds = 24 * 60 * 60;
export const authBasePath = "/api/auth";
export const sessionCookiePrefix = authCookiePrefix;

export interface AuthDependencies {
  db: Db;
  appUrl: string;
  secret: string;
  production: boolean;
  google: GoogleEndpoints;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  /**
   * The user columns a new account for `email` starts with: the limits a deleted account of the
   * same address left behind (today's counts, the property lock), or nothing.
   */
  startingLimits?(email: string): Promise<Record<string, unknown>>;
}

/**
 * Sign-in (Google OpenID Connect with PKCE, state and nonce; one-time email links stored only as
 * hashes) and database sessions, by Better Auth. Everything around it — which routes exist, rate
 * limits, the user shape we expose — is ours.
 */
export function createAuth(deps: AuthDependencies) {
  return betterAuth({
    appName: "Tidemark",
    baseURL: deps.appUrl,
    basePath: authBasePath,
    secret: deps.secret,
    trustedOrigins: [deps.appUrl],
    telemetry: { enabled: false },
    logger: authLogger(deps.logger),
    database: drizzleAdapter(deps.db, {
      provider: "pg",
      schema: { users, sessions, accounts, verifications },
    }),
    user: {
      modelName: "users",
      fields: { image: "profileImageUrl" },
      additionalFields: {
        firstName: { type: "string", required: false },
        lastName: { type: "string", required: false },
        // Declared so the creation hook below may store them; clients can never set them, and
        // Better Auth never returns them.
        subscriptionTier: { type: "string", required: false, input: false },
        dailyAnnotationCount: { type: "number", required: false, input: false, returned: false },
        dailyCountResetAt: { type: "date", required: false, input: false, returned: false },
        dailyAssistantMessageCount: {
          type: "number",
          required: false,
          input: false,
          returned: false,
        },
        assistantCountDay: { type: "date", required: false, input: false, returned: false },
        lockedPropertyId: { type: "string", required: false, input: false, returned: false },
      },
    },
    session: {
      modelName: "sessions",
      expiresIn: sessionLifetimeSeconds,
      updateAge: sessionRefreshAgeSeconds,
    },
    account: {
      modelName: "accounts",
      encryptOAuthTokens: true,
      // Google proves the address it signs in, so a person who first used an email link and later
      // uses Google with the same address lands in the same account.
      accountLinking: { enabled: true, trustedProviders: ["google"] },
    },
    verification: { modelName: "verifications" },
    // Our own limits (shared by all instances through the database) guard these routes instead.
    rateLimit: { enabled: false },
    // Profiles are set from Google or by the product, never by a client call.
    disabledPaths: [
      "/update-user",
      "/delete-user",
      "/change-email",
      "/sign-up/email",
      "/sign-in/email",
    ],
    advanced: authAdvanced(deps.production),
    onAPIError: { errorURL: `${deps.appUrl}/login?error=sign_in_failed` },
    databaseHooks: {
      // A sign-in is activity: the inactivity deletion counts from the latest one.
      session: {
        create: {
          after: async (session) => {
            await deps.db
              .update(users)
              .set({ lastActiveAt: new Date() })
              .where(eq(users.id, session.userId));
          },
        },
      },
      user: {
        create: {
          // A new person has not chosen a plan yet: /plans asks them. An address whose account
          // was deleted today starts with what that account had used (and its property lock), in
          // the same insert, so no request ever sees the account without them.
          before: async (user) => ({
            data: {
              ...user,
              subscriptionTier: null,
              ...(await deps.startingLimits?.(user.email)),
            },
          }),
        },
      },
    },
    plugins: signInPlugins(deps),
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Set-Cookie lines that clear this browser's session cookies (Better Auth's sign-out, which also
 * ends the session if it still exists).
 */
export async function signOutCookies(auth: Auth, headers: Headers): Promise<string[]> {
  const response = await auth.api.signOut({ headers, asResponse: true });
  await response.body?.cancel();
  return response.headers.getSetCookie();
}

/**
 * A Google sign-in token as Better Auth stored it (encrypted with the session secret), in plain
 * text; null when it cannot be read (another secret, or not encrypted by this setup).
 */
export async function openSignInToken(auth: Auth, stored: string): Promise<string | null> {
  const { secretConfig } = await auth.$context;
  try {
    return await symmetricDecrypt({ key: secretConfig, data: stored });
  } catch {
    return null;
  }
}
