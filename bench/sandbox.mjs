// Google sandbox speed: median and p95 latency of the annotation list and create calls on loopback,
// over N sequential keep-alive requests, in memory and with state persisted to a temporary folder.
// Budget: list and create answer in ≤ 2 ms median. Exits 1 when over budget.
//
//   node bench/sandbox.mjs [requests=500]
//
// Uses dist/sandbox (npm run build:node) when present, else the TypeScript sources through tsx.
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const requests = Number(process.argv[2] ?? 500);
const budgetMs = 2;
const root = fileURLToPath(new URL("..", import.meta.url));

async function loadSandbox() {
  const built = join(root, "dist/sandbox/index.js");
  if (existsSync(built)) return import(pathToFileURL(built).href);
  const { register } = await import("tsx/esm/api");
  register();
  return import(pathToFileURL(join(root, "src/sandbox/index.ts")).href);
}

function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p95: at(0.95) };
}

async function time(count, call) {
  const samples = [];
  for (let i = 0; i < count; i++) {
    const started = process.hrtime.bigint();
    const response = await call(i);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`request failed with ${response.status}`);
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return summarize(samples);
}

async function run(startSandbox, mode, dataDir) {
  const sandbox = await startSandbox({
    port: 0,
    clients: [],
    faultControl: true,
    ...(dataDir ? { dataDir } : {}),
  });
  try {
    const control = (path, body) =>
      fetch(`${sandbox.url}/__sandbox/control${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    const { access_token: token } = await control("/tokens", { email: "bench@example.com" });
    const authorization = `Bearer ${token}`;
    const summaries = await fetch(`${sandbox.url}/v1beta/accountSummaries`, {
      headers: { authorization },
    }).then((r) => r.json());
    const collection = `${sandbox.url}/v1alpha/${summaries.accountSummaries[0].propertySummaries[0].property}/reportingDataAnnotations`;
    const list = () => fetch(collection, { headers: { authorization } });
    const create = (i) =>
      fetch(collection, {
        method: "POST",
        headers: { authorization, "content-type": "application/json" },
        body: JSON.stringify({
          title: `Bench annotation ${i}`,
          description: "from bench/sandbox.mjs",
          color: "BLUE",
          annotationDate: { year: 2026, month: 1 + (i % 12), day: 1 + (i % 28) },
        }),
      });

    await time(300, list); // warm-up (JIT, connection pool)
    const results = {
      list: await time(requests, list),
      create: await time(requests, create),
      "list (full 50-item page)": await time(requests, list),
    };
    for (const [name, { median, p95 }] of Object.entries(results)) {
      console.log(
        `sandbox ${name.padEnd(24)} ${mode.padEnd(9)} median ${median.toFixed(3)} ms  p95 ${p95.toFixed(3)} ms  (${requests} requests)`,
      );
    }
    return results;
  } finally {
    await sandbox.close();
  }
}

const { startSandbox } = await loadSandbox();
const dataDir = await mkdtemp(join(tmpdir(), "tidemark-sandbox-bench-"));
try {
  const all = [await run(startSandbox, "memory"), await run(startSandbox, "persisted", dataDir)];
  const over = all.flatMap((results) =>
    Object.entries(results).filter(([, { median }]) => median > budgetMs),
  );
  if (over.length > 0) {
    console.error(
      `sandbox over budget (median > ${budgetMs} ms): ${over.map(([name]) => name).join(", ")}`,
    );
    process.exitCode = 1;
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
