import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { and, eq, inArray } from "drizzle-orm";
import { startSandbox, type RunningSandbox } from "../src/sandbox/index.js";
import { walkSignInPages } from "../src/sandbox/testing/sandbox-test-kit.js";
import { buildApp, type AppDependencies } from "../src/server/app.js";
import type { AppConfig } from "../src/server/env.js";
import { sandboxGoogleEndpoints } from "../src/server/integrations/google/google-endpoints.js";
import type { Mailer } from "../src/server/integrations/mailer/mailer.js";
import { properties, users } from "../src/server/db/schema/index.js";
import { testConfig } from "./test-config.js";
import { createTestDatabase, type TestDatabase } from "./test-database.js";

export const appUrl = "http://localhost:5999";
export const appClient = {
  clientId: "tidemark-test-app",
  clientSecret: "tidemark-test-app-secret",
};

/** The app on its own database, talking to an in-memory sandbox; sign-in links are captured. */
export interface AppHarness {
  app: FastifyInstance;
  database: TestDatabase;
  sandbox: RunningSandbox;
  sentLinks: { email: string; url: string }[];
  close(): Promise<void>;
}

export async function startAppHarness(
  overrides: { config?: Partial<AppConfig>; deps?: Partial<AppDependencies> } = {},
): Promise<AppHarness> {
  const database = await createTestDatabase();
  const sandbox = await startSandbox({
    port: 0,
    faultControl: true,
    clients: [
      {
        ...appClient,
        redirectUris: [`${appUrl}/api/auth/callback/google`, `${appUrl}/api/google/callback`],
      },
    ],
  });
  const sentLinks: { email: string; url: string }[] = [];
  const mailer: Mailer = {
    async sendSignInLink(message) {
      sentLinks.push(message);
    },
  };
  const app = await buildApp({
    config: testConfig({ appUrl, ...overrides.config }),
    database,
    google: sandboxGoogleEndpoints(sandbox.url, appClient),
    mailer,
    webRoot: null,
    // Retries happen, but without real waiting.
    googleRetryPolicy: { attempts: 4, baseDelayMs: 1, maxDelayMs: 2, sleep: async () => {} },
    // An import's rounds for rows Google has not confirmed go by without real waiting either: a
    // test that needs them settled moves the app's clock (test/annotation-import-crash.test.ts).
    importSleep: async () => {},
    ...overrides.deps,
  });
  return {
    app,
    database,
    sandbox,
    sentLinks,
    async close() {
      await app.close();
      await sandbox.close();
      await database.close();
    },
  };
}

/** A minimal cookie jar over light-my-request responses. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.value === "" || cookie.maxAge === 0) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

export const sameOrigin = { origin: appUrl };

/**
 * A request as the jar's holder. Anything but a GET carries our own origin, as the browser's
 * requests do: the server refuses state changes from elsewhere.
 */
export function requestAs(
  harness: AppHarness,
  jar: CookieJar,
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return harness.app.inject({
    method,
    url,
    headers: { ...(method === "GET" ? {} : sameOrigin), cookie: jar.header() },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

let addressCounter = 0;
/** An address no earlier test used: a test file's tests share one database. */
export function freshEmail(name: string, domain = "example.com"): string {
  return `${name}.${Date.now().toString(36)}${++addressCounter}@${domain}`;
}

/** The one-time token of the newest sign-in link mailed to this address. */
export function latestSignInToken(harness: AppHarness, email: string): string {
  const link = harness.sentLinks.findLast((sent) => sent.email === email.trim().toLowerCase());
  if (!link) throw new Error(`no sign-in link was sent to ${email}`);
  const token = new URL(link.url).searchParams.get("token");
  if (!token) throw new Error(`the sign-in link for ${email} has no token: ${link.url}`);
  return token;
}

/**
 * Signs in with an email link as the browser does: the link opens the continue page, which posts
 * its token from our own origin. Returns the jar holding the session cookie.
 */
export async function signInWithEmailLink(
  harness: AppHarness,
  email: string,
  jar = new CookieJar(),
): Promise<CookieJar> {
  const request = await harness.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/magic-link",
    headers: sameOrigin,
    payload: { email, callbackURL: "/", errorCallbackURL: "/login" },
  });
  if (request.statusCode !== 200)
    throw new Error(`sign-in link request failed: ${request.statusCode} ${request.body}`);
  const signIn = await harness.app.inject({
    method: "POST",
    url: "/api/auth/sign-in-link",
    headers: { ...sameOrigin, "sec-fetch-site": "same-origin", cookie: jar.header() },
    payload: { token: latestSignInToken(harness, email) },
  });
  if (signIn.statusCode !== 200)
    throw new Error(`signing in with the link failed: ${signIn.statusCode} ${signIn.body}`);
  jar.store(signIn);
  return jar;
}

/**
 * Connects the signed-in user's Google Analytics through the real flow: /api/google/authorize,
 * the sandbox's sign-in and consent pages, and the callback. Returns where the callback sent them.
 */
export async function connectGoogleAnalytics(
  harness: AppHarness,
  jar: CookieJar,
  options: { email: string; untick?: string[]; decision?: "allow" | "cancel" },
): Promise<string> {
  const start = await harness.app.inject({
    method: "GET",
    url: "/api/google/authorize",
    headers: { cookie: jar.header() },
  });
  if (start.statusCode !== 302)
    throw new Error(`authorize answered ${start.statusCode}: ${start.body}`);
  jar.store(start);
  const { callback } = await walkSignInPages(start.headers.location as string, options);
  const finish = await harness.app.inject({
    method: "GET",
    url: callback.toString().replace(appUrl, ""),
    headers: { cookie: jar.header() },
  });
  jar.store(finish);
  return finish.headers.location as string;
}

export interface TestPerson {
  jar: CookieJar;
  email: string;
  /** Their first editable GA4 property, saved (and, on the free plan, locked). */
  propertyId: string;
}

let personCounter = 0;

/**
 * A signed-in person with a plan, Google Analytics connected through the real flow and their
 * first editable property saved. Premium is set directly, as if they were on the tester list
 * (choosing Premium itself is tested in accounts.test.ts).
 */
export async function setUpPerson(
  harness: AppHarness,
  tier: "freemium" | "premium",
  options: {
    untick?: string[];
    email?: string;
    /**
     * The saved property's reporting time zone. UTC unless a test asks for another, so the
     * tests' "today" (a UTC day) is the property's today, whatever zone the sandbox seeded.
     */
    timeZone?: string;
  } = {},
): Promise<TestPerson> {
  const email = options.email ?? `${tier}.${Date.now().toString(36)}${++personCounter}@example.com`;
  const jar = await signInWithEmailLink(harness, email);
  const headers = { ...sameOrigin, cookie: jar.header() };
  const plan = await harness.app.inject({
    method: "PATCH",
    url: "/api/users/subscription",
    headers,
    payload: { tier: "freemium" },
  });
  if (plan.statusCode !== 200) throw new Error(`choosing a plan failed: ${plan.body}`);
  if (tier === "premium") {
    await harness.database.db
      .update(users)
      .set({ subscriptionTier: "premium", annotationQuota: 50, propertyQuota: 5 })
      .where(eq(users.email, email));
  }
  const landing = await connectGoogleAnalytics(harness, jar, {
    email,
    ...(options.untick ? { untick: options.untick } : {}),
  });
  if (landing !== "/dashboard?oauth=success")
    throw new Error(`connecting Google ended at ${landing}`);
  const reachable = await harness.app.inject({
    method: "GET",
    url: "/api/ga4/properties",
    headers: { cookie: jar.header() },
  });
  const propertyId = (
    reachable.json().properties as { propertyId: string; canEdit: boolean }[]
  ).find((p) => p.canEdit)!.propertyId;
  const saved = await harness.app.inject({
    method: "POST",
    url: "/api/properties",
    headers,
    payload: { propertyId },
  });
  if (saved.statusCode !== 201 && saved.statusCode !== 200)
    throw new Error(`saving the property failed: ${saved.body}`);
  await harness.database.db
    .update(properties)
    .set({ timeZone: options.timeZone ?? "UTC" })
    .where(
      and(
        eq(properties.propertyId, propertyId),
        inArray(
          properties.userId,
          harness.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)),
        ),
      ),
    );
  return { jar, email, propertyId };
}
