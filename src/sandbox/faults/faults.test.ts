import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../index.js";
import {
  bearer,
  googleErrorOf,
  sandboxAdminBetaClient,
  sandboxAdminClient,
  sandboxOAuthClient,
} from "../testing/official-clients.js";
import { control, mintTokens } from "../testing/sandbox-test-kit.js";

let sandbox: RunningSandbox;
let admin: ReturnType<typeof sandboxAdminClient>;
let parent: string;

const createBody = {
  title: "Fault test",
  color: "BLUE",
  annotationDate: { year: 2026, month: 1, day: 2 },
};
const createMethod = "analyticsadmin.properties.reportingDataAnnotations.create";
const listMethod = "analyticsadmin.properties.reportingDataAnnotations.list";

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, clients: [], faultControl: true });
  const tokens = await mintTokens(sandbox.url, { email: "faults@example.com" });
  admin = sandboxAdminClient(sandbox.url, bearer(sandbox.url, tokens.access_token));
  parent = (
    await sandboxAdminBetaClient(
      sandbox.url,
      bearer(sandbox.url, tokens.access_token),
    ).accountSummaries.list()
  ).data.accountSummaries![0]!.propertySummaries![0]!.property!;
});

afterEach(() => control(sandbox.url, "POST", "/reset"));
afterAll(() => sandbox.close());

interface Counters {
  counters: Record<string, number>;
  total: number;
}

describe("request counters", () => {
  it("count Google calls per method, so a test can assert how many one action made", async () => {
    await control(sandbox.url, "DELETE", "/counters");
    await admin.properties.reportingDataAnnotations.list({ parent });
    await admin.properties.reportingDataAnnotations.list({ parent });
    await admin.properties.reportingDataAnnotations.create({ parent, requestBody: createBody });
    await googleErrorOf(
      admin.properties.reportingDataAnnotations.get({
        name: `${parent}/reportingDataAnnotations/999999`,
      }),
    );
    const snapshot = await control<Counters>(sandbox.url, "GET", "/counters");
    expect(snapshot).toEqual({
      counters: {
        [createMethod]: 1,
        "analyticsadmin.properties.reportingDataAnnotations.get": 1,
        [listMethod]: 2,
      },
      total: 4,
    });
    expect(await control<Counters>(sandbox.url, "DELETE", "/counters")).toEqual({
      counters: {},
      total: 0,
    });
  });

  it("count token requests by grant type", async () => {
    const tokens = await mintTokens(sandbox.url, { email: "faults@example.com" });
    await sandboxOAuthClient(sandbox.url, {
      credentials: { refresh_token: tokens.refresh_token },
    }).refreshAccessToken();
    expect((await control<Counters>(sandbox.url, "GET", "/counters")).counters).toEqual({
      "oauth2.token.refresh_token": 1,
    });
  });
});

describe("fault injection", () => {
  it("answers 429 RESOURCE_EXHAUSTED with Google's quota details, without running the method", async () => {
    await control(sandbox.url, "POST", "/faults", {
      method: createMethod,
      kind: "resource-exhausted",
      times: 1,
    });
    const before = (await admin.properties.reportingDataAnnotations.list({ parent })).data
      .reportingDataAnnotations!.length;
    const error = await googleErrorOf(
      admin.properties.reportingDataAnnotations.create({ parent, requestBody: createBody }),
    );
    expect(error.status).toBe(429);
    expect(error.body.error).toMatchObject({
      code: 429,
      status: "RESOURCE_EXHAUSTED",
      details: [expect.objectContaining({ reason: "RATE_LIMIT_EXCEEDED" })],
      errors: [expect.objectContaining({ reason: "rateLimitExceeded" })],
    });
    expect(
      (await admin.properties.reportingDataAnnotations.list({ parent })).data
        .reportingDataAnnotations!.length,
    ).toBe(before);
    expect(
      (await admin.properties.reportingDataAnnotations.create({ parent, requestBody: createBody }))
        .status,
    ).toBe(200);
  });

  it.each([
    ["rate-limit-exceeded", 403, "PERMISSION_DENIED"],
    ["internal", 500, "INTERNAL"],
    ["unavailable", 503, "UNAVAILABLE"],
  ])("answers %s as %i %s", async (kind, status, googleStatus) => {
    await control(sandbox.url, "POST", "/faults", { method: "analyticsadmin.*", kind });
    const error = await googleErrorOf(
      admin.properties.reportingDataAnnotations.list({ parent }, { retry: false }),
    );
    expect(error.status).toBe(status);
    expect(error.body.error.status).toBe(googleStatus);
    if (kind === "rate-limit-exceeded")
      expect(error.body.error.errors).toEqual([
        expect.objectContaining({ reason: "rateLimitExceeded" }),
      ]);
  });

  it("sends Retry-After on an error answer when the rule sets it, and only then", async () => {
    await control(sandbox.url, "POST", "/faults", {
      method: listMethod,
      kind: "resource-exhausted",
      retryAfterSeconds: 7,
      times: 1,
    });
    await control(sandbox.url, "POST", "/faults", {
      method: listMethod,
      kind: "unavailable",
      times: 1,
    });
    const tokens = await mintTokens(sandbox.url, { email: "faults@example.com" });
    const list = () =>
      fetch(`${sandbox.url}/v1alpha/${parent}/reportingDataAnnotations`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
    const limited = await list();
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
    const unavailable = await list();
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get("retry-after")).toBeNull();
  });

  it("commit-then-drop: the create takes effect but the connection closes without an answer", async () => {
    await control(sandbox.url, "POST", "/faults", {
      method: createMethod,
      kind: "commit-then-drop",
      times: 1,
    });
    const title = `Dropped ${Date.now()}`;
    await expect(
      admin.properties.reportingDataAnnotations.create({
        parent,
        requestBody: { ...createBody, title },
      }),
    ).rejects.toThrow();
    const listed = await admin.properties.reportingDataAnnotations.list({
      parent,
      filter: `title="${title}"`,
    });
    expect(listed.data.reportingDataAnnotations).toHaveLength(1);
  });

  it("adds latency and reports how often each rule fired", async () => {
    await control(sandbox.url, "POST", "/faults", {
      method: listMethod,
      kind: "latency",
      latencyMs: 20,
    });
    expect((await admin.properties.reportingDataAnnotations.list({ parent })).status).toBe(200);
    const { faults } = await control<{
      faults: Array<{ kind: string; fired: number; matched: number }>;
    }>(sandbox.url, "GET", "/faults");
    expect(faults).toEqual([expect.objectContaining({ kind: "latency", matched: 1, fired: 1 })]);
  });

  it("honours skip and times", async () => {
    await control(sandbox.url, "POST", "/faults", {
      method: listMethod,
      kind: "unavailable",
      skip: 1,
      times: 2,
    });
    const outcomes: number[] = [];
    for (let i = 0; i < 4; i++) {
      try {
        outcomes.push(
          (await admin.properties.reportingDataAnnotations.list({ parent }, { retry: false }))
            .status,
        );
      } catch (error) {
        outcomes.push((error as { status: number }).status);
      }
    }
    expect(outcomes).toEqual([200, 503, 503, 200]);
  });

  it("fires a seeded fraction of requests with probability, the same way every run", async () => {
    const run = async () => {
      await control(sandbox.url, "POST", "/reset");
      await control(sandbox.url, "POST", "/faults", {
        method: listMethod,
        kind: "unavailable",
        probability: 0.3,
        seed: 42,
      });
      const outcomes: number[] = [];
      for (let i = 0; i < 20; i++) {
        const response = await fetch(`${sandbox.url}/v1alpha/${parent}/reportingDataAnnotations`);
        outcomes.push(response.status);
      }
      return outcomes;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    expect(first.filter((status) => status === 503).length).toBeGreaterThan(0);
    expect(first.filter((status) => status === 503).length).toBeLessThan(20);
  });

  it("applies to OAuth endpoints in OAuth's error shape", async () => {
    await control(sandbox.url, "POST", "/faults", { method: "oauth2.token*", kind: "unavailable" });
    const tokens = await mintTokens(sandbox.url, { email: "faults@example.com" });
    const response = await fetch(`${sandbox.url}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: tokens.refresh_token,
        client_id: "tidemark-sandbox-test",
        client_secret: "tidemark-sandbox-secret",
      }),
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: "temporarily_unavailable" });
  });

  it("removes one rule or all", async () => {
    const { fault } = await control<{ fault: { id: string } }>(sandbox.url, "POST", "/faults", {
      kind: "internal",
    });
    await control(sandbox.url, "DELETE", `/faults/${fault.id}`);
    expect((await admin.properties.reportingDataAnnotations.list({ parent })).status).toBe(200);
    await expect(control(sandbox.url, "DELETE", `/faults/${fault.id}`)).rejects.toThrow(/404/);
  });

  it("answers a bad fault payload with a Google-shaped 400 naming the field", async () => {
    const response = await fetch(`${sandbox.url}/__sandbox/control/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: "latency" }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
      "latencyMs",
    );
  });

  it("can be configured at start-up, and the control endpoint is off unless enabled", async () => {
    const configured = await startSandbox({
      port: 0,
      clients: [],
      faults: [{ method: "oidc.discovery", kind: "internal" }],
    });
    try {
      expect((await fetch(`${configured.url}/.well-known/openid-configuration`)).status).toBe(500);
      expect((await fetch(`${configured.url}/__sandbox/control/counters`)).status).toBe(404);
    } finally {
      await configured.close();
    }
  });
});

describe("token controls", () => {
  it("forces access-token expiry (401 ACCESS_TOKEN_EXPIRED) and moves the clock", async () => {
    const tokens = await mintTokens(sandbox.url, { email: "expiry@example.com" });
    const client = sandboxAdminClient(sandbox.url, bearer(sandbox.url, tokens.access_token));
    expect(
      (
        await client.properties.reportingDataAnnotations
          .list({ parent: "properties/1" })
          .catch((error: { status: number }) => error)
      ).status,
    ).toBe(403);
    expect(
      await control(sandbox.url, "POST", "/tokens/expire", { email: "expiry@example.com" }),
    ).toEqual({ expired: 1 });
    const error = await googleErrorOf(
      client.properties.reportingDataAnnotations.list({ parent: "properties/1" }),
    );
    expect(error.status).toBe(401);
    expect(error.body.error.details?.[0]).toMatchObject({ reason: "ACCESS_TOKEN_EXPIRED" });

    const later = await mintTokens(sandbox.url, { email: "expiry@example.com" });
    await control(sandbox.url, "POST", "/clock", { advanceSeconds: 3600 });
    const afterAnHour = await googleErrorOf(
      sandboxAdminBetaClient(
        sandbox.url,
        bearer(sandbox.url, later.access_token),
      ).accountSummaries.list(),
    );
    expect(afterAnHour.status).toBe(401);
  });
});
