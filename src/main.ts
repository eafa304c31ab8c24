/**
 * The product's entry point (`npm start`): reads the configuration, starts the server and
 * shuts everything down cleanly on SIGTERM/SIGINT. It sits above src/server so that it can
 * also start the offline Google sandbox, which the server itself must never import.
 */
import { ConfigError, loadConfig } from "./server/env.js";
import { startServer } from "./server/start-server.js";

const shutdownGraceMs = 10_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const server = await startServer(config);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    server.logger.info(`${signal} received: finishing in-flight requests, then stopping`);
    // A request that never finishes must not keep a deploy waiting forever.
    const forceExit = setTimeout(() => process.exit(1), shutdownGraceMs);
    forceExit.unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error: unknown) => {
  console.error(`Tidemark could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
