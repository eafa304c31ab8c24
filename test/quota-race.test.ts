import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../src/server/db/database.js";
import { buildApp } from "../src/server/app.js";
import type { FastifyInstance } from "fastify";
import { sandboxGoogleEndpoints } from "../src/server/integrations/google/google-endpoints.js";
import { calendarDateOf } from "../src/shared/calendar-date.js";
import {
  appUrl,
  connectGoogleAnalytics,
  sameOrigin,
  signInWithEmailLink,
  startAppHarness,
  type AppHarness,
} from "./app-harness.js";
import { testConfig } from "./test-config.js";

/**
 * Two app instances on one PostgreSQL, as in production behind a load balancer: the daily quota
 * must hold however the parallel requests are spread. PostgreSQL only (PGlite has one connection,
 * so nothing would run in parallel).
 */
describe.runIf(process.env.TEST_DATABASE_URL)("the daily quota across two instances", () => {
  let first: AppHarness;
  let secondDatabase: Database;
  let second: FastifyInstance;

  beforeAll(async () => {
    first = await startAppHarness();
    // The harness's database URL is private to it; open a second pool on the same database.
    const url = first.database.url;
    if (!url) throw new Error("the PostgreSQL test database does not expose its URL");
    secondDatabase = await openDatabase({ engine: "postgres", url, poolSize: 5 });
    second = await buildApp({
      config: testConfig({ appUrl }),
      database: secondDatabase,
      google: sandboxGoogleEndpoints(first.sandbox.url, {
        clientId: "tidemark-test-app",
        clientSecret: "tidemark-test-app-secret",
      }),
      webRoot: null,
      googleRetryPolicy: { attempts: 4, baseDelayMs: 1, maxDelayMs: 2, sleep: async () => {} },
    });
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await first?.close();
  });

  it("accepts exactly 5 of 40 parallel creates from a free user, and Google holds exactly 5", async () => {
    const email = `racer.${Date.now()}@example.com`;
    const jar = await signInWithEmailLink(first, email);
    const headers = { ...sameOrigin, cookie: jar.header() };
    await first.app.inject({
      method: "PATCH",
      url: "/api/users/subscription",
      headers,
      payload: { tier: "freemium" },
    });
    await connectGoogleAnalytics(first, jar, { email });
    const reachable = (
      await first.app.inject({
        method: "GET",
        url: "/api/ga4/properties",
        headers: { cookie: jar.header() },
      })
    ).json();
    const propertyId = (reachable.properties as { propertyId: string; canEdit: boolean }[]).find(
      (p) => p.canEdit,
    )!.propertyId;
    await first.app.inject({
      method: "POST",
      url: "/api/properties",
      headers,
      payload: { propertyId },
    });

    // Two days back is a past day in every property's time zone, whatever the hour in UTC.
    const today = calendarDateOf(new Date(Date.now() - 2 * 86_400_000));
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        (n % 2 === 0 ? first.app : second).inject({
          method: "POST",
          url: `/api/annotations/${propertyId}`,
          headers: { ...sameOrigin, cookie: jar.header() },
          payload: { title: `Race ${n}`, annotationDate: today },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);

    const listed = (
      await first.app.inject({
        method: "GET",
        url: `/api/annotations/${propertyId}`,
        headers: { cookie: jar.header() },
      })
    ).json();
    expect(
      (listed.reportingDataAnnotations as { title: string }[]).filter((a) =>
        a.title.startsWith("Race "),
      ),
    ).toHaveLength(5);
  });
});
