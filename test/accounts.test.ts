import { eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users, verifications } from "../src/server/db/schema/index.js";
import {
  appUrl,
  CookieJar,
  latestSignInToken,
  sameOrigin,
  signInWithEmailLink,
  startAppHarness,
  type AppHarness,
} from "./app-harness.js";
import { walkSignInPages } from "../src/sandbox/testing/sandbox-test-kit.js";

let harness: AppHarness;

beforeAll(async () => {
  harness = await startAppHarness();
});
afterAll(async () => {
  await harness?.close();
});

const sessionCookie = "tidemark.session_token";
const inject = (options: InjectOptions) => harness.app.inject(options);
let addressCounter = 0;
/** Each test its own client address, so rate limits of one test never touch another. */
const freshClientIp = () => `10.0.0.${++addressCounter}`;
const freshEmail = (name: string) => `${name}.${++addressCounter}@example.com`;

describe("GET /api/auth/user", () => {
  it("answers 204 with no body without a session (signed out is an answer, not an error)", async () => {
    const response = await inject({ method: "GET", url: "/api/auth/user" });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
  });

  it("answers as signed out (204) for a tampered session cookie", async () => {
    const jar = await signInWithEmailLink(harness, freshEmail("tamper"));
    const [token, signature] = jar.get(sessionCookie)!.split(".");
    const forged = `${token!.slice(0, -1)}${token!.endsWith("A") ? "B" : "A"}.${signature}`;
    const response = await inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: `${sessionCookie}=${forged}` },
    });
    expect(response.statusCode).toBe(204);
  });
});

describe("the session behind the cookie", () => {
  const day = 24 * 60 * 60 * 1000;
  const sessionOf = async (jar: CookieJar) => {
    const token = decodeURIComponent(jar.get(sessionCookie)!).split(".")[0]!;
    const [row] = await harness.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.token, token));
    return { token, row };
  };

  it("keeps a session that is in use: after a day the session and its cookie are extended", async () => {
    const jar = await signInWithEmailLink(harness, freshEmail("extend"));
    const { token } = await sessionOf(jar);
    const nearEnd = new Date(Date.now() + 5 * day);
    await harness.database.db
      .update(sessions)
      .set({ expiresAt: nearEnd })
      .where(eq(sessions.token, token));

    const response = await inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: jar.header() },
    });

    expect(response.statusCode).toBe(200);
    const renewed = (response.cookies as { name: string; value: string; maxAge?: number }[]).find(
      (c) => c.name === sessionCookie,
    );
    expect(renewed?.maxAge).toBe(7 * 24 * 60 * 60);
    expect(decodeURIComponent(renewed!.value).split(".")[0]).toBe(token);
    const { row } = await sessionOf(jar);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * day);
  });

  it("sends no cookie while the session is fresh", async () => {
    const jar = await signInWithEmailLink(harness, freshEmail("fresh"));
    const response = await inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: jar.header() },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("refuses an expired session and removes it", async () => {
    const jar = await signInWithEmailLink(harness, freshEmail("expired"));
    const { token } = await sessionOf(jar);
    await harness.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token));

    const response = await inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: jar.header() },
    });

    expect(response.statusCode).toBe(204);
    expect((await sessionOf(jar)).row).toBeUndefined();
  });

  it("refuses a signed token whose session no longer exists", async () => {
    const jar = await signInWithEmailLink(harness, freshEmail("gone"));
    const { token } = await sessionOf(jar);
    await harness.database.db.delete(sessions).where(eq(sessions.token, token));
    const response = await inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: jar.header() },
    });
    expect(response.statusCode).toBe(204);
  });

  it("refuses a session token without its signature", async () => {
    const jar = await signInWithEmailLink(harness, freshEmail("unsigned"));
    const { token } = await sessionOf(jar);
    const response = await inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: `${sessionCookie}=${token}` },
    });
    expect(response.statusCode).toBe(204);
  });
});

describe("sign-in with an email link", () => {
  it("creates the account without a plan, with the spec's fields", async () => {
    const email = freshEmail("ada");
    const jar = await signInWithEmailLink(harness, email.toUpperCase());
    const response = await inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: jar.header() },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email,
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      subscriptionTier: null,
      annotationQuota: 5,
      propertyQuota: 1,
      dailyAnnotationCount: 0,
      lockedPropertyId: null,
      canSelectPremium: false,
      isAuditBetaUser: false,
      propertyChangeAllowedFrom: null,
      wantsPremiumNotice: false,
    });
  });

  it("sets an HttpOnly, SameSite=Lax cookie that lasts 7 days", async () => {
    const email = freshEmail("cookie");
    await inject({
      method: "POST",
      url: "/api/auth/sign-in/magic-link",
      headers: sameOrigin,
      payload: { email, callbackURL: "/" },
    });
    const verify = await inject({
      method: "POST",
      url: "/api/auth/sign-in-link",
      headers: sameOrigin,
      payload: { token: latestSignInToken(harness, email) },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ redirectTo: "/" });
    const cookie = [verify.headers["set-cookie"]]
      .flat()
      .find((line) => line!.startsWith(`${sessionCookie}=`))!;
    expect(cookie).toMatch(/Max-Age=604800/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
  });

  it("stores only a hash of the link's token, valid for 15 minutes", async () => {
    const email = freshEmail("hash");
    const before = Date.now();
    await inject({
      method: "POST",
      url: "/api/auth/sign-in/magic-link",
      headers: sameOrigin,
      payload: { email, callbackURL: "/" },
    });
    const token = new URL(
      harness.sentLinks.findLast((sent) => sent.email === email)!.url,
    ).searchParams.get("token")!;
    const rows = await harness.database.db
      .select()
      .from(verifications)
      .where(sql`${verifications.value} like ${`%${email}%`}`);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(token);
    const lifetime = rows[0]!.expiresAt.getTime() - before;
    expect(lifetime).toBeGreaterThan(14 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60_000 + 5_000);
  });

  it("refuses a link used twice, and an expired link", async () => {
    const email = freshEmail("reuse");
    await signInWithEmailLink(harness, email);
    const again = await inject({
      method: "POST",
      url: "/api/auth/sign-in-link",
      headers: sameOrigin,
      payload: { token: latestSignInToken(harness, email) },
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe("sign_in_link_invalid");
    expect(
      [again.headers["set-cookie"]]
        .flat()
        .some((line) => line?.startsWith(`${sessionCookie}=`) && !line.includes("Max-Age=0")),
    ).toBe(false);

    const late = freshEmail("late");
    await inject({
      method: "POST",
      url: "/api/auth/sign-in/magic-link",
      headers: sameOrigin,
      payload: { email: late, callbackURL: "/", errorCallbackURL: "/login" },
    });
    await harness.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${verifications.value} like ${`%${late}%`}`);
    const expired = await inject({
      method: "POST",
      url: "/api/auth/sign-in-link",
      headers: sameOrigin,
      payload: { token: latestSignInToken(harness, late) },
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toMatch(/expired/);
    expect(expired.headers["set-cookie"]).toBeUndefined();
    const [created] = await harness.database.db.select().from(users).where(eq(users.email, late));
    expect(created).toBeUndefined();
  });

  it("gives every sign-in a new session; a cookie planted before sign-in stays worthless", async () => {
    const email = freshEmail("fixation");
    const first = await signInWithEmailLink(harness, email);
    const planted = new CookieJar();
    planted.set(sessionCookie, "attacker-chosen-value.c2lnbmF0dXJl");
    const second = await signInWithEmailLink(harness, email, planted);
    expect(second.get(sessionCookie)).not.toBe("attacker-chosen-value.c2lnbmF0dXJl");
    expect(second.get(sessionCookie)).not.toBe(first.get(sessionCookie));
    const withPlanted = await inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: `${sessionCookie}=attacker-chosen-value.c2lnbmF0dXJl` },
    });
    expect(withPlanted.statusCode).toBe(204);
  });

  it("refuses to send a link that would return to another site", async () => {
    const response = await inject({
      method: "POST",
      url: "/api/auth/sign-in/magic-link",
      headers: sameOrigin,
      payload: { email: freshEmail("redirect"), callbackURL: "https://evil.example/steal" },
    });
    expect(response.statusCode).toBe(403);
  });

  it("sends at most 5 links per address in 15 minutes", async () => {
    const email = freshEmail("flood");
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await inject({
        method: "POST",
        url: "/api/auth/sign-in/magic-link",
        headers: { ...sameOrigin, "x-forwarded-for": freshClientIp() },
        payload: { email, callbackURL: "/" },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429)
        expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(harness.sentLinks.filter((sent) => sent.email === email)).toHaveLength(5);
  });
});

describe("sign-in with Google (through the sandbox)", () => {
  it("runs OpenID Connect with PKCE, state and nonce and fills the profile from the ID token", async () => {
    const jar = new CookieJar();
    const start = await inject({ method: "GET", url: "/api/login" });
    expect(start.statusCode).toBe(302);
    jar.store(start);
    const authorizeUrl = new URL(start.headers.location as string);
    expect(authorizeUrl.origin).toBe(harness.sandbox.url);
    expect(authorizeUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizeUrl.searchParams.get("state")).toBeTruthy();
    expect(authorizeUrl.searchParams.get("nonce")).toBeTruthy();
    expect(authorizeUrl.searchParams.get("scope")).toBe("openid email profile");

    const email = freshEmail("grace.hopper");
    const callback = (await walkSignInPages(authorizeUrl, { email })).callback.toString();
    expect(callback.startsWith(`${appUrl}/api/auth/callback/google?`)).toBe(true);
    const finish = await inject({
      method: "GET",
      url: callback.replace(appUrl, ""),
      headers: { cookie: jar.header() },
    });
    expect(finish.statusCode).toBe(302);
    expect(finish.headers.location).toBe("/");
    jar.store(finish);

    const me = await inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: jar.header() },
    });
    expect(me.statusCode).toBe(200);
    const user = me.json();
    expect(user.email).toBe(email);
    expect(user.firstName).toEqual(expect.any(String));
    expect(user.lastName).toEqual(expect.any(String));
    expect(user.profileImageUrl).toMatch(/^http/);
    expect(user.subscriptionTier).toBeNull();
  });

  it("creates no session when the callback's state does not match the browser", async () => {
    const start = await inject({ method: "GET", url: "/api/login" });
    const callback = (
      await walkSignInPages(start.headers.location as string, { email: freshEmail("csrf") })
    ).callback.toString();
    // No state cookie: the callback was not started by this browser.
    const finish = await inject({ method: "GET", url: callback.replace(appUrl, "") });
    expect(finish.statusCode).toBe(302);
    expect(finish.headers.location).toContain("error=");
    expect(
      [finish.headers["set-cookie"]].flat().some((line) => line?.startsWith(`${sessionCookie}=`)),
    ).toBe(false);
  });

  it("creates no session when the person cancels at Google", async () => {
    const jar = new CookieJar();
    const start = await inject({ method: "GET", url: "/api/login" });
    jar.store(start);
    const { callback: cancelled } = await walkSignInPages(start.headers.location as string, {
      email: freshEmail("cancel"),
      decision: "cancel",
    });
    const callback = cancelled.toString();
    expect(new URL(callback).searchParams.get("error")).toBe("access_denied");
    const finish = await inject({
      method: "GET",
      url: callback.replace(appUrl, ""),
      headers: { cookie: jar.header() },
    });
    expect(finish.statusCode).toBe(302);
    expect(
      [finish.headers["set-cookie"]].flat().some((line) => line?.startsWith(`${sessionCookie}=`)),
    ).toBe(false);
  });
});

describe("what the browser can reach of the sign-in library", () => {
  it("is only the sign-in endpoints; session listings with raw tokens stay internal", async () => {
    const jar = await signInWithEmailLink(harness, freshEmail("internal"));
    for (const path of [
      "/api/auth/get-session",
      "/api/auth/list-sessions",
      "/api/auth/list-accounts",
      "/api/auth/get-access-token",
    ]) {
      const response = await inject({
        method: "GET",
        url: path,
        headers: { cookie: jar.header() },
      });
      expect(response.statusCode, path).toBe(404);
      expect(response.body).not.toContain(jar.get(sessionCookie)!.split(".")[0]!);
    }
    const oauth2 = await inject({
      method: "POST",
      url: "/api/auth/sign-in/oauth2",
      headers: sameOrigin,
      payload: { providerId: "google" },
    });
    expect(oauth2.statusCode).toBe(404);
  });

  it("answers its errors in the API's own shape", async () => {
    const response = await inject({
      method: "POST",
      url: "/api/auth/sign-in/magic-link",
      headers: sameOrigin,
      payload: { email: freshEmail("shape"), callbackURL: "https://evil.example/" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: expect.any(String), code: expect.any(String) });
  });
});

describe("GET /api/logout", () => {
  it("ends the session, clears the cookie and lands on the landing page", async () => {
    const jar = await signInWithEmailLink(harness, freshEmail("bye"));
    const oldCookie = jar.header();
    const logout = await inject({
      method: "GET",
      url: "/api/logout",
      headers: { cookie: oldCookie, "sec-fetch-site": "same-origin" },
    });
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe("/?logged-out=1");
    expect(
      [logout.headers["set-cookie"]].flat().some((line) => line?.startsWith(`${sessionCookie}=;`)),
    ).toBe(true);
    const after = await inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: oldCookie },
    });
    expect(after.statusCode).toBe(204);
  });

  it("cannot be triggered by another site", async () => {
    const jar = await signInWithEmailLink(harness, freshEmail("csrf.logout"));
    const forged = await inject({
      method: "GET",
      url: "/api/logout",
      headers: { cookie: jar.header(), "sec-fetch-site": "cross-site" },
    });
    expect(forged.statusCode).toBe(403);
    expect(
      (await inject({ method: "GET", url: "/api/auth/user", headers: { cookie: jar.header() } }))
        .statusCode,
    ).toBe(200);
  });

  it("without Fetch Metadata, needs a Referer of our own origin; never runs on HEAD", async () => {
    const jar = await signInWithEmailLink(harness, freshEmail("old.browser"));
    const signedIn = async () =>
      (await inject({ method: "GET", url: "/api/auth/user", headers: { cookie: jar.header() } }))
        .statusCode === 200;
    for (const headers of [
      {},
      { referer: "https://evil.example/page" },
      { referer: "http://localhost:5999.evil.example/" },
      { referer: "not a url" },
      { "sec-fetch-site": "same-site" },
    ]) {
      const refused = await inject({
        method: "GET",
        url: "/api/logout",
        headers: { cookie: jar.header(), ...headers },
      });
      expect(refused.statusCode).toBe(403);
      expect(await signedIn()).toBe(true);
    }
    const head = await inject({
      method: "HEAD",
      url: "/api/logout",
      headers: { cookie: jar.header(), "sec-fetch-site": "same-origin" },
    });
    expect(head.statusCode).toBeGreaterThanOrEqual(400);
    expect(await signedIn()).toBe(true);

    const fromOurPage = await inject({
      method: "GET",
      url: "/api/logout",
      headers: { cookie: jar.header(), referer: `${appUrl}/dashboard` },
    });
    expect(fromOurPage.statusCode).toBe(302);
    expect(await signedIn()).toBe(false);
  });
});

describe("POST /api/auth/lookup", () => {
  it("tells whether an account exists, regardless of case and spaces", async () => {
    const email = freshEmail("known");
    await signInWithEmailLink(harness, email);
    const headers = { ...sameOrigin, "x-forwarded-for": freshClientIp() };
    const known = await inject({
      method: "POST",
      url: "/api/auth/lookup",
      headers,
      payload: { email: ` ${email.toUpperCase()} ` },
    });
    expect(known.json()).toEqual({ exists: true });
    const unknown = await inject({
      method: "POST",
      url: "/api/auth/lookup",
      headers,
      payload: { email: freshEmail("nobody") },
    });
    expect(unknown.json()).toEqual({ exists: false });
  });

  it.each([
    [{ email: "not-an-email" }, "Enter a valid email address"],
    [{}, "Email is required"],
    [{ email: 42 }, "Email is required"],
    [{ email: `${"a".repeat(250)}@x.com` }, "Email is too long"],
  ])("answers 400 for %j", async (payload, message) => {
    const response = await inject({
      method: "POST",
      url: "/api/auth/lookup",
      headers: { ...sameOrigin, "x-forwarded-for": freshClientIp() },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
  });

  it("answers 400 for malformed JSON and 413 for an oversize body", async () => {
    const headers = {
      ...sameOrigin,
      "content-type": "application/json",
      "x-forwarded-for": freshClientIp(),
    };
    expect(
      (await inject({ method: "POST", url: "/api/auth/lookup", headers, payload: "{" })).statusCode,
    ).toBe(400);
    const huge = JSON.stringify({ email: "a@b.co", padding: "x".repeat(300_000) });
    expect(
      (await inject({ method: "POST", url: "/api/auth/lookup", headers, payload: huge }))
        .statusCode,
    ).toBe(413);
  });

  it("allows 20 lookups a minute per client address, then 429 with Retry-After", async () => {
    const ip = freshClientIp();
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let attempt = 0; attempt < 21; attempt += 1) {
      const response = await inject({
        method: "POST",
        url: "/api/auth/lookup",
        headers: { ...sameOrigin, "x-forwarded-for": ip },
        payload: { email: "a@b.co" },
      });
      statuses.push(response.statusCode);
      retryAfter = response.headers["retry-after"] as string | undefined;
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    const otherClient = await inject({
      method: "POST",
      url: "/api/auth/lookup",
      headers: { ...sameOrigin, "x-forwarded-for": freshClientIp() },
      payload: { email: "a@b.co" },
    });
    expect(otherClient.statusCode).toBe(200);
  });
});

describe("PATCH /api/users/subscription", () => {
  const choose = (
    jar: CookieJar | null,
    payload: unknown,
    headers: Record<string, string> = sameOrigin,
  ) =>
    inject({
      method: "PATCH",
      url: "/api/users/subscription",
      headers: { ...headers, ...(jar ? { cookie: jar.header() } : {}) },
      payload: payload as object,
    });

  it("gives anyone the free plan with its allowances", async () => {
    const jar = await signInWithEmailLink(harness, freshEmail("free"));
    const response = await choose(jar, { tier: "freemium" });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      subscriptionTier: "freemium",
      annotationQuota: 5,
      propertyQuota: 1,
    });
  });

  it("refuses Premium to someone not on an allow-list, with a message to show", async () => {
    const jar = await signInWithEmailLink(harness, freshEmail("curious"));
    const response = await choose(jar, { tier: "premium" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: expect.stringContaining("Premium is coming soon"),
      code: "premium_not_available",
    });
    const me = await inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: jar.header() },
    });
    expect(me.json().subscriptionTier).toBeNull();
  });

  it.each(["tester1@example.com", "TESTER2@example.com", "auditor@example.com"])(
    "gives Premium to %s",
    async (email) => {
      const jar = await signInWithEmailLink(harness, email);
      const response = await choose(jar, { tier: "premium" });
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({
        subscriptionTier: "premium",
        annotationQuota: 50,
        propertyQuota: 5,
        canSelectPremium: true,
        isAuditBetaUser: email === "auditor@example.com",
      });
    },
  );

  it("answers 400 for an unknown tier, 401 signed out, 403 from a foreign or missing Origin", async () => {
    const jar = await signInWithEmailLink(harness, freshEmail("rules"));
    const unknown = await choose(jar, { tier: "gold" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe("Choose the freemium or premium plan");
    expect((await choose(null, { tier: "freemium" })).statusCode).toBe(401);
    expect(
      (await choose(jar, { tier: "freemium" }, { origin: "https://evil.example" })).statusCode,
    ).toBe(403);
    expect((await choose(jar, { tier: "freemium" }, {})).statusCode).toBe(403);
  });
});
