// JavaScript budgets, gzipped, for what a first visit downloads.
//
// - The landing page (/) within 60 KB, measured as a visitor gets it: the built product is started
//   on free ports with an empty data folder, Chromium opens / and every script it fetched by
//   network idle is counted (the page loads only its own script, decision 0070; anything the app
//   would add later, such as code fetched when the browser is idle, counts too).
// - The dashboard's first screen within its own budget, from the build's manifest: the entry
//   chunk, the page's own chunk (src/web/app/routes/<name>-route.tsx), the chunks its first screen
//   draws (Property View, the mode people land in) and everything they import statically.
//
// Without Chromium (CHROMIUM_PATH, default /usr/bin/chromium) the landing page is not measured and
// this says so; in CI (CI=true) that fails.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

const landingBudgetKb = 60;
const manifestBudgets = [
  {
    // Property View is the mode people land in after signing in.
    name: "Dashboard first screen (/dashboard?mode=property)",
    chunks: ["app/routes/dashboard-route.tsx", "features/dashboard/property-view.tsx"],
    budgetKb: 130,
  },
];

const webDist = path.resolve("dist/web");
const manifest = JSON.parse(readFileSync(path.join(webDist, ".vite", "manifest.json"), "utf8"));
const entryKey = "index.html";
if (!manifest[entryKey]?.isEntry) {
  console.error("size check: no app entry in the Vite manifest; run `npm run build` first.");
  process.exit(1);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;
const gzipped = (bytes) => gzipSync(bytes, { level: 9 }).length;

/** Prints a page's files and total against its budget; true when it is within it. */
function report(name, files, budgetKb) {
  const total = files.reduce((sum, file) => sum + file.size, 0);
  console.log(`${name}, JavaScript (gzipped), ${files.length} scripts:`);
  for (const file of files) console.log(`  ${kb(file.size)}  ${file.name}`);
  console.log(`  ${kb(total)}  total, budget ${budgetKb} KB\n`);
  if (total <= budgetKb * 1024) return true;
  console.error(`size check: ${name} is over its JavaScript budget.`);
  return false;
}

let failed = false;
if (!(await checkLanding())) failed = true;

for (const { name, chunks, budgetKb } of manifestBudgets) {
  for (const key of chunks) {
    if (!manifest[key]) {
      console.error(`size check: ${key} is not a chunk of its own in the Vite manifest.`);
      process.exit(1);
    }
  }
  const loaded = new Set();
  const load = (key) => {
    if (loaded.has(key)) return;
    loaded.add(key);
    for (const imported of manifest[key].imports ?? []) load(imported);
  };
  load(entryKey);
  for (const key of chunks) load(key);
  const files = [...loaded]
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith(".js"))
    .map((file) => ({ name: file, size: gzipped(readFileSync(path.join(webDist, file))) }));
  if (!report(`${name}, initial`, files, budgetKb)) failed = true;
}
if (failed) process.exit(1);

/** The landing page in Chromium against the built product: every script by network idle. */
async function checkLanding() {
  const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(chromiumPath)) {
    const message = `size check: Chromium was not found at ${chromiumPath}, so the landing page's scripts were not measured (apt-get install -y chromium, or set CHROMIUM_PATH).`;
    const inCi = process.env.CI === "true" || process.env.CI === "1";
    (inCi ? console.error : console.warn)(inCi ? `${message} In CI this is a failure.` : message);
    return !inCi;
  }
  const { chromium } = await import("@playwright/test");
  const port = await freePort();
  let sandboxPort = await freePort();
  while (sandboxPort === port) sandboxPort = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), "tidemark-size-"));
  const appUrl = `http://127.0.0.1:${port}`;
  const product = spawn(process.execPath, ["dist/main.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let browser;
  try {
    await waitForHealth(product, appUrl);
    browser = await chromium.launch({
      executablePath: chromiumPath,
      // The flags playwright.config.ts uses: this network refuses Google's background services.
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
    });
    const page = await browser.newPage();
    const scripts = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response);
    });
    await page.goto(`${appUrl}/`, { waitUntil: "networkidle" });
    const files = [];
    for (const response of scripts) {
      const name = new URL(response.url()).pathname.replace(/^\//, "");
      files.push({ name, size: gzipped(await response.body()) });
    }
    return report("Landing page (/), fetched by network idle", files, landingBudgetKb);
  } finally {
    await browser?.close();
    product.kill();
    await new Promise((resolve) =>
      product.exitCode !== null ? resolve() : product.once("exit", resolve),
    );
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function waitForHealth(child, appUrl) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`size check: the product exited with ${child.exitCode}`);
    const ok = await fetch(`${appUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("size check: the product did not answer /api/health within 90 s");
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
