import { defineConfig, devices } from "@playwright/test";

/**
 * Browser journeys against the built product. scripts/e2e.mjs picks a free port and a fresh
 * data folder and passes them in, so every run starts from an empty database.
 */
const port = Number(process.env.E2E_PORT ?? 5199);
const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 5198);
const dataDir = process.env.E2E_DATA_DIR ?? "./data/e2e";
/** The product's log, where journeys read the sign-in links it "mails" (see e2e/support). */
const serverLogPath = `${dataDir}/server.log`;
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      // Without these, Chromium keeps trying to reach Google's services, which this network refuses.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: `node dist/main.js > "${serverLogPath}" 2>&1`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
      // Every journey's browser is the same client (127.0.0.1), so the per-client cap on sign-in
      // links would soon refuse the suite's own sign-ins; its rule is proven by integration tests.
      RATE_LIMIT_SIGN_IN_LINKS_PER_CLIENT_PER_HOUR: "1000",
      // Likewise the ceiling over all clients, which would otherwise become the binding limit.
      RATE_LIMIT_SIGN_IN_LINKS_TOTAL_PER_HOUR: "1000",
      // The sandbox's two testers, plus one account per journey that needs Premium of its own.
      PREMIUM_TESTER_EMAILS:
        "tester1@example.com, tester2@example.com, categories.tester@example.com, undo.tester@example.com, inbox.tester@example.com, recommended.tester@example.com, export.tester@example.com, all-annotations.tester@example.com, bulk.tester@example.com, multi.tester@example.com, mcp.tester@example.com, header.tester@example.com, history.tester@example.com, export-view.tester@example.com, impact.tester@example.com, drafts.tester@example.com, drafts-phone.tester@example.com",
      // Journeys read what Google Analytics holds from the sandbox itself (e2e/undo.spec.ts).
      SANDBOX_CONTROL: "on",
    },
  },
});
