// Authenticated annotation throughput against the sandbox (no injected latency), beside a bare
// Fastify hello-world measured in the same run, and the Google calls each action costs.
// Uses the built product (dist/); run `npm run build` first (npm run bench does).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import Fastify from "fastify";
import { sql } from "drizzle-orm";

const dist = path.resolve("dist");
const { startSandbox } = await import(path.join(dist, "sandbox/index.js"));
const { control, walkSignInPages } = await import(path.join(dist, "sandbox/testing/sandbox-test-kit.js"));
const { buildApp } = await import(path.join(dist, "server/app.js"));
const { openDatabase } = await import(path.join(dist, "server/db/database.js"));
const { loadConfig } = await import(path.join(dist, "server/env.js"));
const { sandboxGoogleEndpoints } = await import(path.join(dist, "server/integrations/google/google-endpoints.js"));

const connections = 50;
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 8);
const appPort = 5400 + Math.floor(Math.random() * 300);
const appUrl = `http://localhost:${appPort}`;
const client = { clientId: "tidemark-bench", clientSecret: "tidemark-bench-secret" };

const dataDir = await mkdtemp(path.join(tmpdir(), "tidemark-bench-annotations-"));
const sandbox = await startSandbox({
  port: 0,
  faultControl: true,
  clients: [{ ...client, redirectUris: [`${appUrl}/api/google/callback`, `${appUrl}/api/auth/callback/google`] }],
});
const database = process.env.DATABASE_URL
  ? await openDatabase({ engine: "postgres", url: process.env.DATABASE_URL })
  : await openDatabase({ engine: "pglite", dataDir: path.join(dataDir, "pglite") });
await database.migrate();
const links = [];
const config = {
  ...loadConfig({ PORT: String(appPort), DATA_DIR: dataDir, LOG_LEVEL: "silent" }),
  sessionSecret: "bench-session-secret-0123456789abcdefghijkl",
  tokenEncryptionKey: Buffer.alloc(32, 9).toString("base64"),
  serveWeb: false,
};
const app = await buildApp({
  config,
  database,
  google: sandboxGoogleEndpoints(sandbox.url, client),
  mailer: { sendSignInLink: async (message) => void links.push(message) },
  webRoot: null,
});
await app.listen({ port: appPort, host: "127.0.0.1" });
const hello = Fastify();
hello.get("/", async () => ({ hello: "world" }));
await hello.listen({ port: 0, host: "127.0.0.1" });

try {
  const email = "bench@example.com";
  const cookie = await signIn(email);
  // A generous allowance so the create benchmark measures the path, not the quota.
  await database.db.execute(
    sql`update users set subscription_tier = 'premium', annotation_quota = 1000000000, property_quota = 5 where email = ${email}`,
  );
  const start = await fetch(`${appUrl}/api/google/authorize`, { headers: { cookie }, redirect: "manual" });
  const pending = start.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  const { callback } = await walkSignInPages(start.headers.get("location"), { email });
  await fetch(callback, { headers: { cookie: `${cookie}; ${pending}` }, redirect: "manual" });
  const properties = await (await fetch(`${appUrl}/api/ga4/properties`, { headers: { cookie } })).json();
  const propertyId = properties.properties.find((p) => p.canEdit).propertyId;
  await post(`/api/properties`, cookie, { propertyId });
  const listUrl = `${appUrl}/api/annotations/${propertyId}`;
  const today = new Date();
  const body = { title: "Bench annotation", annotationDate: { year: today.getUTCFullYear(), month: today.getUTCMonth() + 1, day: today.getUTCDate() } };

  const baseline = await run({ url: `http://127.0.0.1:${hello.server.address().port}/` });
  const list = await run({ url: listUrl, headers: { cookie } });
  const create = await run({
    url: listUrl,
    method: "POST",
    headers: { cookie, origin: appUrl, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

  console.log(`Annotations API at ${connections} connections, ${durationSeconds} s each (sandbox without latency, ${database.engine}):`);
  row("bare Fastify hello-world", baseline);
  row("GET /api/annotations/{id}", list, baseline, { minRatio: 0.05 });
  row("POST /api/annotations/{id}", create, baseline);

  await settle();
  await control(sandbox.url, "DELETE", "/counters");
  const created = await post(`/api/annotations/${propertyId}`, cookie, { ...body, title: "Counted" });
  const afterCreate = await counters();
  await fetch(`${listUrl}/${created.annotationId}`, {
    method: "PATCH",
    headers: { cookie, origin: appUrl, "content-type": "application/json" },
    body: JSON.stringify({ title: "Counted again" }),
  });
  const afterPatch = await counters();
  await fetch(`${listUrl}/${created.annotationId}`, { method: "DELETE", headers: { cookie, origin: appUrl } });
  const afterDelete = await counters();
  await fetch(listUrl, { headers: { cookie } });
  const afterList = await counters();
  console.log("\nGoogle calls per action (target: 1 write each, no reads; 1 read per page for a list):");
  console.log(`  create ${describe(afterCreate, {})}`);
  console.log(`  edit   ${describe(afterPatch, afterCreate)}`);
  console.log(`  delete ${describe(afterDelete, afterPatch)}`);
  console.log(`  list   ${describe(afterList, afterDelete)}`);
} finally {
  await app.close();
  await hello.close();
  await database.close();
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
}

async function signIn(email) {
  await post("/api/auth/sign-in/magic-link", "", { email, callbackURL: "/" });
  const link = links.findLast((sent) => sent.email === email);
  const verify = await fetch(link.url, { redirect: "manual" });
  return verify.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
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

function describe(now, before) {
  const changed = Object.entries(now)
    .map(([method, count]) => [method, count - (before[method] ?? 0)])
    .filter(([, count]) => count > 0)
    .map(([method, count]) => `${method.replace("analyticsadmin.properties.reportingDataAnnotations.", "")} ×${count}`);
  return changed.join(", ") || "none";
}

function run(options) {
  return autocannon({ connections, duration: durationSeconds, ...options });
}

function row(label, result, baseline, targets = {}) {
  const rps = result.requests.average;
  const p99 = result.latency.p99;
  const errors = result.non2xx + result.errors;
  let line = `  ${label.padEnd(30)} ${rps.toFixed(0).padStart(7)} req/s   p99 ${String(p99).padStart(4)} ms`;
  if (baseline) {
    const ratio = rps / baseline.requests.average;
    line += `   ${(ratio * 100).toFixed(1)}% of hello-world`;
    if (targets.minRatio !== undefined) line += ratio >= targets.minRatio && p99 <= 50 ? "  ok" : "  OVER TARGET (≥5%, p99 ≤ 50 ms)";
  }
  if (errors > 0) line += `   (${errors} non-2xx or failed)`;
  console.log(line);
}
