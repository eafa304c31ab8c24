import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { pino } from "pino";
import type { Database } from "./db/database.js";
import type { AppConfig } from "./env.js";
import { createAuth } from "./features/auth/auth-instance.js";
import { authRoutes } from "./features/auth/auth-routes.js";
import { registerSessionUser } from "./features/auth/session-user.js";
import { healthRoutes } from "./features/health/health-routes.js";
import { createSubscriptionService } from "./features/users/subscription-service.js";
import { subscriptionRoutes } from "./features/users/subscription-routes.js";
import { createUsersRepository } from "./features/users/users-repository.js";
import { registerErrorHandling } from "./http/error-handling.js";
import { registerOriginGuard } from "./http/origin-guard.js";
import { createRateLimiter } from "./http/rate-limiter.js";
import { registerSecurityHeaders } from "./http/security-headers.js";
import { registerWebApp } from "./http/web-app.js";
import type { GoogleEndpoints } from "./integrations/google/google-endpoints.js";
import { createLogMailer, createSmtpMailer, type Mailer } from "./integrations/mailer/mailer.js";
import { webDistFolder } from "./paths.js";

export interface AppDependencies {
  config: AppConfig;
  database: Database;
  /** Where Google (or the sandbox standing in for it) is. */
  google: GoogleEndpoints;
  /** Defaults to a silent logger, which is what tests want. */
  logger?: FastifyBaseLogger;
  /** Defaults to SMTP when configured, else one log line per sign-in link. */
  mailer?: Mailer;
  /** Where the built web app lives; null to serve the API only. */
  webRoot?: string | null;
  /** The clock, for tests that cross midnight. */
  now?: () => Date;
}

const minute = 60_000;

/** Builds the HTTP app from its dependencies; it opens nothing itself, so tests can pass their own. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  if (!config.sessionSecret) throw new Error("buildApp needs config.sessionSecret (startServer provides one).");
  const logger = deps.logger ?? pino({ level: "silent" });
  const app: FastifyInstance = Fastify({
    loggerInstance: logger,
    // Behind a load balancer the client address arrives in X-Forwarded-For.
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
  });

  registerErrorHandling(app);
  registerSecurityHeaders(app, { production: config.nodeEnv === "production" });
  registerOriginGuard(app, { trustedOrigins: [config.appUrl] });

  const mailer =
    deps.mailer ??
    (config.smtpUrl ? createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }) : createLogMailer(logger));
  const auth = createAuth({
    db: database.db,
    appUrl: config.appUrl,
    secret: config.sessionSecret,
    production: config.nodeEnv === "production",
    google: deps.google,
    mailer,
    logger,
  });
  const users = createUsersRepository(database.db);
  const subscriptions = createSubscriptionService({
    users,
    access: { premiumTesterEmails: config.premiumTesterEmails, auditBetaEmails: config.auditBetaEmails },
    now: deps.now,
  });
  const rateLimiter = createRateLimiter(database.db);
  registerSessionUser(app, { auth, users });

  await app.register(healthRoutes, { database });
  await app.register(authRoutes, {
    auth,
    appUrl: config.appUrl,
    users,
    subscriptions,
    rateLimiter,
    limits: {
      lookup: { name: "lookup", max: config.rateLimits.lookupsPerMinute, windowMs: minute },
      signInLink: { name: "sign-in-link", max: config.rateLimits.signInLinksPer15Minutes, windowMs: 15 * minute },
      signInStart: { name: "sign-in-start", max: config.rateLimits.signInStartsPerMinute, windowMs: minute },
    },
  });
  await app.register(subscriptionRoutes, { subscriptions });

  const webRoot = deps.webRoot === undefined ? (config.serveWeb ? webDistFolder : null) : deps.webRoot;
  await registerWebApp(app, { webRoot });

  return app;
}
