import { controlPrefix } from "../faults/control-routes.js";
import { sandboxSessionCookie } from "../oauth/sign-in-flow.js";

/**
 * Helpers for tests that drive a running sandbox over HTTP only (no imports of its internals needed):
 * the control endpoint, and the sign-in pages walked the way a browser would, with plain fetch.
 */

export interface MintedTokens {
  access_token: string;
  refresh_token: string;
  id_token?: string;
  scope: string;
  expires_in: number;
  token_type: "Bearer";
}

/** Calls the control endpoint (`faultControl: true`) and returns the parsed JSON; throws on a non-2xx answer. */
export async function control<T = unknown>(
  sandboxUrl: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${sandboxUrl}${controlPrefix}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`control ${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Tokens for a sandbox account without the browser flow (the account is created and seeded if new). */
export function mintTokens(
  sandboxUrl: string,
  input: { email: string; scopes?: string[]; clientId?: string },
): Promise<MintedTokens> {
  return control<MintedTokens>(sandboxUrl, "POST", "/tokens", input);
}

export interface PageWalkOptions {
  email: string;
  /** Scopes to untick on the consent page (granular consent). */
  untick?: string[];
  decision?: "allow" | "cancel";
  /** A browser session cookie from an earlier walk, to test returning visitors. */
  cookie?: string;
}

export interface PageWalkResult {
  /** Where the sandbox finally redirected: the client's redirect URI with code/state/scope or error. */
  callback: URL;
  /** The sandbox browser-session cookie (`name=value`). */
  cookie: string;
  /** Whether the consent page was shown. */
  consentShown: boolean;
}

/**
 * Walks the sign-in pages like a browser: GET the authorize URL → email form → POST → (consent page →
 * POST) → redirect back to the client. Returns the final redirect without following it.
 */
export async function walkSignInPages(
  authorizeUrl: string | URL,
  options: PageWalkOptions,
): Promise<PageWalkResult> {
  const origin = new URL(authorizeUrl).origin;
  const first = await fetch(authorizeUrl, {
    redirect: "manual",
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  if (first.status >= 300 && first.status < 400) {
    return {
      callback: new URL(first.headers.get("location") ?? ""),
      cookie: options.cookie ?? "",
      consentShown: false,
    };
  }
  if (first.status !== 200)
    throw new Error(`authorize answered ${first.status}: ${await first.text()}`);
  const cookie = cookieFrom(first) ?? options.cookie ?? "";
  const emailForm = readForm(await first.text());
  const afterEmail = await post(`${origin}${emailForm.action}`, cookie, [
    ["csrf_token", emailForm.csrfToken],
    ["email", options.email],
  ]);
  const location = new URL(afterEmail.headers.get("location") ?? "", origin);
  if (location.origin !== origin || !location.pathname.endsWith("/consent"))
    return { callback: location, cookie, consentShown: false };

  const consentPage = await fetch(location, { headers: { cookie } });
  if (consentPage.status !== 200)
    throw new Error(`consent page answered ${consentPage.status}: ${await consentPage.text()}`);
  const consentForm = readForm(await consentPage.text());
  const fields: Array<[string, string]> = [["csrf_token", consentForm.csrfToken]];
  for (const scope of consentForm.scopes)
    if (!options.untick?.includes(scope)) fields.push(["scope", scope]);
  fields.push(["decision", options.decision ?? "allow"]);
  const afterConsent = await post(`${origin}${consentForm.action}`, cookie, fields);
  return {
    callback: new URL(afterConsent.headers.get("location") ?? "", origin),
    cookie,
    consentShown: true,
  };
}

async function post(
  url: string,
  cookie: string,
  fields: Array<[string, string]>,
): Promise<Response> {
  const response = await fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams(fields).toString(),
  });
  if (response.status !== 303)
    throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

function cookieFrom(response: Response): string | undefined {
  const header = response.headers
    .getSetCookie()
    .find((value) => value.startsWith(`${sandboxSessionCookie}=`));
  return header?.split(";")[0];
}

/** The form action, CSRF token and scope checkboxes of a sandbox page. */
export function readForm(html: string): { action: string; csrfToken: string; scopes: string[] } {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const csrfToken = /name="csrf_token" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !csrfToken) throw new Error(`no sandbox form in page: ${html.slice(0, 500)}`);
  const scopes = [...html.matchAll(/name="scope" value="([^"]+)"/g)].map((match) =>
    unescapeHtml(match[1]!),
  );
  return { action: unescapeHtml(action), csrfToken: unescapeHtml(csrfToken), scopes };
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
