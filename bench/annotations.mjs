// Authenticated annotation throughput against the sandbox (no injected latency), beside a bare
// Fastify hello-world measured in the same run, and the Google calls each action costs.
// Uses the built product (dist/); run `npm run build` first (npm run bench does).
import { fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";

const dist = path.resolve("dist");
const { control, walkSignInPages } = await import(
  path.join(dist, "sandbox/testing/sandbox-test-kit.js")
);

const connections = 50;
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 8);
const warmUpSeconds = 2;
// BENCH_ONLY=list (or create) runs one load; BENCH_PROFILE=1 writes a CPU profile of the app to ./profiles.
const only = process.env.BENCH_ONLY;
const appPort = 5400 + Math.floor(Math.random() * 300);
const appUrl = `http://localhost:${appPort}`;
const client = {
  clientId: "tidemark-bench",
  clientSecret: "tidemark-bench-secret",
  redirectUris: [`${appUrl}/api/google/callback`, `${appUrl}/api/auth/callback/google`],
};

// Load generator here; the hello-world, the sandbox and the app each in a process of their own.
// On PostgreSQL (DATABASE_URL) the app gets an empty database of its own, so runs never share data.
const dataDir = await mkdtemp(path.join(tmpdir(), "tidemark-bench-annotations-"));
const scratchDatabase = process.env.DATABASE_URL
  ? await createScratchDatabase(process.env.DATABASE_URL)
  : null;
const env = {
  ...process.env,
  BENCH_CLIENT: JSON.stringify(client),
  BENCH_DATA_DIR: dataDir,
  BENCH_APP_PORT: String(appPort),
  ...(scratchDatabase ? { BENCH_DATABASE_URL: scratchDatabase.url } : {}),
};
const links = [];
// However the run ends, no server process may outlive it.
const children = [];
process.on("exit", () => children.forEach((child) => child.kill()));
process.on("unhandledRejection", (error) => {
  console.error(error);
  process.exit(1);
});
const hello = await startServer("hello", env);
const sandbox = await startServer("sandbox", env);
const app = await startServer("app", { ...env, BENCH_SANDBOX_URL: sandbox.url }, (message) => {
  if (message.signInLink) links.push(message.signInLink);
});

try {
  // A new address each run: sign-in links are rate limited per address, and PostgreSQL keeps them.
  const email = `bench-${Date.now()}@example.com`;
  const cookie = await signIn(email);
  // A generous allowance so the create benchmark measures the path, not the quota.
  await app.request({ prepare: { premiumEmail: email } }, "prepared");
  const start = await fetch(`${appUrl}/api/google/authorize`, {
    headers: { cookie },
    redirect: "manual",
  });
  const pending = start.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const { callback } = await walkSignInPages(start.headers.get("location"), { email });
  await fetch(callback, { headers: { cookie: `${cookie}; ${pending}` }, redirect: "manual" });
  const properties = await (
    await fetch(`${appUrl}/api/ga4/properties`, { headers: { cookie } })
  ).json();
  const propertyId = properties.properties.find((p) => p.canEdit).propertyId;
  await post(`/api/properties`, cookie, { propertyId });
  const listUrl = `${appUrl}/api/annotations/${propertyId}`;
  const today = new Date();
  const body = {
    title: "Bench annotation",
    annotationDate: {
      year: today.getUTCFullYear(),
      month: today.getUTCMonth() + 1,
      day: today.getUTCDate(),
    },
  };

  // The hello-world runs just before and just after the list, so a machine whose speed drifts
  // during the run (shared hosts do) skews the ratio less.
  const helloBefore = await run({ url: `${hello.url}/` });
  const list = only === "create" ? null : await runMeasured({ url: listUrl, headers: { cookie } });
  const helloAfter = await run({ url: `${hello.url}/` });
  const baseline = {
    requests: { average: (helloBefore.requests.average + helloAfter.requests.average) / 2 },
    latency: { p99: Math.max(helloBefore.latency.p99, helloAfter.latency.p99) },
    non2xx: helloBefore.non2xx + helloAfter.non2xx,
    errors: helloBefore.errors + helloAfter.errors,
  };
  const create =
    only === "list"
      ? null
      : await runMeasured({
          url: listUrl,
          method: "POST",
          headers: { cookie, origin: appUrl, "content-type": "application/json" },
          body: JSON.stringify(body),
        });

  const engine = process.env.DATABASE_URL ? "postgres" : "pglite";
  console.log(
    `Annotations API at ${connections} connections, ${durationSeconds} s each (sandbox without latency, ${engine}):`,
  );
  row("bare Fastify hello-world", baseline);
  console.log(
    `  ${"".padEnd(30)} mean of ${helloBefore.requests.average.toFixed(0)} before and ${helloAfter.requests.average.toFixed(0)} after the list`,
  );
  if (list) row("GET /api/annotations/{id}", list, baseline, { minRatio: 0.05 });
  if (create) row("POST /api/annotations/{id}", create, baseline);

  await settle();
  await control(sandbox.url, "DELETE", "/counters");
  const created = await post(`/api/annotations/${propertyId}`, cookie, {
    ...body,
    title: "Counted",
  });
  const afterCreate = await counters();
  await fetch(`${listUrl}/${created.annotationId}`, {
    method: "PATCH",
    headers: { cookie, origin: appUrl, "content-type": "application/json" },
    body: JSON.stringify({ title: "Counted again" }),
  });
  const afterPatch = await counters();
  await fetch(`${listUrl}/${created.annotationId}`, {
    method: "DELETE",
    headers: { cookie, origin: appUrl },
  });
  const afterDelete = await counters();
  const listed = (await (await fetch(listUrl, { headers: { cookie } })).json())
    .reportingDataAnnotations.length;
  const afterList = await counters();
  console.log(
    "\nGoogle calls per action (target: 1 write each, no reads; 1 read per page for a list):",
  );
  console.log(`  create ${describe(afterCreate, {})}`);
  console.log(`  edit   ${describe(afterPatch, afterCreate)}`);
  console.log(`  delete ${describe(afterDelete, afterPatch)}`);
  console.log(
    `  list   ${describe(afterList, afterDelete)}   (${listed} annotations: ${Math.max(1, Math.ceil(listed / 200))} pages of up to 200)`,
  );

  // The traffic chart's report: one Data API runReport for a property, metric and
  // range, then none while the answer is cached (10 minutes, in the database).
  const chartUrl = `${appUrl}/api/traffic/${propertyId}?metric=sessions&range=28d`;
  const viewChart = async () => {
    const response = await fetch(chartUrl, { headers: { cookie } });
    if (!response.ok) throw new Error(`${chartUrl} answered ${response.status}`);
    await response.arrayBuffer();
    return counters();
  };
  const afterFirstView = await viewChart();
  const afterSecondView = await viewChart();
  const firstReports = reportCalls(afterFirstView, afterList);
  const cachedReports = reportCalls(afterSecondView, afterFirstView);
  console.log("\nGoogle calls per chart view (target: 1 runReport, then 0 while cached):");
  console.log(
    `  first view    ${describe(afterFirstView, afterList).padEnd(40)} ${firstReports === 1 ? "ok" : "MISSED"}`,
  );
  console.log(
    `  second view   ${describe(afterSecondView, afterFirstView).padEnd(40)} ${cachedReports === 0 ? "ok" : "MISSED"}`,
  );

  // The table's Impact column: every annotation of the property measured from the chart's cached
  // report, one request per table; p95 of sequential requests once the report is cached.
  const impactUrl = `${appUrl}/api/properties/${propertyId}/impact?metric=sessions`;
  const readImpact = async () => {
    const started = performance.now();
    const response = await fetch(impactUrl, { headers: { cookie } });
    if (!response.ok) throw new Error(`${impactUrl} answered ${response.status}`);
    const { impacts } = await response.json();
    return { ms: performance.now() - started, count: impacts.length };
  };
  await readImpact();
  const impactTimes = [];
  let measured = 0;
  for (let i = 0; i < 40; i++) {
    const { ms, count } = await readImpact();
    impactTimes.push(ms);
    measured = count;
  }
  impactTimes.sort((a, b) => a - b);
  const impactP95 = impactTimes[Math.ceil(impactTimes.length * 0.95) - 1];
  console.log(
    `\nImpact column (GET /api/properties/{id}/impact, ${measured} annotations, warm cache, 40 requests):`,
  );
  console.log(
    `  median ${impactTimes[impactTimes.length >> 1].toFixed(1)} ms, p95 ${impactP95.toFixed(1)} ms   target p95 ≤ 300 ms   ${impactP95 <= 300 ? "ok" : "OVER TARGET"}`,
  );
} finally {
  await Promise.all([app.close(), hello.close(), sandbox.close()]);
  await scratchDatabase?.drop();
  await rm(dataDir, { recursive: true, force: true });
}

async function createScratchDatabase(serverUrl) {
  const name = `tidemark_bench_${process.pid}_${Date.now()}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** Forks one bench server and waits for its URL; `request` sends a message and awaits a reply key. */
async function startServer(role, childEnv, onMessage = () => {}) {
  const profile =
    role !== "hello" && process.env.BENCH_PROFILE ? ["--cpu-prof", "--cpu-prof-dir=profiles"] : [];
  const child = fork(path.resolve("bench/support/bench-server.mjs"), [role], {
    env: childEnv,
    execArgv: profile,
  });
  children.push(child);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.on("message", onMessage);
  const url = await new Promise((resolve, reject) => {
    child.on("message", (message) => message.ready && resolve(message.ready.url));
    child.once("exit", (code) =>
      reject(new Error(`the ${role} server exited with ${code} before it was ready`)),
    );
  });
  return {
    url,
    /** CPU time the process has used so far, in ms (Linux /proc; null elsewhere). */
    cpuMs: () => processCpuMs(child.pid),
    request: (message, replyKey) =>
      new Promise((resolve) => {
        const listener = (reply) => {
          if (!reply[replyKey]) return;
          child.off("message", listener);
          resolve(reply);
        };
        child.on("message", listener);
        child.send(message);
      }),
    close: async () => {
      if (child.exitCode === null) child.send({ close: true });
      await exited;
    },
  };
}

async function signIn(email) {
  await post("/api/auth/sign-in/magic-link", "", { email, callbackURL: "/" });
  // The link travels over IPC and may arrive just after the HTTP answer.
  let link;
  while (!(link = links.findLast((sent) => sent.email === email)))
    await new Promise((resolve) => setTimeout(resolve, 10));
  // The link opens the continue page; its Continue button posts the token.
  const verify = await fetch(`${appUrl}/api/auth/sign-in-link`, {
    method: "POST",
    headers: { origin: appUrl, "content-type": "application/json" },
    body: JSON.stringify({ token: new URL(link.url).searchParams.get("token") }),
  });
  return verify.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

async function post(pathname, cookie, payload) {
  const response = await fetch(`${appUrl}${pathname}`, {
    method: "POST",
    headers: { cookie, origin: appUrl, "content-type": "application/json" },
    body: JSON.stringify(payload),
  });
  return response.json();
}

/** Waits until requests still in flight from the load run have finished reaching the sandbox. */
async function settle() {
  let last = JSON.stringify(await counters());
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = JSON.stringify(await counters());
    if (now === last) return;
    last = now;
  }
}

async function counters() {
  return (await control(sandbox.url, "GET", "/counters")).counters;
}

function reportCalls(now, before) {
  const method = "analyticsdata.properties.runReport";
  return (now[method] ?? 0) - (before[method] ?? 0);
}

function describe(now, before) {
  const changed = Object.entries(now)
    .map(([method, count]) => [method, count - (before[method] ?? 0)])
    .filter(([, count]) => count > 0)
    .map(
      ([method, count]) =>
        `${method.replace("analyticsadmin.properties.reportingDataAnnotations.", "")} ×${count}`,
    );
  return changed.join(", ") || "none";
}

/** Steady-state numbers: a short unrecorded warm-up (JIT, connection pools, sockets) before each run. */
async function run(options) {
  await autocannon({ connections, duration: warmUpSeconds, ...options });
  return autocannon({ connections, duration: durationSeconds, ...options });
}

/** A load run, with the CPU the app and the sandbox spent per request during it. */
async function runMeasured(options) {
  const before = [app.cpuMs(), sandbox.cpuMs()];
  const result = await run(options);
  const after = [app.cpuMs(), sandbox.cpuMs()];
  if (before.every((value) => value !== null)) {
    const requests = result.requests.total;
    result.cpuPerRequest = {
      app: (after[0] - before[0]) / requests,
      sandbox: (after[1] - before[1]) / requests,
    };
  }
  return result;
}

function processCpuMs(pid) {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat: user and system time in clock ticks (100 per second).
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8")
      .replace(/^.*\) /, "")
      .split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

function row(label, result, baseline, targets = {}) {
  const rps = result.requests.average;
  const p99 = result.latency.p99;
  const errors = result.non2xx + result.errors;
  let line = `  ${label.padEnd(30)} ${rps.toFixed(0).padStart(7)} req/s   p99 ${String(p99).padStart(4)} ms`;
  if (baseline) {
    const ratio = rps / baseline.requests.average;
    line += `   ${(ratio * 100).toFixed(1)}% of hello-world`;
    if (targets.minRatio !== undefined)
      line += ratio >= targets.minRatio && p99 <= 50 ? "  ok" : "  OVER TARGET (≥5%, p99 ≤ 50 ms)";
  }
  if (errors > 0) line += `   (${errors} non-2xx or failed)`;
  if (result.cpuPerRequest) {
    line += `\n  ${"".padEnd(30)} CPU per request: app ${result.cpuPerRequest.app.toFixed(2)} ms, sandbox ${result.cpuPerRequest.sandbox.toFixed(2)} ms`;
  }
  console.log(line);
}
