import { desc, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sameOrigin, startAppHarness, type AppHarness } from "./app-harness.js";
import { testConfig } from "./test-config.js";
import { verifications } from "../src/server/db/schema/index.js";
import { signInLinkLifetimeSeconds, signInLinkLifetimeText } from "../src/shared/sign-in-link.js";

/** Email sign-in links as an abuser would ask for them. */
let harness: AppHarness;

beforeAll(async () => {
  harness = await startAppHarness({
    config: {
      rateLimits: {
        ...testConfig().rateLimits,
        signInLinksPer15Minutes: 5,
        signInLinksPerClientPerHour: 10,
      },
    },
  });
});
afterAll(async () => {
  await harness?.close();
});

const inject = (options: InjectOptions) => harness.app.inject(options);
let counter = 0;
const freshEmail = (name: string) => `${name}.${++counter}@example.com`;
const askForLink = (email: string, clientIp: string) =>
  inject({
    method: "POST",
    url: "/api/auth/sign-in/magic-link",
    headers: { ...sameOrigin, "x-forwarded-for": clientIp },
    payload: { email, callbackURL: "/" },
  });

describe("sign-in links per client address", () => {
  it("stops one client from mailing many different addresses", async () => {
    const statuses: number[] = [];
    const emails: string[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const email = freshEmail("spray");
      emails.push(email);
      const response = await askForLink(email, "10.9.0.1");
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
        expect(response.json().code).toBe("rate_limited");
      }
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429, 429]);
    expect(harness.sentLinks.filter((sent) => emails.includes(sent.email))).toHaveLength(10);

    // Another client is not affected.
    expect((await askForLink(freshEmail("other"), "10.9.0.2")).statusCode).toBe(200);
  });

  it("does not spend the per-address allowance on a refused client", async () => {
    const email = freshEmail("victim");
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await askForLink(freshEmail("filler"), "10.9.0.3");
    }
    expect((await askForLink(email, "10.9.0.3")).statusCode).toBe(429);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await askForLink(email, `10.9.1.${attempt}`)).statusCode).toBe(200);
    }
  });
});

describe("a sign-in link's lifetime", () => {
  it("expires after the lifetime the email and the expired message state", async () => {
    const email = freshEmail("lifetime");
    const before = Date.now();
    expect((await askForLink(email, "10.9.2.1")).statusCode).toBe(200);
    const link = harness.sentLinks.findLast((sent) => sent.email === email);
    const token = new URL(link!.url).searchParams.get("token");
    expect(token).toBeTruthy();

    const [record] = await harness.database.db
      .select()
      .from(verifications)
      .orderBy(desc(verifications.createdAt))
      .limit(1);
    const lifetimeMs = record!.expiresAt.getTime() - before;
    expect(lifetimeMs).toBeGreaterThanOrEqual(signInLinkLifetimeSeconds * 1000);
    expect(lifetimeMs).toBeLessThan((signInLinkLifetimeSeconds + 60) * 1000);

    await harness.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.id, record!.id));
    const preview = await inject({
      method: "GET",
      url: `/api/auth/sign-in-link?token=${encodeURIComponent(token!)}`,
    });
    expect(preview.statusCode).toBe(410);
    expect(preview.json().error).toBe(
      `This sign-in link has expired. Links work for ${signInLinkLifetimeText}; request a new one.`,
    );
  });
});
