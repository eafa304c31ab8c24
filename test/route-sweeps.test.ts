import { eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { control } from "../src/sandbox/testing/sandbox-test-kit.js";
import {
  apiTokens,
  annotationAuditSessions,
  annotationCategories,
  annotationImports,
  annotationSuggestions,
  inboxSuggestions,
  mcpConfirmations,
  properties,
  users,
} from "../src/server/db/schema/index.js";
import type { RouteEntry } from "../src/server/http/route-table.js";
import { calendarDateOf } from "../src/shared/calendar-date.js";
import {
  appUrl,
  sameOrigin,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";

/**
 * Suites generated from the live route table, so a route is covered the day it is added: an
 * ownership matrix over every route that takes an id, an origin sweep over every state-changing
 * route, and arbitrary bodies against every route that takes one.
 */
let harness: AppHarness;
let owner: TestPerson;
let other: TestPerson;
/** The owner's ids, by the resource a route's path names. */
let ids: Record<string, string>;

const inject = (options: InjectOptions) => harness.app.inject(options);

beforeAll(async () => {
  // Both may use the audit, so its routes are refused for ownership, not for the plan.
  const emails = { owner: "sweep.owner@example.com", other: "sweep.other@example.com" };
  harness = await startAppHarness({ config: { auditBetaEmails: Object.values(emails) } });
  owner = await setUpPerson(harness, "premium", { email: emails.owner });
  other = await setUpPerson(harness, "premium", { email: emails.other });
  const headers = { ...sameOrigin, cookie: owner.jar.header() };
  const annotation = await inject({
    method: "POST",
    url: `/api/annotations/${owner.propertyId}`,
    headers,
    payload: { title: "Owned", annotationDate: calendarDateOf(new Date()) },
  });
  const chat = await inject({
    method: "POST",
    url: "/api/chat",
    headers,
    payload: { message: "list annotations", propertyId: owner.propertyId },
  });
  const [user] = await harness.database.db.select().from(users).where(eq(users.email, owner.email));
  const [category] = await harness.database.db
    .insert(annotationCategories)
    .values({ userId: user!.id, name: "Owned category", color: "BLUE" })
    .returning();
  const [audit] = await harness.database.db
    .insert(annotationAuditSessions)
    .values({ userId: user!.id, propertyId: owner.propertyId, status: "completed" })
    .returning();
  const [suggestion] = await harness.database.db
    .insert(annotationSuggestions)
    .values({
      auditSessionId: audit!.id,
      annotationId: annotation.json().annotationId,
      originalTitle: "Owned",
    })
    .returning();
  const [saved] = await harness.database.db
    .select()
    .from(properties)
    .where(eq(properties.userId, user!.id));
  const [inboxItem] = await harness.database.db
    .insert(inboxSuggestions)
    .values({
      propertyId: owner.propertyId,
      source: "holidays",
      itemKey: "holiday:US:2026-01-01:New Year's Day",
      startDate: "2026-01-01",
      title: "New Year's Day",
      description: "",
      color: "CYAN",
      categoryPreset: "external",
    })
    .returning();
  const hook = await inject({
    method: "POST",
    url: `/api/properties/${owner.propertyId}/hooks`,
    headers,
    payload: { name: "Owned hook" },
  });
  const rule = await inject({
    method: "POST",
    url: `/api/properties/${owner.propertyId}/inbox-rules`,
    headers,
    payload: { source: "holidays" },
  });
  const ownerToken = await inject({
    method: "POST",
    url: "/api/account/tokens",
    headers,
    payload: { name: "Sweep", scopes: ["annotations:read"], expiresInDays: 30 },
  });
  const ownerFeed = await inject({
    method: "POST",
    url: "/api/account/feeds",
    headers,
    payload: { name: "Sweep", propertyIds: [owner.propertyId] },
  });
  const batch = await inject({
    method: "POST",
    url: "/api/annotations/bulk",
    headers,
    payload: {
      requestId: crypto.randomUUID(),
      action: "clear-category",
      items: [{ propertyId: owner.propertyId, annotationId: annotation.json().annotationId }],
    },
  });
  const [ownedImport] = await harness.database.db
    .insert(annotationImports)
    .values({
      id: crypto.randomUUID(),
      userId: user!.id,
      fileName: "owned.csv",
      status: "done",
      total: 0,
      rows: [],
    })
    .returning();
  const [approval] = await harness.database.db
    .insert(mcpConfirmations)
    .values({
      id: crypto.randomUUID(),
      userId: user!.id,
      appName: "Sweep app",
      channel: "tidemark",
      action: {
        id: crypto.randomUUID(),
        kind: "delete",
        propertyId: owner.propertyId,
        summary: "Delete one?",
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        items: [
          {
            annotationId: annotation.json().annotationId,
            snapshot: { title: "Owned", description: "", color: "BLUE", date: "2026-01-05" },
          },
        ],
      },
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    .returning();
  ids = {
    "app-approvals": approval!.id,
    batchId: batch.json().batchId,
    propertyId: owner.propertyId,
    annotationId: annotation.json().annotationId,
    changeId: annotation.json().changeId,
    sessionId: chat.json().sessionId,
    categories: category!.id,
    audits: audit!.id,
    suggestionId: suggestion!.id,
    properties: saved!.id,
    suggestions: inboxItem!.id,
    hooks: hook.json().id,
    hookId: hook.json().id,
    "inbox-rules": rule.json().id,
    categoryId: category!.id,
    tokens: ownerToken.json().apiToken.id,
    feeds: ownerFeed.json().feed.id,
    "annotation-imports": ownedImport!.id,
  };
});
afterAll(async () => {
  await harness?.close();
});

const apiRoutes = (): RouteEntry[] =>
  harness.app.routeTable.filter(
    (route) =>
      route.url.startsWith("/api/") && route.method !== "HEAD" && route.method !== "OPTIONS",
  );
/**
 * Public routes whose address carries their own secret (an annotation feed's token), as they
 * declare it (`secretParams`, which also keeps it out of the logs): no cookie is read, so they
 * are outside the ownership and origin suites; the secret-address sweep below refuses wrong
 * tokens, and test/annotation-feeds.test.ts a revoked one.
 */
const isSecretAddressRoute = (route: RouteEntry): boolean =>
  route.access === "public" && !route.verifiedBySignature && route.secretParams.length > 0;
/** The routes the web app calls with its session cookie (the ownership and origin suites' domain). */
const cookieRoutes = (): RouteEntry[] =>
  apiRoutes().filter(
    (route) =>
      route.access !== "token" && !route.verifiedBySignature && !isSecretAddressRoute(route),
  );

describe("the route table", () => {
  it("has every API route declare who may call it", () => {
    const undeclared = apiRoutes()
      .filter((route) => !route.declared)
      .map((route) => `${route.method} ${route.url}`);
    expect(
      undeclared,
      "Each API route declares its access where it is registered: add sessionRoute, publicRoute " +
        'or tokenRoute("<scope>") from src/server/http/identity.ts as its options (or spread it ' +
        "into them). Undeclared routes",
    ).toEqual([]);
  });

  it("names a scope for every token route", () => {
    for (const route of apiRoutes().filter((r) => r.access === "token"))
      expect(route.scope, `${route.method} ${route.url}`).toBeDefined();
  });
});

/** Query strings some reads require. */
const requiredQueries: Record<string, string> = {
  "GET /api/traffic/:propertyId": "?metric=sessions&range=28d",
  "GET /api/properties/:propertyId/explain": "?date=2026-01-05",
  "GET /api/properties/:propertyId/explain/days": "?dates=2026-01-05",
  "GET /api/v1/properties/:propertyId/explain": "?date=2026-01-05",
};

/** The owner's value for each `:param` of a route; `:id` takes the resource named before it. */
function concreteUrl(url: string, method = "GET"): string {
  const parts = url.split("/");
  const query = requiredQueries[`${method} ${url}`] ?? "";
  return parts
    .map((part, index) => {
      if (!part.startsWith(":")) return part;
      const name = part.slice(1);
      const value = name === "id" ? ids[parts[index - 1]!] : ids[name];
      if (!value) throw new Error(`No owner fixture for ${part} in ${url}: add one to this suite`);
      return value;
    })
    .join("/")
    .concat(query);
}

/** Bodies that pass validation, so only ownership decides (a route may check its body first). */
function validBody(route: RouteEntry): object | undefined {
  if (route.method === "GET" || route.method === "DELETE") return undefined;
  if (route.url.endsWith("/history/:changeId/restore")) return {};
  if (route.url.startsWith("/api/annotations/:propertyId/:annotationId")) return { title: "Edit" };
  if (route.url === "/api/v1/properties/:propertyId/annotations/:annotationId")
    return { title: "Edit" };
  if (route.url === "/api/v1/properties/:propertyId/annotations")
    return { title: "Other", annotationDate: calendarDateOf(new Date()) };
  if (route.url.startsWith("/api/v1/categories")) return { name: "Renamed", color: "RED" };
  if (route.url === "/api/account/tokens")
    return { name: "Another", scopes: ["annotations:read"], expiresInDays: null };
  if (route.url === "/api/annotations/:propertyId")
    return { title: "Other", annotationDate: calendarDateOf(new Date()) };
  if (route.url.startsWith("/api/categories/")) return { name: "Renamed", color: "RED" };
  if (route.url.endsWith("/suggestions/bulk"))
    return { action: "dismiss", ids: ["00000000-0000-4000-8000-000000000001"] };
  if (/^\/api(\/v1)?\/properties\/:propertyId\/suggestions\//.test(route.url)) return {};
  if (route.url.endsWith("/hooks")) return { name: "Deploys" };
  if (route.url.endsWith("/holiday-calendar")) return { country: "US" };
  if (route.url.endsWith("/inbox-rules")) return { source: "holidays" };
  if (route.url.includes("/suggestions/")) return { status: "accepted" };
  if (route.url.endsWith("/dismissals")) return { date: "2026-01-05" };
  if (route.url.endsWith("/confirmation"))
    return { confirmationId: "00000000-0000-4000-8000-000000000001", decision: "cancel" };
  return {};
}

const withParams = () => cookieRoutes().filter((route) => route.url.includes("/:"));

/** Row counts of every table: "nothing was written" for any route, present or future. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await harness.database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const result = await harness.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table_name)}`,
    );
    counts[table_name] = result.rows[0]!.n;
  }
  return counts;
}
const googleWrites = async () => {
  const { counters } = await control<{ counters: Record<string, number> }>(
    harness.sandbox.url,
    "GET",
    "/counters",
  );
  return Object.entries(counters)
    .filter(([method]) => /\.(create|patch|delete)$|revoke/.test(method))
    .reduce((sum, [, n]) => sum + n, 0);
};

describe("the ownership matrix (every route that takes an id)", () => {
  it("covers the routes of every feature", () => {
    const urls = withParams().map((route) => route.url);
    for (const prefix of [
      "/api/annotations/",
      "/api/chat/",
      "/api/categories/",
      "/api/properties/",
    ])
      expect(
        urls.some((url) => url.startsWith(prefix)),
        prefix,
      ).toBe(true);
  });

  it("refuses the signed-out and the other person, and writes nothing for them", async () => {
    const before = await rowCounts();
    await control(harness.sandbox.url, "DELETE", "/counters");
    for (const route of withParams()) {
      const url = concreteUrl(route.url, route.method);
      const payload = validBody(route);
      const signedOut = await inject({
        method: route.method as InjectOptions["method"],
        url,
        headers: sameOrigin,
        ...(payload ? { payload } : {}),
      });
      expect(signedOut.statusCode, `signed out ${route.method} ${route.url}`).toBe(401);
      const stranger = await inject({
        method: route.method as InjectOptions["method"],
        url,
        headers: { ...sameOrigin, cookie: other.jar.header() },
        ...(payload ? { payload } : {}),
      });
      expect([403, 404], `other person ${route.method} ${route.url}: ${stranger.body}`).toContain(
        stranger.statusCode,
      );
    }
    expect(await rowCounts()).toEqual(before);
    expect(await googleWrites()).toBe(0);
  });

  it("lets the owner read every one of them", async () => {
    for (const route of withParams().filter((r) => r.method === "GET")) {
      const response = await inject({
        method: "GET",
        url: concreteUrl(route.url, "GET"),
        headers: { cookie: owner.jar.header() },
      });
      expect(response.statusCode, `owner GET ${route.url}: ${response.body}`).toBe(200);
    }
  });
});

describe("the origin sweep (every state-changing cookie route)", () => {
  const origins: [string, Record<string, string>][] = [
    ["no Origin", {}],
    ["Origin null", { origin: "null" }],
    ["a forged Origin", { origin: "https://evil.example" }],
    ["a look-alike Origin", { origin: `${appUrl}.evil.example` }],
    ["another port", { origin: appUrl.replace(/:\d+$/, ":1") }],
    ["https instead of http", { origin: appUrl.replace("http:", "https:") }],
  ];

  it("refuses every forged origin and writes nothing", async () => {
    // A token route reads no cookie, so there is nothing for a forged page to borrow.
    const stateChanging = cookieRoutes().filter(
      (route) => route.method !== "GET" || route.changesState,
    );
    expect(stateChanging.length).toBeGreaterThan(10);
    const before = await rowCounts();
    await control(harness.sandbox.url, "DELETE", "/counters");
    for (const route of stateChanging) {
      const url = route.url.includes("/:")
        ? concreteUrl(route.url)
        : route.url.replace("/*", "/sign-in/magic-link");
      for (const [name, headers] of origins) {
        // A GET is a navigation: it carries no Origin, so the page it came from is its Referer.
        const navigationHeaders =
          route.method === "GET"
            ? headers.origin
              ? { referer: `${headers.origin}/` }
              : {}
            : headers;
        const response = await inject({
          method: route.method as InjectOptions["method"],
          url,
          headers: { cookie: owner.jar.header(), ...navigationHeaders },
          ...(route.method === "GET" || route.method === "DELETE"
            ? {}
            : { payload: validBody(route) ?? {} }),
        });
        expect(response.statusCode, `${route.method} ${route.url} with ${name}`).toBe(403);
      }
    }
    expect(await rowCounts()).toEqual(before);
    expect(await googleWrites()).toBe(0);
  });
});

describe("the signature sweep (every webhook)", () => {
  it("refuses a missing or wrong signature, from anyone, and writes nothing", async () => {
    const webhooks = apiRoutes().filter((route) => route.verifiedBySignature);
    expect(webhooks.length).toBeGreaterThan(0);
    const before = await rowCounts();
    for (const route of webhooks) {
      for (const signature of [undefined, `sha256=${"0".repeat(64)}`, "sha1=abc"]) {
        const response = await inject({
          method: route.method as InjectOptions["method"],
          url: concreteUrl(route.url),
          headers: {
            cookie: owner.jar.header(),
            "content-type": "application/json",
            ...(signature ? { "x-hub-signature-256": signature } : {}),
          },
          payload: JSON.stringify({ title: "Forged release" }),
        });
        expect(response.statusCode, `${route.url} with ${signature ?? "no signature"}`).toBe(401);
      }
    }
    expect(await rowCounts()).toEqual(before);
  });
});

describe("the secret-address sweep (every public route whose address is its proof)", () => {
  it("answers a missing, malformed or unknown secret with the same 404, to anyone, and writes nothing", async () => {
    const routes = apiRoutes().filter(isSecretAddressRoute);
    // A new one needs its own wrong secrets below.
    expect(routes.map((route) => `${route.method} ${route.url}`)).toEqual(["GET /api/feeds/:file"]);
    const before = await rowCounts();
    await control(harness.sandbox.url, "DELETE", "/counters");
    const bodies = new Set<string>();
    for (const route of routes) {
      for (const secret of [".csv", "x.csv", `tfd_${"A".repeat(43)}.csv`, `tfd_${"A".repeat(43)}`])
        for (const cookie of [{}, { cookie: owner.jar.header() }]) {
          const response = await inject({
            method: "GET",
            url: route.url.replace(":file", secret),
            headers: cookie,
          });
          expect(response.statusCode, `${route.url} with ${secret}`).toBe(404);
          bodies.add(response.body);
        }
    }
    expect(bodies.size).toBe(1);
    expect(await rowCounts()).toEqual(before);
    expect(await googleWrites()).toBe(0);
  });
});

describe("the token sweep (every token route)", () => {
  const tokenRoutes = () => apiRoutes().filter((route) => route.access === "token");
  const allScopes = [
    "annotations:read",
    "annotations:write",
    "categories:read",
    "categories:write",
  ];
  async function tokenOf(
    person: TestPerson,
    scopes: string[],
  ): Promise<{ token: string; id: string }> {
    const response = await inject({
      method: "POST",
      url: "/api/account/tokens",
      headers: { ...sameOrigin, cookie: person.jar.header() },
      payload: { name: "Sweep token", scopes, expiresInDays: 30 },
    });
    expect(response.statusCode, response.body).toBe(201);
    return { token: response.json().token, id: response.json().apiToken.id };
  }
  const call = (route: RouteEntry, authorization: string | undefined) => {
    const payload = validBody(route);
    return inject({
      method: route.method as InjectOptions["method"],
      url: concreteUrl(route.url, route.method),
      headers: authorization === undefined ? {} : { authorization },
      ...(payload ? { payload } : {}),
    });
  };

  it("refuses a missing, malformed, revoked, expired or unscoped token, and another person's, writing nothing", async () => {
    expect(tokenRoutes().length).toBeGreaterThanOrEqual(11);
    // Premium tokens are limited to ten a person: four here, two for the other person.
    const revoked = await tokenOf(owner, allScopes);
    await inject({
      method: "DELETE",
      url: `/api/account/tokens/${revoked.id}`,
      headers: { ...sameOrigin, cookie: owner.jar.header() },
    });
    const expired = await tokenOf(owner, allScopes);
    await harness.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expired.id));
    const stranger = await tokenOf(other, allScopes);
    const before = await rowCounts();
    await control(harness.sandbox.url, "DELETE", "/counters");
    const unscoped = new Map<string, string>();
    for (const route of tokenRoutes()) {
      const name = `${route.method} ${route.url}`;
      const missing = await call(route, undefined);
      expect(missing.statusCode, `${name} without a token`).toBe(401);
      expect(missing.headers["www-authenticate"], name).toMatch(/^Bearer /);
      for (const [kind, header] of [
        ["malformed", "Bearer not a token!"],
        ["unknown", `Bearer tdm_${"A".repeat(43)}`],
        ["revoked", `Bearer ${revoked.token}`],
        ["expired", `Bearer ${expired.token}`],
      ] as const) {
        const response = await call(route, header);
        expect(response.statusCode, `${name} with a ${kind} token`).toBe(401);
        expect(response.json().code, `${name} with a ${kind} token`).toBe("invalid_token");
      }
      const others = allScopes.filter((scope) => scope !== route.scope);
      const key = others.join(" ");
      if (!unscoped.has(key)) unscoped.set(key, (await tokenOf(other, others)).token);
      const wrongScope = await call(route, `Bearer ${unscoped.get(key)}`);
      expect(wrongScope.statusCode, `${name} without ${route.scope}`).toBe(403);
      expect(wrongScope.json().code, name).toBe("insufficient_scope");
      if (route.url.includes("/:")) {
        const strangers = await call(route, `Bearer ${stranger.token}`);
        expect([403, 404], `${name} with another person's token: ${strangers.body}`).toContain(
          strangers.statusCode,
        );
      }
    }
    const after = await rowCounts();
    // Rate-limit counters move (per token), and the wrong-scope tokens were made above.
    delete after.rate_limit_buckets;
    delete before.rate_limit_buckets;
    delete after.api_tokens;
    delete before.api_tokens;
    expect(after).toEqual(before);
    expect(await googleWrites()).toBe(0);
  });

  it("lets the owner's token read every one of them", async () => {
    const owners = await tokenOf(owner, allScopes);
    for (const route of tokenRoutes().filter((r) => r.method === "GET")) {
      const response = await call(route, `Bearer ${owners.token}`);
      expect(response.statusCode, `owner GET ${route.url}: ${response.body}`).toBe(200);
    }
  });
});

describe("arbitrary request bodies (property-based)", () => {
  it("never answer 500 and never write when refused", async () => {
    const withBodies = apiRoutes().filter(
      (route) => route.method === "POST" || route.method === "PATCH" || route.method === "PUT",
    );
    const text = fc.string({ unit: "binary", maxLength: 40 });
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.dictionary(
        fc.constantFrom(
          "title",
          "description",
          "message",
          "name",
          "email",
          "propertyId",
          "status",
          "color",
          "annotationDate",
          "tier",
          "sessionId",
          "requestId",
        ),
        fc.oneof(text, fc.integer(), fc.constant(null), fc.array(text, { maxLength: 3 })),
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...withBodies), body, async (route, payload) => {
        const before = await rowCounts();
        const url = route.url.includes("/:")
          ? concreteUrl(route.url)
          : route.url.replace("/*", "/sign-in/magic-link");
        const response = await inject({
          method: route.method as InjectOptions["method"],
          url,
          headers: {
            ...sameOrigin,
            cookie: other.jar.header(),
            "content-type": "application/json",
            "x-forwarded-for": "10.77.0.1",
          },
          payload: JSON.stringify(payload),
        });
        expect(
          response.statusCode,
          `${route.method} ${route.url} ${JSON.stringify(payload)}`,
        ).toBeLessThan(500);
        if (response.statusCode >= 400) {
          const after = await rowCounts();
          // Rate-limit counters may move; nothing else does.
          delete after.rate_limit_buckets;
          delete before.rate_limit_buckets;
          expect(after).toEqual(before);
        }
      }),
      { numRuns: 60, seed: 20261123 },
    );
  });
});
