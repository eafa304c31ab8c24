import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../test/test-database.js";
import { testConfig } from "../../../../test/test-config.js";
import { buildApp } from "../../app.js";
import type { AppConfig } from "../../env.js";
import { sandboxGoogleEndpoints } from "../../integrations/google/google-endpoints.js";

const google = sandboxGoogleEndpoints("http://127.0.0.1:9", {
  clientId: "unused",
  clientSecret: "unused",
});

let database: TestDatabase;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
});

/** The app as `npm start` builds it: its own mailer, chosen from the configuration. */
async function appWith(config: Partial<AppConfig>) {
  const app = await buildApp({ config: testConfig(config), database, google, webRoot: null });
  apps.push(app);
  return app;
}

async function requestLink(app: FastifyInstance, email: string) {
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/sign-in/magic-link",
    headers: { origin: "http://localhost:5000" },
    payload: { email, callbackURL: "/", errorCallbackURL: "/login" },
  });
  expect(response.statusCode).toBe(200);
}

describe("/dev/mail", () => {
  it("lists the last hour's sign-in links, newest first, to this machine only", async () => {
    const app = await appWith({ smtpUrl: undefined, nodeEnv: "development" });
    await requestLink(app, "first@example.com");
    await requestLink(app, "o'brien@example.com");

    const page = await app.inject({ method: "GET", url: "/dev/mail" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    // Escaped, and newest first.
    expect(page.body.indexOf("o&#39;brien@example.com")).toBeGreaterThan(0);
    expect(page.body.indexOf("o&#39;brien@example.com")).toBeLessThan(
      page.body.indexOf("first@example.com"),
    );
    expect(page.body.match(/href="http:\/\/localhost:5000\/login\/continue\?token=/g)).toHaveLength(
      2,
    );

    // The links are credentials: from another address the page does not exist.
    const elsewhere = await app.inject({
      method: "GET",
      url: "/dev/mail",
      remoteAddress: "192.0.2.7",
      headers: { "x-forwarded-for": "127.0.0.1" },
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.body).not.toContain("token=");
  });

  it("does not exist when mail is sent for real", async () => {
    const app = await appWith({ smtpUrl: "smtp://127.0.0.1:1", nodeEnv: "development" });
    expect((await app.inject({ method: "GET", url: "/dev/mail" })).statusCode).toBe(404);
  });
});
