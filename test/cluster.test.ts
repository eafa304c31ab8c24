import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walkSignInPages } from "../src/sandbox/testing/sandbox-test-kit.js";
import { projectRoot } from "../src/server/paths.js";
import { caddyPath, clusterTestRuns } from "./cluster-prerequisites.js";
import { createScratchPostgresDatabase } from "./test-database.js";

/**
 * The production shape on one machine, as docs/deploy.md describes it: two `node dist/main.js`
 * instances on one PostgreSQL and one shared Google sandbox (`npm run sandbox`, SANDBOX_URL),
 * behind Caddy balancing round robin with health checks. A person signs in through the proxy,
 * connects Google Analytics, creates annotations in the table and by chat and runs an audit
 * while the proxy alternates instances and one instance is stopped and started again. Nothing
 * may be lost, written twice, or signed out. Needs TEST_DATABASE_URL (PGlite belongs to one
 * process) and Caddy (`apt-get install -y caddy`); CI installs both and may not skip.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
const caddy = caddyPath;
const email = "cluster.person@example.com";
const sessionSecret = "cluster-test-session-secret-0123456789abcdef";
const tokenEncryptionKey = Buffer.alloc(32, 7).toString("base64");

if (process.env.CI === "true" && postgresUrl && !caddy)
  throw new Error("the cluster test needs Caddy in CI: apt-get install -y caddy");

interface Running {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/** Starts a process and resolves once its output matches `ready`. */
function run(
  command: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<Running> {
  const child = spawn(command, args, {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? "", HOME: env.HOME ?? tmpdir(), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve({ child, output: () => output, exited });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    void exited.then((code) =>
      reject(new Error(`${command} ${args.join(" ")} exited with ${code}:\n${output}`)),
    );
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A browser's cookie jar and same-origin requests, against the proxy only. */
class Person {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly origin: string) {}

  cookie(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const equals = pair!.indexOf("=");
      const name = pair!.slice(0, equals);
      const value = pair!.slice(equals + 1);
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(method: string, url: string, body?: unknown): Promise<Response> {
    const response = await fetch(new URL(url, this.origin), {
      method,
      redirect: "manual",
      headers: {
        cookie: this.cookie(),
        ...(method === "GET" ? {} : { origin: this.origin, "sec-fetch-site": "same-origin" }),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    this.store(response);
    return response;
  }

  async json<T>(method: string, url: string, body?: unknown, expected = [200, 201]): Promise<T> {
    const response = await this.request(method, url, body);
    const text = await response.text();
    if (!expected.includes(response.status))
      throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : {}) as T;
  }
}

const daysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const calendarDate = (isoDay: string) => {
  const [year, month, day] = isoDay.split("-").map(Number);
  return { year, month, day };
};

describe.skipIf(!clusterTestRuns())("two instances behind a load balancer", () => {
  let workDir: string;
  let database: { url: string; drop(): Promise<void> };
  let sandbox: Running;
  let proxy: Running;
  let origin: string;
  const instances: { port: number; process: Running | null; logs: string[] }[] = [];
  let instanceEnv: Record<string, string>;

  async function startInstance(index: number): Promise<void> {
    const instance = instances[index]!;
    instance.process = await run(
      process.execPath,
      ["dist/main.js"],
      { ...instanceEnv, PORT: String(instance.port) },
      /Tidemark is running at/,
    );
    instance.logs.push("");
  }

  async function stopInstance(index: number): Promise<number | null> {
    const instance = instances[index]!;
    const running = instance.process!;
    running.child.kill("SIGTERM");
    const code = await running.exited;
    instance.logs[instance.logs.length - 1] = running.output();
    instance.process = null;
    return code;
  }

  /** The annotation writes one instance served, read from its request log. */
  const writesServedBy = (index: number) => {
    const instance = instances[index]!;
    const logs = [
      ...instance.logs.slice(0, -1),
      instance.process?.output() ?? instance.logs.at(-1),
    ];
    return logs
      .join("\n")
      .split("\n")
      .filter((line) => line.includes('"method":"POST"')).length;
  };

  async function proxyHealthy(index: number): Promise<void> {
    // Caddy checks each instance every second; wait until it has seen this one answer.
    const deadline = Date.now() + 20_000;
    const before = writesServedBy(index);
    while (Date.now() < deadline) {
      await fetch(`${origin}/api/health`);
      const served = instances[index]!.process!.output().split('"url":"/api/health"').length;
      if (served > 1 && writesServedBy(index) >= before) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the proxy never reached instance ${index}`);
  }

  beforeAll(async () => {
    // The instances run the built product, as production does: test/global-setup.ts built it
    // (only if sources changed) before any test file started.
    workDir = await mkdtemp(path.join(tmpdir(), "tidemark-cluster-"));
    database = await createScratchPostgresDatabase(postgresUrl!);
    const proxyPort = await freePort();
    origin = `http://localhost:${proxyPort}`;
    instances.push(
      { port: await freePort(), process: null, logs: [] },
      { port: await freePort(), process: null, logs: [] },
    );

    sandbox = await run(
      process.execPath,
      ["dist/sandbox/cli.js"],
      { SANDBOX_PORT: "0", SANDBOX_DATA_DIR: workDir, SANDBOX_APP_URL: origin },
      /Google sandbox listening on http:\/\/localhost:\d+/,
    );
    const sandboxUrl = /listening on (http:\/\/localhost:\d+)/.exec(sandbox.output())![1]!;

    instanceEnv = {
      NODE_ENV: "production",
      LOG_FORMAT: "json",
      // The balancer's health checks are logged at debug; the test reads them to see it reach each.
      LOG_LEVEL: "debug",
      HOST: "127.0.0.1",
      DATABASE_URL: database.url,
      APP_URL: origin,
      TRUST_PROXY: "true",
      SESSION_SECRET: sessionSecret,
      TOKEN_ENCRYPTION_KEY: tokenEncryptionKey,
      SANDBOX_URL: sandboxUrl,
      ALLOW_SANDBOX_IN_PRODUCTION: "true",
      // Sign-in goes through Google here; production only insists that mail is configured.
      SMTP_URL: "smtp://127.0.0.1:1",
      PREMIUM_TESTER_EMAILS: email,
      AUDIT_BETA_EMAILS: email,
      DATA_DIR: workDir,
    };
    // Both at once, as a deploy starts them: migrations and job set-up take turns under a lock.
    await Promise.all([startInstance(0), startInstance(1)]);

    const caddyfile = path.join(workDir, "Caddyfile");
    await writeFile(
      caddyfile,
      [
        "{",
        "  admin off",
        "  auto_https off",
        "}",
        `:${proxyPort} {`,
        `  reverse_proxy 127.0.0.1:${instances[0]!.port} 127.0.0.1:${instances[1]!.port} {`,
        "    lb_policy round_robin",
        "    lb_try_duration 10s",
        "    lb_try_interval 250ms",
        "    health_uri /api/health",
        "    health_interval 1s",
        "    health_timeout 2s",
        "    fail_duration 10s",
        "  }",
        "}",
        "",
      ].join("\n"),
    );
    proxy = await run(
      caddy!,
      ["run", "--config", caddyfile, "--adapter", "caddyfile"],
      { HOME: workDir, XDG_DATA_HOME: workDir, XDG_CONFIG_HOME: workDir },
      /serving initial configuration|server running/,
    );
    await proxyHealthy(0);
    await proxyHealthy(1);
  }, 240_000);

  afterAll(async () => {
    proxy?.child.kill("SIGTERM");
    for (const instance of instances) instance.process?.child.kill("SIGTERM");
    await Promise.all(instances.map((instance) => instance.process?.exited));
    sandbox?.child.kill("SIGTERM");
    await Promise.all([proxy?.exited, sandbox?.exited]);
    await database?.drop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  }, 60_000);

  it("keeps one person's work whole while instances alternate, stop and start", async () => {
    const person = new Person(origin);

    // Sign in with Google through the proxy: the sign-in starts on one instance and its callback
    // usually lands on the other, so its state must live in the database, not in memory.
    const login = await person.request("GET", "/api/login");
    expect(login.status).toBe(302);
    const signIn = await walkSignInPages(login.headers.get("location")!, { email });
    expect((await person.request("GET", signIn.callback.toString())).status).toBe(302);
    await person.json("PATCH", "/api/users/subscription", { tier: "premium" });

    const authorize = await person.request("GET", "/api/google/authorize");
    expect(authorize.status).toBe(302);
    const consent = await walkSignInPages(authorize.headers.get("location")!, {
      email,
      cookie: signIn.cookie,
    });
    const connected = await person.request("GET", consent.callback.toString());
    expect(connected.headers.get("location")).toBe("/dashboard?oauth=success");
    const { properties } = await person.json<{
      properties: { propertyId: string; canEdit: boolean }[];
    }>("GET", "/api/ga4/properties");
    const propertyId = properties.find((property) => property.canEdit)!.propertyId;
    await person.json("POST", "/api/properties", { propertyId });
    const listed = async () =>
      (
        await person.json<{ reportingDataAnnotations: { title: string }[] }>(
          "GET",
          `/api/annotations/${propertyId}`,
        )
      ).reportingDataAnnotations;
    const seeded = (await listed()).length;

    /**
     * Creates an annotation as the table does. Should the proxy answer 502 or 503 while an
     * instance goes down, the create is retried with the same request id, so that the count
     * below still holds, and recorded: none may happen.
     */
    const titles: string[] = [];
    const retried: string[] = [];
    const create = async (title: string) => {
      const requestId = randomUUID();
      for (let attempt = 0; ; attempt++) {
        const response = await person.request("POST", `/api/annotations/${propertyId}`, {
          title,
          annotationDate: calendarDate(daysAgo(3)),
          requestId,
        });
        if (response.status === 201 || response.status === 200) break;
        const body = await response.text();
        if (response.status < 500 || attempt >= 5)
          throw new Error(`creating "${title}" answered ${response.status}: ${body}`);
        retried.push(`${title}: ${response.status}`);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      titles.push(title);
    };

    for (let n = 1; n <= 6; n++) await create(`Cluster note ${n}`);
    const chat = await person.json<{ reply: string }>("POST", "/api/chat", {
      message: `Create an annotation called Chat launch on ${daysAgo(2)}`,
      propertyId,
    });
    expect(chat.reply).toMatch(/Chat launch/);
    titles.push("Chat launch");

    // The audit starts now and runs as a job on whichever instance takes it.
    const { session } = await person.json<{ session: { id: string } }>("POST", "/api/audits", {
      propertyId,
      startDate: daysAgo(60),
      endDate: daysAgo(1),
    });
    await person.json("POST", `/api/audits/${session.id}/start`, undefined, [202]);

    // One instance goes away mid-work, as in a rolling deploy, and comes back.
    const stopping = stopInstance(1);
    for (let n = 7; n <= 10; n++) await create(`Cluster note ${n}`);
    expect(await stopping).toBe(0);
    expect(instances[1]!.logs.at(-1)).toMatch(/finishing in-flight requests/);
    for (let n = 11; n <= 13; n++) await create(`Cluster note ${n}`);
    await startInstance(1);
    await proxyHealthy(1);
    const beforeRestartWrites = writesServedBy(1);
    for (let n = 14; n <= 19; n++) await create(`Cluster note ${n}`);
    const afterChat = await person.json<{ reply: string }>("POST", "/api/chat", {
      message: `Create an annotation called Chat follow-up on ${daysAgo(1)}`,
      propertyId,
    });
    expect(afterChat.reply).toMatch(/Chat follow-up/);
    titles.push("Chat follow-up");

    // Both instances served this person's writes, the restarted one after its restart too.
    expect(writesServedBy(0)).toBeGreaterThan(0);
    expect(writesServedBy(1)).toBeGreaterThan(beforeRestartWrites);

    // Nothing lost, nothing twice: Tidemark's list and Google's own view agree.
    const after = await listed();
    const ours = after.map((annotation) => annotation.title).filter((t) => titles.includes(t));
    expect(ours.sort()).toEqual([...titles].sort());
    expect(after.length).toBe(seeded + titles.length);

    let audit: { session: { status: string } } = { session: { status: "pending" } };
    const deadline = Date.now() + 90_000;
    while (!["completed", "failed"].includes(audit.session.status) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      audit = await person.json("GET", `/api/audits/${session.id}`);
    }
    expect(audit.session.status).toBe("completed");

    // Still signed in, on both instances: sessions live in the database.
    // Quotas are counted once across instances: exactly one per annotation created.
    for (let n = 0; n < 4; n++) {
      const me = await person.json<{ email: string; dailyAnnotationCount: number }>(
        "GET",
        "/api/auth/user",
      );
      expect(me.email).toBe(email);
      expect(me.dailyAnnotationCount).toBe(titles.length);
    }
    // The stopped instance drained first (its health check said 503 while it still served), so
    // the proxy moved on before it closed: not one request failed on the way.
    expect(retried).toEqual([]);
  }, 240_000);

  it("serves one MCP client from both instances: a deletion asked on one is approved and read on either", async () => {
    const person = new Person(origin);
    const login = await person.request("GET", "/api/login");
    const signIn = await walkSignInPages(login.headers.get("location")!, { email });
    expect((await person.request("GET", signIn.callback.toString())).status).toBe(302);
    const { token } = await person.json<{ token: string }>("POST", "/api/account/tokens", {
      name: "Cluster MCP",
      scopes: ["annotations:read", "annotations:write"],
      expiresInDays: 30,
    });
    const { properties } = await person.json<{ properties: { propertyId: string }[] }>(
      "GET",
      "/api/properties",
    );
    const propertyId = properties[0]!.propertyId;
    const mcpRequests = (index: number) =>
      (instances[index]!.process?.output() ?? "").split('"url":"/mcp"').length - 1;
    const before = [mcpRequests(0), mcpRequests(1)];

    const client = new Client({ name: "cluster", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL("/mcp", origin), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    const created = (await client.callTool({
      name: "create_annotation",
      arguments: {
        propertyId,
        title: "Cluster MCP",
        annotationDate: { year: 2026, month: 1, day: 5 },
      },
    })) as CallToolResult;
    expect(created.isError, JSON.stringify(created)).toBeFalsy();
    const annotationId = (created.structuredContent as { annotationId: string }).annotationId;
    const preview = (await client.callTool({
      name: "delete_annotations",
      arguments: { propertyId, annotationIds: [annotationId] },
    })) as CallToolResult;
    // The deletion waits for the person; they approve it through the proxy (either instance),
    // and the client reads the answer, each request to whichever instance the proxy picks.
    const waiting = preview.structuredContent as { status: string; approvalId: string };
    expect(waiting.status, JSON.stringify(preview)).toBe("waiting_for_approval");
    const approved = await person.json<{ summary: string }>(
      "POST",
      `/api/account/app-approvals/${waiting.approvalId}/approve`,
    );
    expect(approved.summary).toBe("Deleted 1 annotation.");
    for (let n = 0; n < 2; n++) {
      const status = (await client.callTool({
        name: "get_approval",
        arguments: { approvalId: waiting.approvalId },
      })) as CallToolResult;
      expect(status.isError, JSON.stringify(status)).toBeFalsy();
      expect((status.structuredContent as { status: string }).status).toBe("done");
    }
    await client.close();
    // Both instances answered the client.
    expect(mcpRequests(0)).toBeGreaterThan(before[0]!);
    expect(mcpRequests(1)).toBeGreaterThan(before[1]!);
  }, 120_000);
});
