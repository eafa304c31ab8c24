import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import { buildApp, type AppDependencies } from "./app.js";
import { openDatabase, type Database } from "./db/database.js";
import type { AppConfig } from "./env.js";
import type { GoogleEndpoints } from "./integrations/google/google-endpoints.js";
import { createJobQueue } from "./jobs/job-queue.js";
import { loadOrCreateLocalSecret } from "./local-secrets.js";
import { createLogger } from "./logger.js";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import path from "node:path";

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  logger: Logger;
  url: string;
  /**
   * Says 503 on /api/health while still serving, for `config.shutdownDrainMs`: the time a load
   * balancer needs to stop sending this instance requests. Resolves when that time is up.
   */
  drain(): Promise<void>;
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

export interface StartOptions {
  google: GoogleEndpoints;
  logger?: Logger;
  /**
   * Tests that run the product as a process of its own (to kill it) compress its waits: its clock,
   * how long it waits between Google retries and for an import's unconfirmed rows, its job queue.
   */
  dependencies?: Pick<
    Partial<AppDependencies>,
    "now" | "googleRetryPolicy" | "googleRequestTimeoutMs" | "importSleep" | "mailer"
  >;
  /** How often the job queue looks for runs lost with their process (default 30 s). */
  jobMaintenanceIntervalSeconds?: number;
}

/** env → secrets → database → migrations → app → listen. */
export async function startServer(
  requested: AppConfig,
  options: StartOptions,
): Promise<RunningServer> {
  const config = await withConcretePort(requested);
  const logger = options.logger ?? createLogger(config);
  const sessionSecret =
    config.sessionSecret ?? (await loadOrCreateLocalSecret(config.dataDir, "session-secret"));
  const tokenEncryptionKey =
    config.tokenEncryptionKey ??
    (await loadOrCreateLocalSecret(config.dataDir, "token-encryption-key", () =>
      randomBytes(32).toString("base64"),
    ));
  const database = await openDatabase(
    config.databaseUrl
      ? { engine: "postgres", url: config.databaseUrl }
      : { engine: "pglite", dataDir: path.join(config.dataDir, "pglite") },
  );
  let draining = false;
  try {
    await database.migrate();
    const app = await buildApp({
      config: { ...config, sessionSecret, tokenEncryptionKey },
      database,
      logger,
      google: options.google,
      isDraining: () => draining,
      ...options.dependencies,
      ...(options.jobMaintenanceIntervalSeconds
        ? {
            jobs: createJobQueue({
              database,
              logger,
              maintenanceIntervalSeconds: options.jobMaintenanceIntervalSeconds,
            }),
          }
        : {}),
    });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    const url = `http://localhost:${port}`;
    logger.info(
      `Tidemark is running at ${url} (Node ${process.versions.node}; database: ${database.engine === "postgres" ? "PostgreSQL" : `PGlite in ${config.dataDir}`})`,
    );
    return {
      app,
      database,
      logger,
      url,
      async drain() {
        draining = true;
        if (config.shutdownDrainMs > 0)
          await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      },
      async close() {
        const closing = app.close();
        // Closing closes the connections idle at that moment; one whose request is still running
        // is kept alive after its answer (browsers and balancers keep them), and the close would
        // wait for it until the forced exit. Closing each as soon as it falls idle ends it cleanly.
        const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
        try {
          await closing;
        } finally {
          clearInterval(sweep);
        }
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * PORT=0 asks for any free port; the public address (sign-in links, OAuth redirects, the Origin
 * check) must name the real one, so pick it before the app is built.
 */
export async function withConcretePort(config: AppConfig): Promise<AppConfig> {
  if (config.port !== 0) return config;
  const port = await new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, config.host, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
  const appUrl =
    config.appUrl === "http://localhost:0" ? `http://localhost:${port}` : config.appUrl;
  return { ...config, port, appUrl };
}
