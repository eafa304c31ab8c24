import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rateLimitBuckets } from "../src/server/db/schema/index.js";
import { sameOrigin, startAppHarness, type AppHarness } from "./app-harness.js";
import { testConfig } from "./test-config.js";

/**
 * Limits per client hold when the client has many addresses (an IPv6 network, a dual-stack
 * socket), and a ceiling over all clients holds when many clients each stay under their own.
 * The app runs twice: reached directly (TRUST_PROXY off) and behind a load balancer (on).
 */
const perClient = 3;
const ceiling = 8;
const rateLimits = {
  ...testConfig().rateLimits,
  lookupsPerMinute: perClient,
  signInLinksPerClientPerHour: perClient,
  signInStartsPerMinute: perClient,
  signInLinksTotalPerHour: ceiling,
  lookupsTotalPerHour: ceiling,
};

let direct: AppHarness;
let behindProxy: AppHarness;

beforeAll(async () => {
  [direct, behindProxy] = await Promise.all([
    startAppHarness({ config: { trustProxy: false, rateLimits } }),
    // A high ceiling: this one is about whose address counts, not about the ceiling.
    startAppHarness({
      config: { trustProxy: true, rateLimits: { ...rateLimits, signInLinksTotalPerHour: 1000 } },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([direct?.close(), behindProxy?.close()]);
});
// Each test starts with every allowance unused, so it counts only its own requests.
beforeEach(async () => {
  await Promise.all([
    direct.database.db.delete(rateLimitBuckets),
    behindProxy.database.db.delete(rateLimitBuckets),
  ]);
});

let counter = 0;
const freshEmail = () => `client.${++counter}@example.com`;

interface From {
  remoteAddress: string;
  forwardedFor?: string;
}

function request(harness: AppHarness, from: From, options: InjectOptions) {
  return harness.app.inject({
    ...options,
    remoteAddress: from.remoteAddress,
    headers: {
      ...sameOrigin,
      ...(from.forwardedFor ? { "x-forwarded-for": from.forwardedFor } : {}),
    },
  });
}

const askForLink = (harness: AppHarness, from: From, email = freshEmail()) =>
  request(harness, from, {
    method: "POST",
    url: "/api/auth/sign-in/magic-link",
    payload: { email, callbackURL: "/" },
  });
const lookUp = (harness: AppHarness, from: From, payload: object = { email: freshEmail() }) =>
  request(harness, from, { method: "POST", url: "/api/auth/lookup", payload });
const startGoogleSignIn = (harness: AppHarness, from: From) =>
  request(harness, from, { method: "GET", url: "/api/login" });

async function statusesOf(requests: (() => Promise<{ statusCode: number }>)[]) {
  const statuses: number[] = [];
  // One after another: the point is the count, not a race.
  for (const send of requests) statuses.push((await send()).statusCode);
  return statuses;
}

const allowedThenRefused = (allowed: number, ok: number, total: number) => [
  ...Array<number>(allowed).fill(ok),
  ...Array<number>(total - allowed).fill(429),
];

/** 25 addresses of one /64, as one home's devices (or one person rotating them) would use. */
const sameNetwork = Array.from({ length: 25 }, (_, i) => `2001:db8:5:1:${(i + 1).toString(16)}::7`);

describe("an IPv6 client is its /64", () => {
  it("gives 25 addresses of one /64 one sign-in link allowance, not 25", async () => {
    const sentBefore = direct.sentLinks.length;
    const statuses = await statusesOf(
      sameNetwork.map((remoteAddress) => () => askForLink(direct, { remoteAddress })),
    );
    expect(statuses).toEqual(allowedThenRefused(perClient, 200, 25));
    expect(direct.sentLinks.length - sentBefore).toBe(perClient);
  });

  it("gives them one lookup allowance and one Google sign-in allowance", async () => {
    expect(
      await statusesOf(sameNetwork.map((remoteAddress) => () => lookUp(direct, { remoteAddress }))),
    ).toEqual(allowedThenRefused(perClient, 200, 25));
    expect(
      await statusesOf(
        sameNetwork.map((remoteAddress) => () => startGoogleSignIn(direct, { remoteAddress })),
      ),
    ).toEqual(allowedThenRefused(perClient, 302, 25));
  });

  it("gives another /64 an allowance of its own, even the next one", async () => {
    const network = (n: number) => `2001:db8:5:${n}::1`;
    for (let sent = 0; sent < perClient; sent += 1) {
      expect((await askForLink(direct, { remoteAddress: network(1) })).statusCode).toBe(200);
    }
    expect((await askForLink(direct, { remoteAddress: network(1) })).statusCode).toBe(429);
    expect((await askForLink(direct, { remoteAddress: network(2) })).statusCode).toBe(200);
    expect((await askForLink(direct, { remoteAddress: "2001:db8:6:1::1" })).statusCode).toBe(200);
  });
});

describe("an IPv4 client reached over IPv6", () => {
  it("shares one allowance between 198.51.100.7 and ::ffff:198.51.100.7, in any spelling", async () => {
    const statuses = await statusesOf(
      ["198.51.100.7", "::ffff:198.51.100.7", "::ffff:c633:6407", "198.51.100.7"].map(
        (remoteAddress) => () => askForLink(direct, { remoteAddress }),
      ),
    );
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await askForLink(direct, { remoteAddress: "198.51.100.8" })).statusCode).toBe(200);
  });
});

describe("the ceiling over all clients", () => {
  const busy =
    /^Too many sign-in requests right now\. Please try again in (a few|about \d+) minutes\.$/;

  it("stops many distinct clients, each under its own limit, and says so without blaming anyone", async () => {
    const clients = Array.from({ length: ceiling + 4 }, (_, i) =>
      i % 2 === 0 ? `203.0.113.${i + 1}` : `2001:db8:77:${i}::1`,
    );
    const sentBefore = direct.sentLinks.length;
    const responses = [];
    for (const remoteAddress of clients)
      responses.push(await askForLink(direct, { remoteAddress }));

    expect(responses.map((response) => response.statusCode)).toEqual(
      allowedThenRefused(ceiling, 200, clients.length),
    );
    expect(direct.sentLinks.length - sentBefore).toBe(ceiling);
    for (const refused of responses.slice(ceiling)) {
      expect(refused.json()).toEqual({ code: "rate_limited", error: expect.stringMatching(busy) });
      const retryAfter = Number(refused.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(55 * 60);
      expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    }
    // The per-client refusal is still its own, unchanged sentence.
    for (let sent = 0; sent < perClient; sent += 1)
      await lookUp(direct, { remoteAddress: "192.0.2.1" });
    expect((await lookUp(direct, { remoteAddress: "192.0.2.1" })).json().error).toBe(
      "Too many attempts. Please wait a moment and try again.",
    );
  });

  it("counts only links that would be sent, so one refused client cannot use it up", async () => {
    // One client keeps asking after its own limit: its refused requests count for nothing.
    const greedy = await statusesOf(
      Array.from(
        { length: 10 },
        () => () => askForLink(direct, { remoteAddress: "203.0.113.200" }),
      ),
    );
    expect(greedy).toEqual(allowedThenRefused(perClient, 200, 10));
    const others = await statusesOf(
      Array.from(
        { length: ceiling - perClient + 1 },
        (_, i) => () => askForLink(direct, { remoteAddress: `2001:db8:88:${i}::1` }),
      ),
    );
    expect(others).toEqual(allowedThenRefused(ceiling - perClient, 200, ceiling - perClient + 1));
  });

  it("limits lookups over all clients too, counting only those answered", async () => {
    const invalid = await lookUp(direct, { remoteAddress: "203.0.113.99" }, { email: "nope" });
    expect(invalid.statusCode).toBe(400);
    const responses = [];
    for (let i = 0; i < ceiling + 2; i += 1) {
      responses.push(await lookUp(direct, { remoteAddress: `2001:db8:99:${i}::1` }));
    }
    expect(responses.map((response) => response.statusCode)).toEqual(
      allowedThenRefused(ceiling, 200, ceiling + 2),
    );
    const refused = responses.at(-1)!;
    expect(refused.json()).toEqual({ code: "rate_limited", error: expect.stringMatching(busy) });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(55 * 60);
    // Sign-in links have their own ceiling, untouched by lookups.
    expect((await askForLink(direct, { remoteAddress: "203.0.113.98" })).statusCode).toBe(200);
  });
});

describe("which address is the client's (TRUST_PROXY)", () => {
  it("ignores X-Forwarded-For when the app is reached directly", async () => {
    const statuses = await statusesOf(
      Array.from(
        { length: perClient + 2 },
        (_, i) => () =>
          askForLink(direct, { remoteAddress: "203.0.113.50", forwardedFor: `192.0.2.${i + 1}` }),
      ),
    );
    expect(statuses).toEqual(allowedThenRefused(perClient, 200, perClient + 2));
  });

  it("reads the client from X-Forwarded-For behind a proxy, an IPv6 client by its /64", async () => {
    const proxy = "10.0.0.1";
    const distinct = await statusesOf(
      Array.from(
        { length: perClient + 2 },
        (_, i) => () =>
          askForLink(behindProxy, { remoteAddress: proxy, forwardedFor: `192.0.2.${i + 1}` }),
      ),
    );
    expect(distinct).toEqual(Array<number>(perClient + 2).fill(200));

    const oneNetwork = await statusesOf(
      sameNetwork
        .slice(0, perClient + 2)
        .map(
          (forwardedFor) => () => askForLink(behindProxy, { remoteAddress: proxy, forwardedFor }),
        ),
    );
    expect(oneNetwork).toEqual(allowedThenRefused(perClient, 200, perClient + 2));
    const mapped = await statusesOf(
      ["::ffff:192.0.2.1", "192.0.2.1", "192.0.2.1"].map(
        (forwardedFor) => () => askForLink(behindProxy, { remoteAddress: proxy, forwardedFor }),
      ),
    );
    // 192.0.2.1 had one link above: two more fill its allowance, however it is written.
    expect(mapped).toEqual([200, 200, 429]);
  });
});
