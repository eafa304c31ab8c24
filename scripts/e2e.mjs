// Runs the Playwright journeys against a freshly built product on a free port with an empty
// data folder. Without Chromium it skips them and says so, except in CI, where that fails.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const args = process.argv.slice(2);
const skipBuild = args.includes("--skip-build");
const playwrightArgs = args.filter((arg) => arg !== "--skip-build");

if (!existsSync(chromiumPath)) {
  const message = `Chromium was not found at ${chromiumPath}: the browser journeys need it (apt-get install -y chromium, or set CHROMIUM_PATH).`;
  if (process.env.CI === "true" || process.env.CI === "1") {
    console.error(`${message} In CI this is a failure.`);
    process.exit(1);
  }
  console.warn(`${message} Skipping them; every other test ran.`);
  process.exit(0);
}

if (!skipBuild) run("npm", ["run", "--silent", "build"]);

const port = await freePort();
let sandboxPort = await freePort();
while (sandboxPort === port) sandboxPort = await freePort();
const dataDir = await mkdtemp(path.join(tmpdir(), "tidemark-e2e-"));
try {
  const status = run(
    "npx",
    ["playwright", "test", ...playwrightArgs],
    {
      E2E_PORT: String(port),
      E2E_SANDBOX_PORT: String(sandboxPort),
      E2E_DATA_DIR: dataDir,
      CHROMIUM_PATH: chromiumPath,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
    },
    { exitOnFailure: false },
  );
  process.exitCode = status;
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

function run(command, commandArgs, env = {}, { exitOnFailure = true } = {}) {
  const result = spawnSync(command, commandArgs, {
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  const status = result.status ?? 1;
  if (status !== 0 && exitOnFailure) process.exit(status);
  return status;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
