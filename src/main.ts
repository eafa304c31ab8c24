/**
 * The product's entry point (`npm start`): reads the configuration, starts the built-in Google
 * sandbox when no Google OAuth client is configured, starts the server, and shuts everything
 * down cleanly on SIGTERM/SIGINT. It sits above src/server so that it may start the sandbox,
 * which the server itself never imports: the server only ever talks to it over HTTP.
 */
import {
  sandboxAppClient,
  sandboxAppClientFor,
  startSandbox,
  type RunningSandbox,
} from "./sandbox/index.js";
import { ConfigError, loadConfig, type AppConfig } from "./server/env.js";
import {
  realGoogleEndpoints,
  sandboxGoogleEndpoints,
  type GoogleEndpoints,
} from "./server/integrations/google/google-endpoints.js";
import { createLogger } from "./server/logger.js";
import { startServer, withConcretePort } from "./server/start-server.js";

const shutdownGraceMs = 10_000;

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  // The sandbox registers the app's redirect URIs, so a PORT=0 must become a real port first.
  const config = await withConcretePort(readConfig());
  const logger = createLogger(config);

  let sandbox: RunningSandbox | null = null;
  let google: GoogleEndpoints;
  if (config.google.mode === "google") {
    google = realGoogleEndpoints(config.google);
  } else if (config.google.sandboxUrl) {
    await checkSharedSandbox(config.google.sandboxUrl);
    google = sandboxGoogleEndpoints(config.google.sandboxUrl, sandboxAppClient);
    logger.info(
      `Sandbox mode: using the shared Google sandbox at ${config.google.sandboxUrl} (SANDBOX_URL)`,
    );
  } else {
    sandbox = await startSandbox({
      port: config.google.sandboxPort,
      dataDir: config.dataDir,
      faultControl: config.google.faultControl,
      clients: [sandboxAppClientFor([config.appUrl])],
      // Whoever this Tidemark lets try Premium or the audit can try every feature on the sandbox.
      testerEmails: [...config.premiumTesterEmails, ...config.auditBetaEmails],
      logger: logger.child({ part: "sandbox" }),
    });
    google = sandboxGoogleEndpoints(sandbox.url, sandboxAppClient);
    if (config.google.demo) {
      logger.warn(
        `ALLOW_SANDBOX_IN_PRODUCTION is set: this production server uses the simulated Google at ${sandbox.url}; ` +
          "nobody can connect a real Google Analytics account (a demo only)",
      );
    } else
      logger.info(
        `Sandbox mode: Google sign-in and the Analytics APIs are simulated at ${sandbox.url} ` +
          "(set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET to use real Google)",
      );
  }

  const server = await startServer(config, { google, logger });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info(
      config.shutdownDrainMs > 0
        ? `${signal} received: telling the load balancer for ${config.shutdownDrainMs / 1000} s, then finishing in-flight requests and stopping`
        : `${signal} received: finishing in-flight requests, then stopping`,
    );
    // A request that never finishes must not keep a deploy waiting forever.
    const forceExit = setTimeout(() => process.exit(1), config.shutdownDrainMs + shutdownGraceMs);
    forceExit.unref();
    server
      .drain()
      .then(() => server.close())
      .then(() => sandbox?.close())
      .then(
        () => {
          logger.info("Tidemark stopped.");
          process.exit(0);
        },
        (error: unknown) => {
          logger.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

/**
 * A shared sandbox must already be running: failing here, with the command that starts it, beats
 * a sign-in that fails later with a connection error.
 */
async function checkSharedSandbox(url: string): Promise<void> {
  const discovery = `${url}/.well-known/openid-configuration`;
  const answer = await fetch(discovery, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
  if (!answer?.ok)
    throw new Error(
      `the Google sandbox at SANDBOX_URL=${url} does not answer (start it with \`npm run sandbox\`)`,
    );
}

main().catch((error: unknown) => {
  console.error(
    `Tidemark could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
