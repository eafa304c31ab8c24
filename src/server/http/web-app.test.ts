import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "../../shared/contracts/auth.js";
import { firstDataBudgetMs, registerWebApp, type SignedInPageRenderer } from "./web-app.js";

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

describe("signed-in pages drawn on the server", () => {
  let drawnRoot: string;
  let drawn: FastifyInstance;
  let failDrawing = false;
  let slowAnswerMs = 0;
  const asked: Parameters<SignedInPageRenderer["renderSignedInPage"]>[0][] = [];
  const person = {
    id: "u1",
    email: "ada@example.com",
    // Text a person chose, as Google or they typed it: it must stay data in the page.
    firstName: "</script><script>alert(1)</script>",
    lastName: null,
    profileImageUrl: null,
    subscriptionTier: "premium",
    annotationQuota: 50,
    propertyQuota: 10,
    dailyAnnotationCount: 0,
    lockedPropertyId: null,
    canSelectPremium: true,
    isAuditBetaUser: false,
    propertyChangeAllowedFrom: null,
    wantsPremiumNotice: false,
  } satisfies CurrentUser;

  const renderer: SignedInPageRenderer = {
    async renderSignedInPage(request) {
      asked.push(request);
      if (failDrawing) throw new Error("a component threw");
      const answers = {
        own: await request.fetchData("/api/things"),
        notApi: await request.fetchData("/dashboard"),
        refused: await request.fetchData("/api/refused"),
        slow: await request.fetchData("/api/slow"),
      };
      return {
        title: "<title>Dashboard · Tidemark</title>",
        body: `<main>drawn for ${request.user.email}</main>`,
        queries: [{ key: ["/api/things"], data: answers }],
      };
    },
  };

  beforeAll(async () => {
    drawnRoot = await mkdtemp(path.join(tmpdir(), "tidemark-drawn-"));
    await mkdir(path.join(drawnRoot, "pages"));
    const write = (name: string, body: string) => writeFile(path.join(drawnRoot, name), body);
    await write("index.html", "<title>Tidemark</title><div id=root></div><!-- shell -->");
    await write(
      "pages/dashboard-signed-in.html",
      '<title>Tidemark</title><div id="root" data-server-rendered><!--app--></div><!--data-->',
    );
    await write(
      "pages/pages.json",
      JSON.stringify({
        pages: {},
        notFound: "index.html",
        appPaths: ["/dashboard", "/audit"],
        shell: "index.html",
        signedIn: { "/dashboard": "pages/dashboard-signed-in.html" },
        markers: { app: "<!--app-->", data: "<!--data-->" },
      }),
    );
    drawn = Fastify();
    drawn.get("/api/things", async (request) => ({ cookie: request.headers.cookie ?? null }));
    drawn.get("/api/refused", async (_request, reply) => reply.code(403).send({ error: "no" }));
    drawn.get("/api/slow", async () => {
      await new Promise((resolve) => setTimeout(resolve, slowAnswerMs));
      return { late: true };
    });
    await registerWebApp(drawn, {
      webRoot: drawnRoot,
      isSignedIn: async (request) => request.headers.cookie === signedIn.cookie,
      currentUser: async (request) => (request.headers.cookie === signedIn.cookie ? person : null),
      renderer,
    });
    await drawn.ready();
  });

  afterAll(async () => {
    await drawn?.close();
    await rm(drawnRoot, { recursive: true, force: true });
  });

  const firstData = (html: string): unknown => {
    const match = /<script type="application\/json" id="first-render-data">(.*?)<\/script>/s.exec(
      html,
    );
    return match ? JSON.parse(match[1] ?? "") : undefined;
  };

  it("draws the page for the person, with their data, as JSON no text can break out of", async () => {
    failDrawing = false;
    slowAnswerMs = 0;
    const response = await drawn.inject({
      method: "GET",
      url: "/dashboard?mode=property",
      headers: signedIn,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-cache");
    expect(response.headers.vary).toMatch(/cookie/i);
    expect(response.body).toContain("<main>drawn for ada@example.com</main>");
    expect(response.body).toContain("<title>Dashboard · Tidemark</title>");
    expect(response.body).not.toContain("<title>Tidemark</title>");
    expect(response.body).not.toContain("</script><script>alert(1)");
    expect(asked.at(-1)).toMatchObject({
      pathname: "/dashboard",
      search: "mode=property",
      cookieHeader: signedIn.cookie,
    });
    expect(firstData(response.body)).toEqual({
      user: person,
      queries: [
        {
          key: ["/api/things"],
          data: {
            // The API was asked as the visitor, with their cookies; only API addresses, only
            // successes.
            own: { cookie: signedIn.cookie },
            notApi: undefined,
            refused: undefined,
            slow: { late: true },
          },
        },
      ],
    });
  });

  it("sends what has arrived when an answer takes longer than the budget", async () => {
    slowAnswerMs = firstDataBudgetMs + 300;
    const response = await drawn.inject({ method: "GET", url: "/dashboard", headers: signedIn });
    expect(response.statusCode).toBe(200);
    // JSON has no undefined: an answer that did not come is absent, and the browser asks.
    expect(firstData(response.body)).toEqual({
      user: person,
      queries: [{ key: ["/api/things"], data: { own: { cookie: signedIn.cookie } } }],
    });
  });

  it("falls back to the shell when drawing fails, and redirects visitors to log in", async () => {
    failDrawing = true;
    slowAnswerMs = 0;
    const response = await drawn.inject({ method: "GET", url: "/dashboard", headers: signedIn });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<!-- shell -->");
    expect(firstData(response.body)).toBeUndefined();

    const visitor = await drawn.inject({ method: "GET", url: "/dashboard" });
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe("/login");
  });

  it("draws in the browser a signed-in page the build has no drawing of", async () => {
    failDrawing = false;
    const response = await drawn.inject({ method: "GET", url: "/audit", headers: signedIn });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<!-- shell -->");
  });
});
