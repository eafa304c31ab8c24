import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/test-database.js";
import { testConfig } from "../../test/test-config.js";
import { buildApp } from "./app.js";
import type { Database } from "./db/database.js";
import { AppError } from "./app-error.js";
import { sandboxGoogleEndpoints } from "./integrations/google/google-endpoints.js";

/** These tests never reach Google; sign-in has its own tests against the sandbox in test/. */
const google = sandboxGoogleEndpoints("http://127.0.0.1:9", {
  clientId: "unused",
  clientSecret: "unused",
});

let database: Database;
let app: FastifyInstance;
let webRoot: string;

beforeAll(async () => {
  database = await createTestDatabase();
  webRoot = await mkdtemp(path.join(tmpdir(), "tidemark-web-"));
  await mkdir(path.join(webRoot, "assets"));
  await writeFile(
    path.join(webRoot, "index.html"),
    "<!doctype html><title>Tidemark</title><script>alert(1);</script><div id=root></div>",
  );
  await writeFile(path.join(webRoot, "assets", "main-abc123.js"), "console.log('hi')");
  app = await buildApp({ config: testConfig(), database, google, webRoot });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(webRoot, { recursive: true, force: true });
});

describe("GET /api/health", () => {
  it("reports ok when the database answers", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: database.engine });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("reports 503 when the database does not answer", async () => {
    const broken: Database = {
      ...database,
      ping: () => Promise.reject(new Error("connection refused")),
    };
    const brokenApp = await buildApp({
      config: testConfig(),
      database: broken,
      google,
      webRoot: null,
    });
    try {
      const response = await brokenApp.inject({ method: "GET", url: "/api/health" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: "unavailable",
        error: "The database is unreachable.",
      });
    } finally {
      await brokenApp.close();
    }
  });

  it("reports 503 while the instance drains, and keeps serving everything else", async () => {
    let draining = false;
    const drainingApp = await buildApp({
      config: testConfig(),
      database,
      google,
      webRoot: null,
      isDraining: () => draining,
    });
    try {
      expect((await drainingApp.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(
        200,
      );
      draining = true;
      const response = await drainingApp.inject({ method: "GET", url: "/api/health" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: "draining",
        error: "This instance is shutting down.",
      });
      // A signed-out visitor asking who they are is still answered (no one), not turned away.
      expect((await drainingApp.inject({ method: "GET", url: "/api/auth/user" })).statusCode).toBe(
        204,
      );
    } finally {
      await drainingApp.close();
    }
  });
});

describe("unknown paths", () => {
  it.each(["GET", "POST", "DELETE"] as const)(
    "answer %s /api/* with a JSON 404",
    async (method) => {
      const response = await app.inject({ method, url: "/api/does-not-exist?x=1" });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ error: `Not found: ${method} /api/does-not-exist` });
    },
  );

  it("serve the web app for any other page, so its router can draw the 404 page", async () => {
    const response = await app.inject({ method: "GET", url: "/no/such/page" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toContain("<div id=root>");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    // The built pages' inline script is allowed by its hash (`printf 'alert(1);' | openssl dgst
    // -sha256 -binary | base64`), and no other inline script is.
    expect(response.headers["content-security-policy"]).toContain(
      "script-src 'self' 'sha256-5jFwrAK0UV47oFbVg/iCCBbxD8X1w+QvoOUepu4C2YA=';",
    );
  });

  it("do not serve the web app to non-GET requests", async () => {
    const response = await app.inject({ method: "POST", url: "/no/such/page" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "Not found: POST /no/such/page" });
  });
});

describe("static files", () => {
  it("cache hashed assets for a year", async () => {
    const response = await app.inject({ method: "GET", url: "/assets/main-abc123.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("answer a missing asset with 404 rather than the page", async () => {
    const response = await app.inject({ method: "GET", url: "/api/assets/missing.js" });
    expect(response.statusCode).toBe(404);
  });
});

describe("errors", () => {
  let probe: FastifyInstance;
  beforeAll(async () => {
    probe = await buildApp({ config: testConfig(), database, google, webRoot: null });
    probe.get("/api/probe/crash", async () => {
      throw new Error("connection string postgres://secret@db leaked");
    });
    probe.get("/api/probe/refused", async () => {
      throw new AppError("premium_required", "Editing annotations is a Premium feature.");
    });
    probe.post("/api/probe/echo", async (request) => request.body);
  });
  afterAll(async () => {
    await probe?.close();
  });

  it("hide an unexpected failure's details behind a generic 500", async () => {
    const response = await probe.inject({ method: "GET", url: "/api/probe/crash" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: "Something went wrong on our side. Please try again.",
    });
  });

  it("send a deliberate refusal's message and code", async () => {
    const response = await probe.inject({ method: "GET", url: "/api/probe/refused" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: "Editing annotations is a Premium feature.",
      code: "premium_required",
    });
  });

  it("turn malformed JSON into a 400 and an oversized body into a 413", async () => {
    const headers = { "content-type": "application/json", origin: "http://localhost:5000" };
    const malformed = await probe.inject({
      method: "POST",
      url: "/api/probe/echo",
      headers,
      payload: "{not json",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toEqual(expect.any(String));
    const huge = JSON.stringify({ text: "x".repeat(300 * 1024) });
    const oversized = await probe.inject({
      method: "POST",
      url: "/api/probe/echo",
      headers,
      payload: huge,
    });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json().error).toEqual(expect.any(String));
  });
});

describe("state-changing requests", () => {
  it("are refused without our Origin", async () => {
    const probe = await buildApp({ config: testConfig(), database, google, webRoot: null });
    probe.post("/api/probe/change", async () => ({ changed: true }));
    try {
      const foreign = await probe.inject({
        method: "POST",
        url: "/api/probe/change",
        headers: { origin: "https://evil.example" },
      });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toEqual({
        error: "This request must come from the Tidemark app itself.",
        code: "forbidden_origin",
      });
      expect((await probe.inject({ method: "POST", url: "/api/probe/change" })).statusCode).toBe(
        403,
      );
      expect(
        (
          await probe.inject({
            method: "POST",
            url: "/api/probe/change",
            headers: { origin: "null" },
          })
        ).statusCode,
      ).toBe(403);
      const own = await probe.inject({
        method: "POST",
        url: "/api/probe/change",
        headers: { origin: "http://localhost:5000" },
      });
      expect(own.json()).toEqual({ changed: true });
    } finally {
      await probe.close();
    }
  });
});

describe("without a built web app", () => {
  it("still answers the API and gives pages a JSON 404", async () => {
    const apiOnly = await buildApp({ config: testConfig(), database, google, webRoot: null });
    try {
      expect((await apiOnly.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
      expect((await apiOnly.inject({ method: "GET", url: "/dashboard" })).statusCode).toBe(404);
    } finally {
      await apiOnly.close();
    }
  });
});
