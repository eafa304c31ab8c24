import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieFacts } from "../src/shared/cookies.js";
import {
  freshEmail,
  sameOrigin,
  signInWithEmailLink,
  startAppHarness,
  type AppHarness,
} from "./app-harness.js";

/**
 * The privacy policy states each cookie from src/shared/cookies.ts: these check that what the
 * browser receives is what that module says, Better Auth's own cookies included.
 */
let harness: AppHarness;

beforeAll(async () => {
  harness = await startAppHarness();
});
afterAll(async () => {
  await harness?.close();
});

function setCookies(headers: Record<string, unknown>): string[] {
  const value = headers["set-cookie"];
  return Array.isArray(value) ? (value as string[]) : value ? [String(value)] : [];
}

function cookieNamed(cookies: string[], name: string): string | undefined {
  return cookies.find((cookie) => cookie.startsWith(`${name}=`));
}

describe("the cookies the privacy policy names", () => {
  it("signing in with Google sets the state cookie for the time the policy says", async () => {
    const start = await harness.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/social",
      headers: sameOrigin,
      payload: { provider: "google", callbackURL: "/" },
    });
    expect(start.statusCode, start.body).toBeLessThan(400);
    const state = cookieNamed(setCookies(start.headers), cookieFacts.googleSignIn.name);
    expect(state).toContain(`Max-Age=${cookieFacts.googleSignIn.maxAgeSeconds}`);
    // Every cookie it set is one the policy names.
    const named = Object.values(cookieFacts).map((fact) => fact.name);
    for (const cookie of setCookies(start.headers))
      expect(named).toContain(cookie.slice(0, cookie.indexOf("=")));
  });

  it("signing in sets the session cookie, and connecting Google sets its own for ten minutes", async () => {
    const jar = await signInWithEmailLink(harness, freshEmail("cookies"));
    expect(jar.header()).toContain(`${cookieFacts.session.name}=`);
    const connect = await harness.app.inject({
      method: "GET",
      url: "/api/google/authorize",
      headers: { cookie: jar.header() },
    });
    const pending = cookieNamed(setCookies(connect.headers), cookieFacts.googleConnection.name);
    expect(pending).toContain(`Max-Age=${cookieFacts.googleConnection.maxAgeSeconds}`);
  });
});
