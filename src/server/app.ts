import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { pino } from "pino";
import type { Database } from "./db/database.js";
import type { AppConfig } from "./env.js";
import { healthRoutes } from "./features/health/health-routes.js";
import { registerErrorHandling } from "./http/error-handling.js";
import { registerSecurityHeaders } from "./http/security-headers.js";
import { registerWebApp } from "./http/web-app.js";
import { webDistFolder } from "./paths.js";

export interface AppDependencies {
  config: AppConfig;
  database: Database;
  /** Defaults to a silent logger, which is what tests want. */
  logger?: FastifyBaseLogger;
  /** Where the built web app lives; null to serve the API only. */
  webRoot?: string | null;
}

function silentLogger(): FastifyBaseLogger {
  return pino({ level: "silent" });
}

/** Builds the HTTP app from its dependencies; it opens nothing itself, so tests can pass their own. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app: FastifyInstance = Fastify({
    loggerInstance: deps.logger ?? silentLogger(),
    // Behind a load balancer the client address arrives in X-Forwarded-For.
    trustProxy: config.nodeEnv === "production",
    bodyLimit: 256 * 1024,
  });

  registerErrorHandling(app);
  registerSecurityHeaders(app, { production: config.nodeEnv === "production" });

  await app.register(healthRoutes, { database });

  const webRoot = deps.webRoot === undefined ? (config.serveWeb ? webDistFolder : null) : deps.webRoot;
  await registerWebApp(app, { webRoot });

  return app;
}
