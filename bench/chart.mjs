// The traffic chart in Debian's Chromium: its render time for 365 days
// with 200 markers (target ≤ 50 ms), from the product's own component built by Vite in
// production mode into a page of its own (bench/chart/, never part of the product bundle) with
// the app's stylesheet; and the gzipped size of what the dashboard's Property View loads for
// the chart (its lazy chunk and the chunks only it needs), read from the build in dist/web.
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import puppeteer from "puppeteer-core";
import { build } from "vite";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const targetMs = 50;
const outDir = await mkdtemp(path.join(tmpdir(), "tidemark-bench-chart-"));
let server;
let browser;
try {
  await build({
    configFile: false,
    logLevel: "warn",
    root: path.resolve("bench/chart"),
    plugins: [react()],
    build: { outDir, emptyOutDir: true, minify: true },
  });
  // The app's own stylesheet, so style and layout cost what they cost in the product.
  const stylesheet = (await readdir("dist/web/assets")).find((name) => name.endsWith(".css"));
  if (stylesheet) {
    await copyFile(path.join("dist/web/assets", stylesheet), path.join(outDir, "app.css"));
    const htmlPath = path.join(outDir, "index.html");
    const html = await readFile(htmlPath, "utf8");
    await writeFile(
      htmlPath,
      html.replace("</head>", '<link rel="stylesheet" href="/app.css"></head>'),
    );
  }
  server = await serve(outDir);
  browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
  });
  console.log("Traffic chart in Chromium (the product's component, production React):");
  for (const width of [960, 360]) {
    const page = await browser.newPage();
    await page.setViewport({ width: Math.max(width + 40, 400), height: 900 });
    const load = loadavg()[0];
    await page.goto(`${server.url}/index.html?days=365&markers=200&width=${width}`);
    const result = await page.evaluate(() => globalThis.chartBench);
    await page.close();
    console.log(
      `  365 days, 200 markers, ${String(width).padStart(3)} px wide: render ${result.medianMs.toFixed(1).padStart(5)} ms median, p90 ${result.p90Ms.toFixed(1)} ms, first ${result.firstMs.toFixed(1)} ms (${result.runs} mounts, ${result.elements} elements; load ${load.toFixed(1)})   target ≤ ${targetMs} ms  ${result.medianMs <= targetMs ? "ok" : "MISSED"}`,
    );
  }
  await printChartChunks();
} finally {
  await browser?.close();
  server?.close();
  await rm(outDir, { recursive: true, force: true });
}

/** The chart's lazy chunk and every chunk that only it brings, gzipped, from the build. */
async function printChartChunks() {
  const manifestPath = "dist/web/.vite/manifest.json";
  const manifest = JSON.parse(await readFile(manifestPath, "utf8"));
  const key = Object.keys(manifest).find((name) => name.endsWith("annotations/traffic-panel.tsx"));
  if (!key) throw new Error(`bench/chart: no traffic-panel chunk in ${manifestPath}`);
  // What Property View loads before the chart is asked for; the chart's own chunks are the rest.
  const before = closure(manifest, "app/routes/dashboard-route.tsx", { dynamic: false });
  for (const name of ["features/dashboard/property-view.tsx"]) {
    const entry = Object.keys(manifest).find((candidate) => candidate.endsWith(name));
    if (entry) for (const file of closure(manifest, entry, { dynamic: false })) before.add(file);
  }
  for (const file of closure(manifest, "index.html", { dynamic: false })) before.add(file);
  const chart = [...closure(manifest, key, { dynamic: false })].filter((file) => !before.has(file));
  let total = 0;
  const parts = [];
  for (const file of chart) {
    const size = gzipSync(await readFile(path.join("dist/web", file))).length;
    total += size;
    parts.push(`${path.basename(file)} ${(size / 1024).toFixed(1)} KB`);
  }
  console.log(
    `  dashboard's chart chunk, gzipped: ${(total / 1024).toFixed(1)} KB (${parts.join(", ")}); loaded by Property View only, never by the landing page`,
  );
}

function closure(manifest, key, { dynamic }) {
  const files = new Set();
  const visit = (name) => {
    const chunk = manifest[name];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
    if (dynamic) for (const next of chunk.dynamicImports ?? []) visit(next);
  };
  visit(key);
  return files;
}

function serve(root) {
  const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };
  const httpServer = createServer(async (request, response) => {
    const file = path.join(root, new URL(request.url, "http://x").pathname);
    if (!file.startsWith(root)) return response.writeHead(403).end();
    try {
      const body = await readFile(file);
      response.writeHead(200, {
        "content-type": types[path.extname(file)] ?? "application/octet-stream",
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => {
    httpServer.listen(0, "127.0.0.1", () => {
      resolve({
        url: `http://127.0.0.1:${httpServer.address().port}`,
        close: () => httpServer.close(),
      });
    });
  });
}
