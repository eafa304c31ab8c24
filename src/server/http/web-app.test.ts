import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerWebApp } from "./web-app.js";

let webRoot: string;
let app: FastifyInstance;
let sessionCheckFails = false;

const signedIn = { cookie: "session=live" };

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), "tidemark-pages-"));
  await mkdir(path.join(webRoot, "pages"));
  const write = (name: string, body: string) => writeFile(path.join(webRoot, name), body);
  await write("index.html", "<div id=root></div><!-- shell -->");
  await write("pages/home.html", "<div id=root data-prerendered>landing</div>");
  await write("pages/privacy.html", "<div id=root data-prerendered>privacy</div>");
  await write("pages/not-found.html", "<div id=root data-prerendered>not found</div>");
  await write("pages/dashboard-shell.html", "<div id=root></div><!-- dashboard shell -->");
  await write(
    "pages/pages.json",
    JSON.stringify({
      pages: { "/": "pages/home.html", "/privacy": "pages/privacy.html" },
      notFound: "pages/not-found.html",
      appPaths: ["/dashboard", "/audit"],
      shell: "index.html",
      shells: { "/dashboard": "pages/dashboard-shell.html" },
    }),
  );
  app = Fastify();
  await registerWebApp(app, {
    webRoot,
    isSignedIn: async (request) => {
      if (sessionCheckFails) throw new Error("database unreachable");
      return request.headers.cookie === signedIn.cookie;
    },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await rm(webRoot, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers });

describe("pages", () => {
  it("give a visitor the pre-rendered page, never cached, varying on the cookie", async () => {
    const response = await get("/");
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("landing");
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.headers.vary).toMatch(/cookie/i);
    expect((await get("/privacy")).body).toContain("privacy");
  });

  it("give a signed-in person the app shell, so / never flashes the landing page", async () => {
    for (const url of ["/", "/privacy"]) {
      const response = await get(url, signedIn);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain("<!-- shell -->");
    }
  });

  it("give the shell for an address with a query, which the HTML was not drawn for", async () => {
    const response = await get("/?error=sign_in_failed");
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<!-- shell -->");
  });

  it("send a visitor of a signed-in page to /login, and draw it for a signed-in person", async () => {
    const visitor = await get("/dashboard?mode=property");
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe("/login");

    const member = await get("/dashboard?mode=property", signedIn);
    expect(member.statusCode).toBe(200);
    // The page's own shell, which asks for its code with the entry; others share the plain one.
    expect(member.body).toContain("<!-- dashboard shell -->");
    expect((await get("/audit", signedIn)).body).toContain("<!-- shell -->");
  });

  it("answer an unknown address with the 404 page and status 404", async () => {
    const visitor = await get("/no/such/page");
    expect(visitor.statusCode).toBe(404);
    expect(visitor.body).toContain("not found");

    const member = await get("/no/such/page", signedIn);
    expect(member.statusCode).toBe(404);
    expect(member.body).toContain("<!-- shell -->");
  });

  it("treat a failed session check as signed out rather than failing the page", async () => {
    sessionCheckFails = true;
    try {
      const response = await get("/", signedIn);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain("landing");
    } finally {
      sessionCheckFails = false;
    }
  });

  it("answer unknown API paths with JSON, not a page", async () => {
    const response = await get("/api/nothing-here");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "Not found: GET /api/nothing-here" });
  });
});
