/** What the provider lets clients do: which documents it fetches, which redirects it takes. */
import { isIP } from "node:net";
import { errors, type Configuration, type KoaContextWithOIDC } from "oidc-provider";

/**
 * A Client ID Metadata Document is fetched from the address the client names: only public HTTPS
 * hosts, never an IP literal or a local name, so a client id cannot make us call our own network.
 */
export function mayFetchClientDocument(clientId: string): boolean {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return false;
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return (
    url.protocol === "https:" &&
    isIP(host) === 0 &&
    host.includes(".") &&
    !/(^|\.)(localhost|local|internal|localdomain)$/i.test(host)
  );
}

/** Schemes no redirect may use, whatever the kind of client: they run or read, never return. */
const forbiddenRedirectSchemes = new Set([
  "javascript:",
  "vbscript:",
  "data:",
  "blob:",
  "file:",
  "about:",
  "ftp:",
  "ws:",
  "wss:",
]);

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Where a client may have the browser sent back with a code: an https address; plain http only on
 * the person's own machine (a loopback address, any port); or a native app's own scheme (RFC 8252
 * §7.1, such as Cursor's `cursor://…`), which PKCE protects as it protects loopback. Never http
 * across a network, where anyone on the path could read the code.
 */
export function redirectUriProblem(uri: unknown): string | null {
  const url = typeof uri === "string" ? URL.parse(uri) : null;
  if (!url) return "Each redirect URI must be an absolute URI.";
  if (url.hash || (typeof uri === "string" && uri.includes("#")))
    return "A redirect URI must not contain a fragment.";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:")
    return loopbackHosts.has(url.hostname)
      ? null
      : `A redirect URI must use https; plain http is accepted only on a loopback address (localhost, 127.0.0.1 or [::1]), not on ${url.hostname}.`;
  if (forbiddenRedirectSchemes.has(url.protocol))
    return `A redirect URI must not use the ${url.protocol.slice(0, -1)} scheme.`;
  return null;
}

export function isLoopbackDocument(clientId: string): boolean {
  const url = URL.parse(clientId);
  return url?.protocol === "https:" && loopbackHosts.has(url.hostname);
}

/**
 * The provider's own fetch refuses loopback addresses (its SSRF guard); a test's document server
 * is reached with the fetch the test hands over.
 */
export function loopbackDocumentFetch(loopbackFetch: typeof fetch): Configuration["fetch"] {
  return (url: string | URL | Request, init?: RequestInit) => {
    const address = url instanceof Request ? url.url : String(url);
    if (!isLoopbackDocument(address)) return fetch(url, init);
    const { dispatcher: _guard, ...rest } = (init ?? {}) as RequestInit & {
      dispatcher?: unknown;
    };
    return loopbackFetch(address, rest);
  };
}

/**
 * Checked on every registration and every metadata document, whatever the client's type: a
 * check over the whole metadata, hung on a property no client sends.
 */
export const redirectPolicyMetadata: Configuration["extraClientMetadata"] = {
  properties: ["tidemark_redirect_policy"],
  validator: (_ctx, key, _value, metadata) => {
    if (key !== "tidemark_redirect_policy") return;
    const uris = Array.isArray(metadata["redirect_uris"]) ? metadata["redirect_uris"] : [];
    for (const uri of uris) {
      const problem = redirectUriProblem(uri);
      if (problem) {
        // The provider's class keeps a sentence of its own (about authorization, not registration);
        // the registering client is told what is wrong with its address.
        const refused = new errors.InvalidRedirectUri();
        refused.error_description = problem;
        throw refused;
      }
    }
  },
};

export function renderProviderError(
  ctx: KoaContextWithOIDC,
  out: { error?: unknown; error_description?: unknown },
) {
  ctx.type = "text/html";
  const text = String(out.error_description ?? out.error ?? "The request could not be done.");
  ctx.body = `<!doctype html><meta charset="utf-8"><title>Tidemark</title><main style="font-family:system-ui;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>This connection could not be set up</h1><p>${escapeHtml(text)}</p><p>Start again from your AI client.</p></main>`;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}
