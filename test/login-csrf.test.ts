import { eq, sql } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
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

/**
 * Login CSRF through the email link: opening a link (from webmail, or planted by another site)
 * never signs anyone in; only a same-origin POST from our continue page does, and a browser
 * signed in to another account is asked first.
 */
let harness: AppHarness;

beforeAll(async () => {
  harness = await startAppHarness();
});
afterAll(async () => {
  await harness?.close();
});

const sessionCookie = "tidemark.session_token";
const inject = (options: InjectOptions) => harness.app.inject(options);
let counter = 0;
const freshEmail = (name: string) => `${name}.${++counter}@example.com`;

async function mailLink(email: string): Promise<{ url: string; token: string }> {
  const response = await inject({
    method: "POST",
    url: "/api/auth/sign-in/magic-link",
    headers: { ...sameOrigin, "x-forwarded-for": `10.44.0.${counter}` },
    payload: { email, callbackURL: "/", errorCallbackURL: "/login" },
  });
  expect(response.statusCode).toBe(200);
  const url = harness.sentLinks.findLast((sent) => sent.email === email)!.url;
  return { url, token: latestSignInToken(harness, email) };
}

const setsSession = (response: LightMyRequestResponse) =>
  [response.headers["set-cookie"]]
    .flat()
    .some((line) => line?.startsWith(`${sessionCookie}=`) && !line.includes("Max-Age=0"));

const preview = (token: string, jar = new CookieJar()) =>
  inject({
    method: "GET",
    url: `/api/auth/sign-in-link?${new URLSearchParams({ token })}`,
    headers: { cookie: jar.header() },
  });

const post = (payload: unknown, headers: Record<string, string> = {}, jar = new CookieJar()) =>
  inject({
    method: "POST",
    url: "/api/auth/sign-in-link",
    headers: { ...sameOrigin, "sec-fetch-site": "same-origin", cookie: jar.header(), ...headers },
    payload: payload as Record<string, unknown>,
  });

const whoIs = async (jar: CookieJar) => {
  const response = await inject({
    method: "GET",
    url: "/api/auth/user",
    headers: { cookie: jar.header() },
  });
  return response.statusCode === 200 ? (response.json().email as string) : null;
};

describe("opening a sign-in link", () => {
  it("mails a link to our continue page, which a GET cannot use up", async () => {
    const email = freshEmail("mia");
    const { url, token } = await mailLink(email);
    expect(url).toBe(`${appUrl}/login/continue?token=${token}`);

    // Webmail's link scanner, the person's own click, a second look: none signs in or uses it up.
    for (let look = 0; look < 3; look += 1) {
      const seen = await preview(token);
      expect(seen.statusCode).toBe(200);
      expect(setsSession(seen)).toBe(false);
      expect(seen.json()).toEqual({ email, newAccount: true, signedIn: null });
    }
    const signedIn = await post({ token });
    expect(signedIn.statusCode).toBe(200);
    // The next link for the same address opens the account it made: "Sign in", not "Create".
    const again = await preview((await mailLink(email)).token);
    expect(again.json()).toMatchObject({ email, newAccount: false });
  });

  it("names the account in full, so two addresses that start alike are told apart", async () => {
    const victoria = freshEmail("victoria");
    const vincent = freshEmail("vincent");
    const forVictoria = await preview((await mailLink(victoria)).token);
    const forVincent = await preview((await mailLink(vincent)).token);
    expect(forVictoria.json()).toEqual({ email: victoria, newAccount: true, signedIn: null });
    expect(forVincent.json()).toEqual({ email: vincent, newAccount: true, signedIn: null });
    // Signed in as one of them, the other's link names both people in full.
    const jar = await signInWithEmailLink(harness, victoria);
    const { token } = await mailLink(vincent);
    expect((await preview(token, jar)).json()).toEqual({
      email: vincent,
      newAccount: true,
      signedIn: { email: victoria, sameAccount: false },
    });
  });

  it("turns the old verify address into the continue page, without signing in", async () => {
    const email = freshEmail("old.link");
    const { token } = await mailLink(email);
    const old = await inject({
      method: "GET",
      url: `/api/auth/magic-link/verify?token=${token}&callbackURL=%2F`,
      headers: { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" },
    });
    expect(old.statusCode).toBe(302);
    expect(old.headers.location).toBe(`/login/continue?token=${token}`);
    expect(setsSession(old)).toBe(false);
    expect((await preview(token)).statusCode).toBe(200);
  });

  it("tells a used, expired, unknown or mangled link apart from a good one", async () => {
    const used = freshEmail("used");
    await signInWithEmailLink(harness, used);
    const usedAnswer = await preview(latestSignInToken(harness, used));
    expect(usedAnswer.statusCode).toBe(410);
    expect(usedAnswer.json()).toEqual({
      code: "sign_in_link_invalid",
      error: "This sign-in link was already used or is not valid. Request a new one.",
    });

    const late = freshEmail("late");
    const { token } = await mailLink(late);
    await harness.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${verifications.value} like ${`%${late}%`}`);
    const expired = await preview(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toMatch(/expired/);

    expect((await preview("NoSuchTokenAnywhereAtAllXYZabcdef")).statusCode).toBe(410);
    const mangled = await preview("abc def<script>");
    expect(mangled.statusCode).toBe(400);
    expect(mangled.json().code).toBe("invalid_request");
    const missing = await inject({ method: "GET", url: "/api/auth/sign-in-link" });
    expect(missing.statusCode).toBe(400);
  });
});

describe("signing in from the continue page", () => {
  it("signs in with a same-origin POST, once", async () => {
    const email = freshEmail("ok");
    const { token } = await mailLink(email);
    const signedIn = await post({ token });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ redirectTo: "/" });
    expect(setsSession(signedIn)).toBe(true);
    const jar = new CookieJar();
    jar.store(signedIn);
    expect(await whoIs(jar)).toBe(email);

    const again = await post({ token });
    expect(again.statusCode).toBe(410);
    expect(setsSession(again)).toBe(false);
  });

  it("refuses cross-site and look-alike POSTs, and the link still works afterwards", async () => {
    const email = freshEmail("target");
    const { token } = await mailLink(email);
    const forged: [string, Record<string, string>][] = [
      ["another site's Origin", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }],
      ["no Origin", { origin: "", "sec-fetch-site": "" }],
      ["Origin null", { origin: "null" }],
      ["a sibling subdomain", { "sec-fetch-site": "same-site" }],
      ["a cross-site fetch that forged nothing else", { "sec-fetch-site": "cross-site" }],
      ["a typed-in address", { "sec-fetch-site": "none" }],
    ];
    for (const [name, headers] of forged) {
      const cleaned = Object.fromEntries(Object.entries(headers).filter(([, value]) => value));
      const response = await inject({
        method: "POST",
        url: "/api/auth/sign-in-link",
        headers: {
          ...(headers.origin === undefined ? sameOrigin : {}),
          ...cleaned,
        },
        payload: { token },
      });
      expect(response.statusCode, name).toBe(403);
      expect(response.json().code, name).toBe("forbidden_origin");
      expect(setsSession(response), name).toBe(false);
    }

    // A form another site submits: urlencoded, or the token in the address instead of the body.
    const form = await inject({
      method: "POST",
      url: "/api/auth/sign-in-link",
      headers: { ...sameOrigin, "content-type": "application/x-www-form-urlencoded" },
      payload: `token=${token}`,
    });
    expect(form.statusCode).toBeGreaterThanOrEqual(400);
    expect(form.statusCode).toBeLessThan(500);
    const inQuery = await inject({
      method: "POST",
      url: `/api/auth/sign-in-link?token=${token}`,
      headers: sameOrigin,
      payload: {},
    });
    expect(inQuery.statusCode).toBe(400);
    expect(setsSession(form) || setsSession(inQuery)).toBe(false);

    const [created] = await harness.database.db.select().from(users).where(eq(users.email, email));
    expect(created).toBeUndefined();
    expect((await post({ token })).statusCode).toBe(200);
  });

  it("gives one session when two tabs use the same link at once", async () => {
    const email = freshEmail("race");
    const { token } = await mailLink(email);
    const answers = await Promise.all([post({ token }), post({ token }), post({ token })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410, 410]);
  });
});

describe("a browser already signed in", () => {
  it("asks before switching to another account, and switches only when told to", async () => {
    const mine = freshEmail("alice");
    const jar = await signInWithEmailLink(harness, mine);
    const myToken = decodeURIComponent(jar.get(sessionCookie)!).split(".")[0]!;
    const theirs = freshEmail("mallory");
    const { token } = await mailLink(theirs);

    const seen = await preview(token, jar);
    expect(seen.json()).toEqual({
      email: theirs,
      newAccount: true,
      signedIn: { email: mine, sameAccount: false },
    });

    const unasked = await post({ token }, {}, jar);
    expect(unasked.statusCode).toBe(409);
    expect(unasked.json()).toEqual({
      code: "signed_in_as_other",
      error: `You are signed in as ${mine}. Choose whether to continue as ${theirs} instead.`,
    });
    expect(setsSession(unasked)).toBe(false);
    expect(await whoIs(jar)).toBe(mine);
    expect((await preview(token, jar)).statusCode).toBe(200);

    const switched = await post({ token, switchAccount: true }, {}, jar);
    expect(switched.statusCode).toBe(200);
    jar.store(switched);
    expect(await whoIs(jar)).toBe(theirs);
    // The session left behind ends: the cookie that named it signs no one in any more.
    const [left] = await harness.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.token, myToken));
    expect(left).toBeUndefined();
  });

  it("says when the link is for the person already signed in", async () => {
    const email = freshEmail("same");
    const jar = await signInWithEmailLink(harness, email);
    const { token } = await mailLink(email);
    expect((await preview(token, jar)).json()).toEqual({
      email,
      newAccount: false,
      signedIn: { email, sameAccount: true },
    });
    const again = await post({ token }, {}, jar);
    expect(again.statusCode).toBe(200);
    jar.store(again);
    expect(await whoIs(jar)).toBe(email);
  });

  it("refuses a body that is not the contract", async () => {
    const email = freshEmail("shape");
    const { token } = await mailLink(email);
    for (const payload of [
      {},
      { token: 12 },
      { token, switchAccount: "yes" },
      { token, extra: 1 },
      { token: `${token}\u0000` },
    ]) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await post({ token })).statusCode).toBe(200);
  });
});
