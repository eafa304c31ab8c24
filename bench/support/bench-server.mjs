// One server of the annotations benchmark, in its own process so the load generator, the app and
// "Google" do not share one event loop (in production they are different machines).
// Roles: `hello` (a bare Fastify hello-world), `sandbox` (the Google sandbox), `app` (Tidemark).
// Talks to the parent over IPC: sends { ready: { url } }, answers { prepare } and forwards sign-in links.
import path from "node:path";

const dist = path.resolve("dist");
const role = process.argv[2];
const send = (message) => process.send?.(message);

const server = await start(role);
send({ ready: { url: server.url } });
process.on("message", (message) => {
  if (message?.close) void server.close().then(() => process.exit(0));
  if (message?.prepare) void server.prepare(message.prepare).then(() => send({ prepared: true }));
});

async function start(kind) {
  if (kind === "hello") {
    const { default: Fastify } = await import("fastify");
    const hello = Fastify();
    hello.get("/", async () => ({ hello: "world" }));
    await hello.listen({ port: 0, host: "127.0.0.1" });
    return { url: `http://127.0.0.1:${hello.server.address().port}`, close: () => hello.close() };
  }
  if (kind === "sandbox") {
    const { startSandbox } = await import(path.join(dist, "sandbox/index.js"));
    const client = JSON.parse(process.env.BENCH_CLIENT);
    const sandbox = await startSandbox({ port: 0, faultControl: true, clients: [client] });
    return { url: sandbox.url, close: () => sandbox.close() };
  }
  if (kind === "app") return startApp();
  throw new Error(`unknown role ${kind}`);
}

async function startApp() {
  const { sql } = await import("drizzle-orm");
  const { buildApp } = await import(path.join(dist, "server/app.js"));
  const { openDatabase } = await import(path.join(dist, "server/db/database.js"));
  const { loadConfig } = await import(path.join(dist, "server/env.js"));
  const { sandboxGoogleEndpoints } = await import(
    path.join(dist, "server/integrations/google/google-endpoints.js")
  );
  const port = Number(process.env.BENCH_APP_PORT);
  const dataDir = process.env.BENCH_DATA_DIR;
  const database = process.env.BENCH_DATABASE_URL
    ? await openDatabase({ engine: "postgres", url: process.env.BENCH_DATABASE_URL })
    : await openDatabase({ engine: "pglite", dataDir: path.join(dataDir, "pglite") });
  await database.migrate();
  const config = {
    ...loadConfig({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "silent" }),
    sessionSecret: "bench-session-secret-0123456789abcdefghijkl",
    tokenEncryptionKey: Buffer.alloc(32, 9).toString("base64"),
    serveWeb: false,
  };
  const app = await buildApp({
    config,
    database,
    google: sandboxGoogleEndpoints(
      process.env.BENCH_SANDBOX_URL,
      JSON.parse(process.env.BENCH_CLIENT),
    ),
    mailer: { sendSignInLink: async (message) => send({ signInLink: message }) },
    webRoot: null,
  });
  await app.listen({ port, host: "127.0.0.1" });
  return {
    url: `http://localhost:${port}`,
    // A generous allowance so the create benchmark measures the path, not the quota.
    prepare: ({ premiumEmail }) =>
      database.db.execute(
        sql`update users set subscription_tier = 'premium', annotation_quota = 1000000000, property_quota = 5 where email = ${premiumEmail}`,
      ),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
