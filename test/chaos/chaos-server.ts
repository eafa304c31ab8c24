/**
 * The product as a process of its own for the chaos test, started the way `src/main.ts` starts it
 * (`startServer`: secrets, PostgreSQL, migrations, the app, listen) on a shared Google sandbox that
 * outlives it, so the test can kill it with SIGKILL and start it again on the same database.
 *
 * Its waits are compressed, never skipped (decision 0072): the app's clock is real time plus an
 * offset kept in a file (so a restarted process carries on from where the killed one was), an
 * import's wait for unconfirmed rows moves that offset on after a real pause long enough for any
 * answer Google sent late to land, Google retries back off for milliseconds, and an Admin API call
 * times out after `CHAOS_GOOGLE_TIMEOUT_MS`.
 *
 * Environment: CHAOS_DATABASE_URL, CHAOS_SANDBOX_URL, CHAOS_PORT, CHAOS_CLOCK_FILE,
 * CHAOS_GOOGLE_TIMEOUT_MS, CHAOS_EMAIL (the person who may try Premium). Prints `CHAOS_READY <url>`
 * once it listens.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { setTimeout as wait } from "node:timers/promises";
import { sandboxGoogleEndpoints } from "../../src/server/integrations/google/google-endpoints.js";
import { createLogger } from "../../src/server/logger.js";
import { startServer } from "../../src/server/start-server.js";
import { testConfig } from "../test-config.js";

/** The app client the test's sandbox registers (as test/app-harness.ts names it). */
const appClient = { clientId: "tidemark-test-app", clientSecret: "tidemark-test-app-secret" };

const required = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const databaseUrl = required("CHAOS_DATABASE_URL");
const sandboxUrl = required("CHAOS_SANDBOX_URL");
const port = Number(required("CHAOS_PORT"));
const clockFile = required("CHAOS_CLOCK_FILE");
const googleTimeoutMs = Number(process.env.CHAOS_GOOGLE_TIMEOUT_MS ?? 1_000);

let offsetMs = Number(readFileSync(clockFile, "utf8")) || 0;
const now = () => new Date(Date.now() + offsetMs);

const config = testConfig({
  appUrl: `http://localhost:${port}`,
  port,
  databaseUrl,
  logLevel: "warn",
  premiumTesterEmails: [required("CHAOS_EMAIL")],
});

const server = await startServer(config, {
  google: sandboxGoogleEndpoints(sandboxUrl, appClient),
  logger: createLogger(config),
  jobMaintenanceIntervalSeconds: 1,
  dependencies: {
    now,
    googleRequestTimeoutMs: googleTimeoutMs,
    googleRetryPolicy: { attempts: 4, baseDelayMs: 20, maxDelayMs: 100 },
    importSleep: async (ms, signal) => {
      // Anything Google answers late (a timed-out write) lands within this pause, so moving the
      // clock on afterwards cannot make a listing miss a write that was still on its way.
      await wait(googleTimeoutMs * 2, undefined, { signal });
      offsetMs += ms;
      writeFileSync(clockFile, String(offsetMs));
    },
  },
});
process.stdout.write(`CHAOS_READY ${server.url}\n`);
