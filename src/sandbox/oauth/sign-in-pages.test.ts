import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxTestClient, startSandbox, type RunningSandbox } from "../index.js";
import { readForm, walkSignInPages } from "../testing/sandbox-test-kit.js";
import { scopes } from "./scopes.js";

const app = {
  clientId: "tidemark-web",
  clientSecret: "web-secret",
  redirectUris: ["http://localhost:3000/callback"],
  displayName: "Tidemark",
};
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, clients: [app] });
});

afterAll(() => sandbox.close());

function authorizeUrl(parameters: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    client_id: app.clientId,
    redirect_uri: app.redirectUris[0]!,
    response_type: "code",
    scope: `openid email profile ${scopes.analyticsReadonly} ${scopes.analyticsEdit}`,
    state: "s-1",
    access_type: "offline",
    ...parameters,
  });
  return `${sandbox.url}/o/oauth2/v2/auth?${query.toString()}`;
}

async function exchange(
  code: string,
  redirectUri = app.redirectUris[0]!,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${sandbox.url}/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      code,
      redirect_uri: redirectUri,
      client_id: app.clientId,
      client_secret: app.clientSecret,
      grant_type: "authorization_code",
    }),
  });
  return (await response.json()) as Record<string, unknown>;
}

function cookieOf(response: Response): string {
  return response.headers.getSetCookie()[0]!.split(";")[0]!;
}

describe("the sign-in page", () => {
  it("is a sandbox-marked 'Sign in with Google' page with an Email field pre-filled from login_hint and a Continue button", async () => {
    const response = await fetch(authorizeUrl({ login_hint: "jane@example.com" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toContain("<title>Sign in with Google</title>");
    expect(html).toContain("Tidemark sandbox");
    expect(html).toMatch(/<label[^>]*for="email"[^>]*>Email<\/label>/);
    expect(html).toMatch(
      /<input id="email" name="email" type="email"[^>]*value="jane@example.com"/,
    );
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Continue<\/button>/);
    expect(html).toContain("to continue to <strong>Tidemark</strong>");
    expect(html).not.toMatch(/<script|https?:\/\/(?!localhost)/);
  });

  it("sends a strict CSP and its own HttpOnly, SameSite=Lax cookie", async () => {
    const response = await fetch(authorizeUrl());
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("form-action 'self' http://localhost:3000");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    const cookie = response.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(
      /^tidemark_sandbox_session=[A-Za-z0-9_-]+; Path=\/; HttpOnly; SameSite=Lax$/,
    );
  });

  it("escapes what it echoes", async () => {
    const html = await (
      await fetch(authorizeUrl({ login_hint: '"><script>alert(1)</script>' }))
    ).text();
    expect(html).not.toContain("<script>");
    expect(html).toContain("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("re-asks for an invalid email with a message", async () => {
    const first = await fetch(authorizeUrl());
    const cookie = cookieOf(first);
    const form = readForm(await first.text());
    const response = await fetch(`${sandbox.url}${form.action}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body: new URLSearchParams({ csrf_token: form.csrfToken, email: "not-an-email" }),
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('value="not-an-email"');
  });
});

describe("the consent page and the redirect back", () => {
  it("lists the requested scopes in words, with a checkbox for each non-basic one, then redirects with code, state and scope", async () => {
    const first = await fetch(authorizeUrl());
    const cookie = cookieOf(first);
    const emailForm = readForm(await first.text());
    const afterEmail = await fetch(`${sandbox.url}${emailForm.action}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body: new URLSearchParams({
        csrf_token: emailForm.csrfToken,
        email: "consent.page@example.com",
      }),
      redirect: "manual",
    });
    expect(afterEmail.status).toBe(303);
    const consent = await fetch(new URL(afterEmail.headers.get("location")!, sandbox.url), {
      headers: { cookie },
    });
    const html = await consent.text();
    expect(html).toContain("See your primary Google Account email address");
    expect(html).toContain("See and download your Google Analytics data");
    expect(html).toContain("Edit Google Analytics management entities");
    expect(html.match(/type="checkbox"/g)).toHaveLength(2);
    expect(html).toMatch(/<button[^>]*value="allow"[^>]*>Allow<\/button>/);
    expect(html).toMatch(/<button[^>]*value="cancel"[^>]*>Cancel<\/button>/);
    expect(html).toContain("consent.page@example.com");

    const consentForm = readForm(html);
    const done = await fetch(`${sandbox.url}${consentForm.action}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body: new URLSearchParams([
        ["csrf_token", consentForm.csrfToken],
        ...consentForm.scopes.map((scope): [string, string] => ["scope", scope]),
        ["decision", "allow"],
      ]),
      redirect: "manual",
    });
    expect(done.status).toBe(303);
    const callback = new URL(done.headers.get("location")!);
    expect(`${callback.origin}${callback.pathname}`).toBe(app.redirectUris[0]);
    expect(callback.searchParams.get("state")).toBe("s-1");
    expect(callback.searchParams.get("code")).toMatch(/^4\/0/);
    const tokens = await exchange(callback.searchParams.get("code")!);
    expect(tokens.refresh_token).toBeTruthy();
    expect(String(tokens.scope).split(" ")).toContain(scopes.analyticsEdit);
  });

  it("drops an unticked Analytics scope from the grant (granular consent)", async () => {
    const { callback } = await walkSignInPages(authorizeUrl(), {
      email: "granular@example.com",
      untick: [scopes.analyticsEdit],
    });
    expect(callback.searchParams.get("scope")).not.toContain(scopes.analyticsEdit);
    const tokens = await exchange(callback.searchParams.get("code")!);
    expect(String(tokens.scope).split(" ")).toEqual([
      "openid",
      scopes.email,
      scopes.profile,
      scopes.analyticsReadonly,
    ]);
  });

  it("Cancel redirects with error=access_denied and the state", async () => {
    const { callback } = await walkSignInPages(authorizeUrl(), {
      email: "cancel@example.com",
      decision: "cancel",
    });
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("state")).toBe("s-1");
    expect(callback.searchParams.has("code")).toBe(false);
  });

  it("skips consent for a returning person whose scopes were granted, and honours prompt=none", async () => {
    const first = await walkSignInPages(authorizeUrl({ prompt: "consent" }), {
      email: "returning@example.com",
    });
    expect(first.consentShown).toBe(true);
    await exchange(first.callback.searchParams.get("code")!);

    const again = await walkSignInPages(authorizeUrl(), {
      email: "returning@example.com",
      cookie: first.cookie,
    });
    expect(again.consentShown).toBe(false);
    const tokens = await exchange(again.callback.searchParams.get("code")!);
    expect(tokens.access_token).toBeTruthy();
    expect(tokens.refresh_token).toBeUndefined(); // like Google: the refresh token came with the consent

    const silent = await fetch(authorizeUrl({ prompt: "none" }), {
      headers: { cookie: first.cookie },
      redirect: "manual",
    });
    expect(silent.status).toBe(302);
    expect(new URL(silent.headers.get("location")!).searchParams.get("code")).toBeTruthy();

    const stranger = await fetch(authorizeUrl({ prompt: "none" }), { redirect: "manual" });
    expect(new URL(stranger.headers.get("location")!).searchParams.get("error")).toBe(
      "login_required",
    );
  });

  it("adds earlier grants with include_granted_scopes=true", async () => {
    await walkSignInPages(authorizeUrl({ scope: `openid ${scopes.analyticsReadonly}` }), {
      email: "incremental@example.com",
    }).then(({ callback }) => exchange(callback.searchParams.get("code")!));
    const { callback } = await walkSignInPages(
      authorizeUrl({ scope: `openid ${scopes.analyticsEdit}`, include_granted_scopes: "true" }),
      {
        email: "incremental@example.com",
      },
    );
    const tokens = await exchange(callback.searchParams.get("code")!);
    expect(String(tokens.scope).split(" ")).toEqual([
      "openid",
      scopes.analyticsReadonly,
      scopes.analyticsEdit,
    ]);
  });

  it("lets the test client use any loopback redirect URI", async () => {
    const url = authorizeUrl({
      client_id: sandboxTestClient.clientId,
      redirect_uri: "http://127.0.0.1:9999/any/path",
    });
    const { callback } = await walkSignInPages(url, { email: "tester@example.com" });
    expect(callback.origin).toBe("http://127.0.0.1:9999");
    expect(callback.searchParams.get("code")).toBeTruthy();
  });
});

describe("protection and errors", () => {
  it("refuses a form post with a wrong CSRF token or from another browser, and a replayed one", async () => {
    const first = await fetch(authorizeUrl());
    const cookie = cookieOf(first);
    const form = readForm(await first.text());
    const post = (fields: Record<string, string>, headers: Record<string, string>) =>
      fetch(`${sandbox.url}${form.action}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
    expect((await post({ csrf_token: "forged", email: "a@example.com" }, { cookie })).status).toBe(
      403,
    );
    expect((await post({ email: "a@example.com" }, { cookie })).status).toBe(403);
    expect((await post({ csrf_token: form.csrfToken, email: "a@example.com" }, {})).status).toBe(
      403,
    );
    expect(
      (
        await post(
          { csrf_token: form.csrfToken, email: "a@example.com" },
          { cookie: "tidemark_sandbox_session=someone-else-entirely-0123456789" },
        )
      ).status,
    ).toBe(403);
  });

  it.each([
    ["an unknown client", { client_id: "nobody" }, 401, "invalid_client"],
    [
      "an unregistered redirect URI",
      { redirect_uri: "http://localhost:3000/other" },
      400,
      "redirect_uri_mismatch",
    ],
    [
      "a non-loopback redirect for the test client",
      { client_id: sandboxTestClient.clientId, redirect_uri: "https://evil.example/cb" },
      400,
      "redirect_uri_mismatch",
    ],
    [
      "an unknown scope",
      { scope: "openid https://www.googleapis.com/auth/drive" },
      400,
      "invalid_scope",
    ],
    ["an unsupported response type", { response_type: "token" }, 400, "unsupported_response_type"],
    [
      "a bad PKCE method",
      { code_challenge: "x".repeat(43), code_challenge_method: "S512" },
      400,
      "invalid_request",
    ],
  ])("shows an error page (no redirect) for %s", async (_case, parameters, status, error) => {
    const response = await fetch(authorizeUrl(parameters), { redirect: "manual" });
    expect(response.status).toBe(status);
    expect(response.headers.get("location")).toBeNull();
    expect(await response.text()).toContain(`Error ${status}: ${error}`);
  });
});
