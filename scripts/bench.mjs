// `npm run bench`: the product's speed and memory targets, measured on this machine.
// Never part of `npm test`: shared machines are noisy, so these numbers are read, not asserted.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const runs = Number(process.env.BENCH_RUNS ?? 3);
const targets = { startupMs: 2000, idleRssMb: 450 };

if (!existsSync("dist/main.js") || !existsSync("dist/web/index.html")) {
  spawnSync("npm", ["run", "--silent", "build"], { stdio: "inherit" });
}

const dataDir = await mkdtemp(path.join(tmpdir(), "tidemark-bench-"));
try {
  // The first start creates and migrates the database; the measured starts reuse it, as a restart would.
  await measureStart(dataDir);
  const samples = [];
  for (let run = 0; run < runs; run += 1) samples.push(await measureStart(dataDir));

  const startup = median(samples.map((s) => s.startupMs));
  const rss = median(samples.map((s) => s.idleRssMb));
  console.log(`npm start on an existing data folder (median of ${runs}):`);
  console.log(
    `  time to first 200 from /api/health  ${startup.toFixed(0).padStart(6)} ms   target ≤ ${targets.startupMs} ms  ${verdict(startup <= targets.startupMs)}`,
  );
  console.log(
    `  idle RSS after start                ${rss.toFixed(0).padStart(6)} MB   target ≤ ${targets.idleRssMb} MB  ${verdict(rss <= targets.idleRssMb)}`,
  );
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

// The Google sandbox must never be the bottleneck of the app's own benchmarks. The annotations
// API runs on PGlite, and again on PostgreSQL — the production engine — when DATABASE_URL names one.
const { DATABASE_URL: databaseUrl, ...withoutDatabase } = process.env;
const benchmarks = [
  { script: "bench/sandbox.mjs", env: process.env },
  { script: "bench/annotations.mjs", env: withoutDatabase },
  ...(databaseUrl ? [{ script: "bench/annotations.mjs", env: process.env }] : []),
  { script: "bench/assistant.mjs", env: process.env },
  { script: "bench/impact.mjs", env: process.env },
  { script: "bench/audit.mjs", env: withoutDatabase },
  { script: "bench/chart.mjs", env: process.env },
  { script: "bench/lighthouse.mjs", env: process.env },
  // Minutes per seed: only where a PostgreSQL server is named (the chaos test needs one).
  ...(databaseUrl ? [{ script: "bench/chaos.mjs", env: process.env }] : []),
];
for (const { script, env } of benchmarks) {
  console.log("");
  const result = spawnSync(process.execPath, [script], { stdio: "inherit", env });
  if (result.status !== 0) process.exitCode = result.status ?? 1;
}

async function measureStart(dir) {
  const port = 5300 + Math.floor(Math.random() * 500);
  const started = performance.now();
  const child = spawn(process.execPath, ["dist/main.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dir,
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the product exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await sleep(10);
    }
    const startupMs = performance.now() - started;
    await sleep(2000);
    const status = await readFile(`/proc/${child.pid}/status`, "utf8");
    const idleRssMb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    return { startupMs, idleRssMb };
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function verdict(ok) {
  return ok ? "ok" : "OVER TARGET";
}
