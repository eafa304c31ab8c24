import Fastify, { type FastifyInstance } from "fastify";
import { pino } from "pino";
import { OneLineRequestLog } from "./http/request-log.js";
import { registerApiCompression } from "./http/compression.js";
import { answerFrameworkError, registerErrorHandling } from "./http/error-handling.js";
import { registerOriginGuard } from "./http/origin-guard.js";
import { registerRouteTable } from "./http/route-table.js";
import { builtInlineScriptHashes } from "./http/inline-scripts.js";
import { registerSecurityHeaders } from "./http/security-headers.js";
import { registerWebApp } from "./http/web-app.js";
import { createJobQueue } from "./jobs/job-queue.js";
import { webDistFolder } from "./paths.js";
import { hasSecrets, type AppDependencies, type Wiring } from "./wiring/app-dependencies.js";
import { wireIdentity } from "./wiring/identity.js";
import { registerRoutes } from "./wiring/routes.js";
import { wireServices } from "./wiring/services.js";

export type { AppDependencies } from "./wiring/app-dependencies.js";

/**
 * Builds the HTTP app from its dependencies; it opens nothing itself, so tests can pass their own.
 * The parts are wired in `wiring/`: who is asking, the services, then the routes.
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  if (!hasSecrets(config)) {
    throw new Error(
      "buildApp needs config.sessionSecret and config.tokenEncryptionKey (startServer provides them).",
    );
  }
  const logger = deps.logger ?? pino({ level: "silent" });
  const app: FastifyInstance = Fastify({
    loggerInstance: logger,
    // Behind a load balancer the client address arrives in X-Forwarded-For.
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    frameworkErrors: answerFrameworkError,
    logController: new OneLineRequestLog({ structured: config.logFormat === "json" }),
  });

  const jobs = deps.jobs ?? createJobQueue({ database, logger });
  // Jobs start once every feature has defined its own, and stop before the database closes.
  app.addHook("onReady", () => jobs.start());
  app.addHook("onClose", () => jobs.stop());

  registerErrorHandling(app);
  const webRoot =
    deps.webRoot === undefined ? (config.serveWeb ? webDistFolder : null) : deps.webRoot;
  registerSecurityHeaders(app, {
    production: config.nodeEnv === "production",
    inlineScriptHashes: builtInlineScriptHashes(webRoot),
  });
  registerRouteTable(app);
  registerOriginGuard(app, { trustedOrigins: [config.appUrl] });
  await registerApiCompression(app);

  const wiring: Wiring = { deps: { ...deps, config }, logger, jobs };
  const identity = await wireIdentity(app, wiring);
  const services = await wireServices(app, wiring, identity);
  await registerRoutes(app, wiring, identity, services);

  await registerWebApp(app, {
    webRoot,
    production: config.nodeEnv === "production",
    isSignedIn: async (request) => (await request.sessionUser()) !== null,
    currentUser: async (request) => {
      const user = await request.sessionUser();
      return user ? services.plans.toCurrentUser(user) : null;
    },
  });

  return app;
}
