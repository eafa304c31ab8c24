import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatMessages } from "../src/server/db/schema/index.js";
import { loadConfig } from "../src/server/env.js";
import { createLogger } from "../src/server/logger.js";
import {
  CookieJar,
  appUrl,
  signInWithEmailLink,
  startAppHarness,
  type AppHarness,
} from "./app-harness.js";
import { runProductExpectingExit } from "./product-process.js";

/** What NODE_ENV=production refuses or changes, so a careless deployment is never an unsafe one. */
const productionBase = {
  NODE_ENV: "production",
  SESSION_SECRET: "a-production-secret-of-at-least-32-characters",
  TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
  SMTP_URL: "smtp://mail.example.com:587",
  GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "secret",
};

describe("production configuration", () => {
  it("requires SMTP: sign-in links are never written to the log", () => {
    const { SMTP_URL: _smtp, ...withoutSmtp } = productionBase;
    expect(() => loadConfig(withoutSmtp)).toThrowError(
      "Invalid configuration: SMTP_URL is required in production",
    );
  });

  it("requires a Google client, unless the sandbox is explicitly allowed for a demo", () => {
    const {
      GOOGLE_CLIENT_ID: _id,
      GOOGLE_CLIENT_SECRET: _secret,
      ...withoutGoogle
    } = productionBase;
    expect(() => loadConfig(withoutGoogle)).toThrowError(
      "Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are required in production",
    );
    const demo = loadConfig({ ...withoutGoogle, ALLOW_SANDBOX_IN_PRODUCTION: "true" });
    expect(demo.google).toMatchObject({ mode: "sandbox", demo: true });
    // No default tester list in production: Premium testers are named on purpose.
    expect(demo.premiumTesterEmails).toEqual([]);
    expect(demo.auditBetaEmails).toEqual([]);
    expect(loadConfig({}).premiumTesterEmails).toEqual([
      "tester1@example.com",
      "tester2@example.com",
    ]);
  });

  it("stops start-up with one clear line", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "tidemark-prod-"));
    try {
      const result = await runProductExpectingExit({
        NODE_ENV: "production",
        SESSION_SECRET: productionBase.SESSION_SECRET,
        TOKEN_ENCRYPTION_KEY: productionBase.TOKEN_ENCRYPTION_KEY,
        SMTP_URL: productionBase.SMTP_URL,
        DATA_DIR: dataDir,
      });
      expect(result.code).toBe(1);
      const lines = result.stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe("a production server", () => {
  let harness: AppHarness;
  let webRoot: string;
  const lines: string[] = [];

  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(tmpdir(), "tidemark-web-"));
    await mkdir(path.join(webRoot, "assets"));
    await writeFile(path.join(webRoot, "index.html"), "<!doctype html><title>Tidemark</title>");
    await writeFile(
      path.join(webRoot, "assets", "main-abc.js"),
      "//# sourceMappingURL=main-abc.js.map",
    );
    await writeFile(path.join(webRoot, "assets", "main-abc.js.map"), '{"sources":["secret.ts"]}');
    const logger = createLogger(
      { logLevel: "info", logFormat: "json" },
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          lines.push(chunk.toString());
          callback();
        },
      }),
    );
    harness = await startAppHarness({
      config: { nodeEnv: "production", smtpUrl: "smtp://mail.example.com:587" },
      deps: { webRoot, logger },
    });
  });
  afterAll(async () => {
    await harness?.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  it("serves the app but not its source maps", async () => {
    const script = await harness.app.inject({ method: "GET", url: "/assets/main-abc.js" });
    expect(script.statusCode).toBe(200);
    const map = await harness.app.inject({ method: "GET", url: "/assets/main-abc.js.map" });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain("secret.ts");
  });

  it("names the session cookie __Host-: Secure, Path=/, no Domain", async () => {
    const jar = await signInWithEmailLink(harness, "host.cookie@example.com", new CookieJar());
    expect(jar.get("__Host-tidemark.session_token")).toBeTruthy();
    const user = await harness.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: jar.header() },
    });
    expect(user.statusCode).toBe(200);

    const again = await harness.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/magic-link",
      headers: { origin: appUrl },
      payload: { email: "host.cookie2@example.com", callbackURL: "/" },
    });
    expect(again.statusCode).toBe(200);
    const link = harness.sentLinks.at(-1)!;
    const verify = await harness.app.inject({
      method: "POST",
      url: "/api/auth/sign-in-link",
      headers: { origin: appUrl },
      payload: { token: new URL(link.url).searchParams.get("token") },
    });
    const setCookie = [verify.headers["set-cookie"]].flat().join("\n");
    const line = setCookie.split("\n").find((cookie) => cookie.startsWith("__Host-"))!;
    expect(line).toMatch(/; Secure/i);
    expect(line).toMatch(/; Path=\//i);
    expect(line).not.toMatch(/Domain=/i);
    expect(lines.join("")).not.toContain(link.url.split("token=")[1]!.split("&")[0]);
  });

  it("logs a database error with its code and statement, never the values", async () => {
    const secret = "my private chat text 7f3a";
    const failure = await harness.database.db
      .insert(chatMessages)
      .values({
        sessionId: "00000000-0000-4000-8000-000000000000",
        role: "user",
        content: secret,
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    harness.app.log.error({ err: failure }, "request failed");
    const logged = lines.find((line) => line.includes("request failed"))!;
    expect(logged).toBeDefined();
    expect(logged).not.toContain(secret);
    const entry = JSON.parse(logged) as { err: { code?: string; statement?: string } };
    expect(entry.err.code).toBe("23503");
    expect(entry.err.statement).toBe("insert into chat_messages");
  });
});
