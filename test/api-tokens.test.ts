import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiTokens, users } from "../src/server/db/schema/index.js";
import type { ApiTokenScope } from "../src/shared/contracts/api-tokens.js";
import { calendarDateOf } from "../src/shared/calendar-date.js";
import {
  requestAs,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";

/** Personal access tokens and the REST API, through HTTP on a real database. */
let harness: AppHarness;
let premium: TestPerson;
let free: TestPerson;
const rateLimit = 30;

beforeAll(async () => {
  harness = await startAppHarness({ config: { rateLimits: testRateLimits() } });
  premium = await setUpPerson(harness, "premium");
  free = await setUpPerson(harness, "freemium");
});
afterAll(async () => {
  await harness?.close();
});

function testRateLimits() {
  return {
    lookupsPerMinute: 20,
    signInLinksPer15Minutes: 5,
    signInLinksPerClientPerHour: 10_000,
    signInStartsPerMinute: 60,
    signInLinksTotalPerHour: 10_000,
    lookupsTotalPerHour: 10_000,
    accountExportsPerHour: 10,
    accountDeletionsPerHour: 10,
    apiRequestsPerMinute: rateLimit,
  };
}

const allScopes: ApiTokenScope[] = [
  "annotations:read",
  "annotations:write",
  "categories:read",
  "categories:write",
];

async function makeToken(
  person: TestPerson,
  scopes: ApiTokenScope[] = allScopes,
  expiresInDays: 30 | 90 | 365 | null = 30,
) {
  const response = await requestAs(harness, person.jar, "POST", "/api/account/tokens", {
    name: `Token ${Math.random().toString(36).slice(2, 8)}`,
    scopes,
    expiresInDays,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ token: string; apiToken: { id: string; prefix: string } }>();
}

const api = (
  token: string | null,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  harness.app.inject({
    method,
    url,
    headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...headers },
    ...(payload ? { payload } : {}),
  });

const today = () => calendarDateOf(new Date());

describe("a personal access token", () => {
  it("is shown once, kept only as its SHA-256, and listed without it", async () => {
    const { token, apiToken } = await makeToken(premium);
    expect(token).toMatch(/^tdm_[A-Za-z0-9_-]{43}$/);
    expect(token.startsWith(apiToken.prefix)).toBe(true);

    const [row] = await harness.database.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.id, apiToken.id));
    expect(row!.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    // The token itself is in no column of any table.
    const dump = await harness.database.db.execute(
      sql`select row_to_json(t)::text as j from api_tokens t`,
    );
    expect(JSON.stringify(dump.rows)).not.toContain(token.slice(4));

    const list = await requestAs(harness, premium.jar, "GET", "/api/account/tokens");
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(token.slice(4));
    expect(list.json().tokens.map((t: { id: string }) => t.id)).toContain(apiToken.id);
  });

  it("works as a bearer, records its last use, and is refused once revoked or expired", async () => {
    const { token, apiToken } = await makeToken(premium);
    const ok = await api(token, "GET", "/api/v1/properties");
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().properties.map((p: { propertyId: string }) => p.propertyId)).toContain(
      premium.propertyId,
    );
    const listed = (await requestAs(harness, premium.jar, "GET", "/api/account/tokens")).json();
    const mine = listed.tokens.find((t: { id: string }) => t.id === apiToken.id);
    expect(mine.lastUsedAt).not.toBeNull();

    const revoked = await requestAs(
      harness,
      premium.jar,
      "DELETE",
      `/api/account/tokens/${apiToken.id}`,
    );
    expect(revoked.statusCode).toBe(200);
    const after = await api(token, "GET", "/api/v1/properties");
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe("invalid_token");
    expect(after.headers["www-authenticate"]).toContain('error="invalid_token"');

    const second = await makeToken(premium);
    await harness.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, second.apiToken.id));
    const expired = await api(second.token, "GET", "/api/v1/properties");
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe("invalid_token");
  });

  it("is refused without the route's scope, and cannot reach another person's property", async () => {
    const readOnly = await makeToken(premium, ["annotations:read"]);
    const write = await api(
      readOnly.token,
      "POST",
      `/api/v1/properties/${premium.propertyId}/annotations`,
      { title: "Nope", annotationDate: today() },
    );
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe("insufficient_scope");
    const categories = await api(readOnly.token, "GET", "/api/v1/categories");
    expect(categories.statusCode).toBe(403);

    const strangers = await api(
      readOnly.token,
      "GET",
      `/api/v1/properties/${free.propertyId}/annotations`,
    );
    expect(strangers.statusCode).toBe(404);
    expect(strangers.json().code).toBe("property_not_found");
  });

  it("is held to the plan's number of tokens", async () => {
    const person = await setUpPerson(harness, "freemium");
    const first = await makeToken(person);
    await makeToken(person);
    const third = await requestAs(harness, person.jar, "POST", "/api/account/tokens", {
      name: "Third",
      scopes: ["annotations:read"],
      expiresInDays: null,
    });
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe("token_limit");
    await requestAs(harness, person.jar, "DELETE", `/api/account/tokens/${first.apiToken.id}`);
    await makeToken(person, ["annotations:read"], null);
  });

  it("refuses a request without a token, or with one that is not a token, with a challenge", async () => {
    const missing = await api(null, "GET", "/api/v1/properties");
    expect(missing.statusCode).toBe(401);
    expect(missing.headers["www-authenticate"]).toMatch(/^Bearer /);
    for (const header of ["Bearer", "Basic abc", "Bearer a b", "Bearer tdm_short"]) {
      const response = await harness.app.inject({
        method: "GET",
        url: "/api/v1/properties",
        headers: { authorization: header },
      });
      expect(response.statusCode, header).toBe(401);
      expect(response.json().code, header).toBe("invalid_token");
    }
    // A session cookie is no token: the API reads none.
    const cookie = await harness.app.inject({
      method: "GET",
      url: "/api/v1/properties",
      headers: { cookie: premium.jar.header() },
    });
    expect(cookie.statusCode).toBe(401);
  });
});

describe("the REST API", () => {
  it("does bulk actions and their undo as the pages do, recorded as made through the API", async () => {
    // A person of its own: the plan's ten tokens at once are counted by the other tests.
    const { token } = await makeToken(await setUpPerson(harness, "premium"));
    const owner = await api(token, "GET", "/api/v1/properties");
    const [property] = owner.json<{ properties: { propertyId: string }[] }>().properties;
    const base = `/api/v1/properties/${property!.propertyId}/annotations`;
    const made = await api(token, "POST", base, { title: "Bulk by API", annotationDate: today() });
    expect(made.statusCode, made.body).toBe(201);
    const { annotationId } = made.json<{ annotationId: string }>();
    const bulk = await api(token, "POST", "/api/v1/annotations/bulk", {
      requestId: crypto.randomUUID(),
      action: "recolor",
      color: "GREEN",
      items: [{ propertyId: property!.propertyId, annotationId }],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const { batchId } = bulk.json<{ batchId: string }>();
    const history = await api(token, "GET", `${base}/${annotationId}/history`);
    const [newest] = history.json<{ changes: { source: string; after: { color: string } }[] }>()
      .changes;
    expect(newest).toMatchObject({ source: "api", after: { color: "GREEN" } });
    const undone = await api(token, "POST", `/api/v1/annotations/bulk/${batchId}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    const after = await api(token, "GET", `${base}/${annotationId}`);
    expect(after.json().color).not.toBe("GREEN");
  });

  it("creates, reads, filters, pages, changes and deletes annotations through the pages' services", async () => {
    const { token } = await makeToken(premium);
    const base = `/api/v1/properties/${premium.propertyId}/annotations`;
    const created = [];
    for (const title of ["Release 1", "Release 2", "Campaign"]) {
      const response = await api(token, "POST", base, {
        title,
        description: title === "Campaign" ? "Zephyrine sale" : "",
        annotationDate: today(),
        color: title === "Campaign" ? "RED" : "BLUE",
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().source).toBe("api");
      created.push(response.json());
    }
    const search = await api(token, "GET", `${base}?q=ZEPHYRINE`);
    expect(search.json().annotations.map((a: { title: string }) => a.title)).toEqual(["Campaign"]);
    const red = await api(token, "GET", `${base}?color=RED`);
    expect(red.json().annotations.every((a: { color: string }) => a.color === "RED")).toBe(true);

    // Every annotation, a page of one at a time, each exactly once.
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await api(
        token,
        "GET",
        `${base}?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(page.statusCode, page.body).toBe(200);
      seen.push(...page.json().annotations.map((a: { annotationId: string }) => a.annotationId));
      cursor = page.json().nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    expect(new Set(seen).size).toBe(seen.length);
    for (const annotation of created) expect(seen).toContain(annotation.annotationId);

    const tooMany = await api(token, "GET", `${base}?limit=201`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe("invalid_request");

    const one = `${base}/${created[0].annotationId}`;
    expect((await api(token, "GET", one)).json().title).toBe("Release 1");
    const changed = await api(token, "PATCH", one, { title: "Release 1.0.1" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().title).toBe("Release 1.0.1");
    expect((await api(token, "DELETE", one)).json()).toEqual({
      deleted: true,
      changeId: expect.any(String),
    });
    const gone = await api(token, "GET", one);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe("annotation_not_found");
  });

  it("manages categories, and holds a free person to the plan", async () => {
    const { token } = await makeToken(premium);
    const created = await api(token, "POST", "/api/v1/categories", {
      name: "Releases via API",
      color: "GREEN",
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect((await api(token, "GET", `/api/v1/categories/${id}`)).json().name).toBe(
      "Releases via API",
    );
    const renamed = await api(token, "PATCH", `/api/v1/categories/${id}`, { name: "Deploys" });
    expect(renamed.json().name).toBe("Deploys");
    const list = await api(token, "GET", "/api/v1/categories");
    expect(list.json().categories.map((c: { id: string }) => c.id)).toContain(id);
    expect((await api(token, "DELETE", `/api/v1/categories/${id}`)).json()).toEqual({
      deleted: true,
    });

    const freeToken = (await makeToken(free)).token;
    const refused = await api(freeToken, "GET", "/api/v1/categories");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("premium_required");
  });

  it("counts token creates against the same daily quota as the pages", async () => {
    const person = await setUpPerson(harness, "freemium");
    const { token } = await makeToken(person, ["annotations:write"]);
    const base = `/api/v1/properties/${person.propertyId}/annotations`;
    // One from the page, the rest of the day's five through the API.
    const fromPage = await requestAs(
      harness,
      person.jar,
      "POST",
      `/api/annotations/${person.propertyId}`,
      { title: "From the page", annotationDate: today() },
    );
    expect(fromPage.statusCode, fromPage.body).toBe(201);
    for (let n = 0; n < 4; n++) {
      const response = await api(token, "POST", base, {
        title: `API ${n}`,
        annotationDate: today(),
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const sixth = await api(token, "POST", base, {
      title: "One too many",
      annotationDate: today(),
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe("daily_limit");
    const [row] = await harness.database.db
      .select()
      .from(users)
      .where(eq(users.email, person.email));
    expect(row!.dailyAnnotationCount).toBe(5);
  });

  it("replays the first answer for a repeated Idempotency-Key, and refuses the key with another body", async () => {
    const { token } = await makeToken(premium);
    const base = `/api/v1/properties/${premium.propertyId}/annotations`;
    const headers = { "idempotency-key": "release-2026-11-27-build-42" };
    const body = { title: "Build 42", annotationDate: today() };
    const first = await api(token, "POST", base, body, headers);
    expect(first.statusCode, first.body).toBe(201);
    const again = await api(token, "POST", base, body, headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    const listed = await api(token, "GET", `${base}?q=Build%2042`);
    expect(listed.json().annotations).toHaveLength(1);

    const other = await api(token, "POST", base, { ...body, title: "Build 43" }, headers);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe("idempotency_key_reused");

    // The key belongs to the token: another token's same key is a new request.
    const second = await makeToken(premium);
    const elsewhere = await api(
      second.token,
      "PATCH",
      `${base}/${first.json().annotationId}`,
      { title: "Build 42b" },
      headers,
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(elsewhere.headers["idempotent-replayed"]).toBeUndefined();
  });

  it("takes the same fields sent in another order, at any depth, as the same request", async () => {
    const { token } = await makeToken(premium);
    const base = `/api/v1/properties/${premium.propertyId}/annotations`;
    const headers = { "idempotency-key": `reordered-${Date.now()}` };
    const { year, month, day } = today();
    const first = await api(
      token,
      "POST",
      base,
      { title: "Build 44", description: "Faster", annotationDate: { year, month, day } },
      headers,
    );
    expect(first.statusCode, first.body).toBe(201);
    const reordered = await api(
      token,
      "POST",
      base,
      { annotationDate: { day, month, year }, description: "Faster", title: "Build 44" },
      headers,
    );
    expect(reordered.statusCode, reordered.body).toBe(201);
    expect(reordered.headers["idempotent-replayed"]).toBe("true");
    expect(reordered.json()).toEqual(first.json());
    const listed = await api(token, "GET", `${base}?q=Build%2044`);
    expect(listed.json().annotations).toHaveLength(1);

    // Another value in the reordered body is still another request.
    const changed = await api(
      token,
      "POST",
      base,
      { annotationDate: { day, month, year }, description: "Slower", title: "Build 44" },
      headers,
    );
    expect(changed.statusCode).toBe(422);
    expect(changed.json().code).toBe("idempotency_key_reused");
  });

  it("limits each token's rate, with RateLimit headers and Retry-After", async () => {
    const { token } = await makeToken(premium, ["annotations:read"]);
    const first = await api(token, "GET", "/api/v1/properties");
    expect(first.headers["ratelimit-limit"]).toBe(String(rateLimit));
    expect(first.headers["ratelimit-remaining"]).toBe(String(rateLimit - 1));
    for (let n = 1; n < rateLimit; n++) await api(token, "GET", "/api/v1/properties");
    const refused = await api(token, "GET", "/api/v1/properties");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("rate_limited");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.headers["ratelimit-remaining"]).toBe("0");
    // Another token of the same person has its own allowance.
    const other = await makeToken(premium, ["annotations:read"]);
    expect((await api(other.token, "GET", "/api/v1/properties")).statusCode).toBe(200);
  });

  it("spends the same allowance on MCP calls as on REST calls", async () => {
    const { token } = await makeToken(premium, ["annotations:read"]);
    const listTools = () =>
      api(
        token,
        "POST",
        "/mcp",
        { jsonrpc: "2.0", id: 1, method: "tools/list" },
        { accept: "application/json, text/event-stream" },
      );
    const first = await listTools();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers["ratelimit-remaining"]).toBe(String(rateLimit - 1));
    for (let n = 1; n < rateLimit; n++) await api(token, "GET", "/api/v1/properties");
    const refused = await listTools();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("rate_limited");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });
});
