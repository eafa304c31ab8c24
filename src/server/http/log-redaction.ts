import type { RouteEntry } from "./route-table.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Path parameters whose values are secrets — an annotation feed's token, a webhook's hook id
     * (its address is what a sender needs besides the signature) — declared where the route is
     * registered. The request log writes `[redacted]` in their place.
     */
    secretParams?: readonly string[];
  }
}

export const redacted = "[redacted]";

/**
 * Query parameters whose values are secrets on any route: OAuth's authorization codes, states
 * and PKCE verifiers (`uid` and `code_challenge` are not secrets), sign-in link tokens, keys, and
 * anything whose name holds "token", "secret" or "password" (`id_token_hint`, `client_secret`).
 */
const secretQueryNames = new Set([
  "code",
  "state",
  "code_verifier",
  "client_assertion",
  "assertion",
  "signature",
  "sig",
  "key",
  "api_key",
  "apikey",
  "otp",
]);
const secretQueryWords = /token|secret|passw/i;

export function isSecretQueryName(name: string): boolean {
  const lower = name.toLowerCase();
  return secretQueryNames.has(lower) || secretQueryWords.test(lower);
}

/** What the redaction needs to know of a request: its address and the route it matched, if any. */
export interface LoggableRequest {
  url?: string;
  routeOptions?: { url?: string; config?: { secretParams?: readonly string[] } };
  server?: { routeTable?: readonly RouteEntry[] };
}

/**
 * The one rule for every address a log line carries: the path with each declared secret
 * parameter replaced by `[redacted]`, and the query string with each secret parameter's value
 * replaced. A request no route matched (another method, a trailing slash) is compared with every
 * route that declares secret parameters, so a secret is never written because the request
 * missed its route.
 */
export function loggableUrl(request: LoggableRequest): string {
  const url = request.url ?? "";
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? null : url.slice(queryAt + 1);
  return redactPath(path, request) + (query === null ? "" : `?${redactQuery(query)}`);
}

function redactQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals === -1) return pair;
      return isSecretQueryName(decodeName(pair.slice(0, equals)))
        ? `${pair.slice(0, equals)}=${redacted}`
        : pair;
    })
    .join("&");
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return name;
  }
}

function redactPath(path: string, request: LoggableRequest): string {
  const matched = request.routeOptions?.url;
  if (matched !== undefined) {
    const secret = request.routeOptions?.config?.secretParams ?? [];
    return secret.length === 0
      ? path
      : (redactSegments(path, matched, secret) ?? redactAll(matched, secret));
  }
  // No route answered: the address may still be a secret route's, asked with another method.
  for (const route of request.server?.routeTable ?? []) {
    if (route.secretParams.length === 0) continue;
    const redactedPath = redactSegments(path, route.url, route.secretParams);
    if (redactedPath !== null) return redactedPath;
  }
  return path;
}

/** Each segment as its parameters' names: `:file` → ["file"], `:a-:b` → ["a", "b"], static → []. */
function paramsOf(segment: string): string[] {
  return [...segment.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}

/**
 * The path with the segments holding a secret parameter replaced, when it has the pattern's
 * shape (same number of segments, the same static ones); null when it does not.
 */
function redactSegments(path: string, pattern: string, secret: readonly string[]): string | null {
  const trim = (value: string) => (value.length > 1 ? value.replace(/\/+$/, "") : value);
  const parts = trim(path).split("/");
  const shape = trim(pattern).split("/");
  if (parts.length !== shape.length) return null;
  const out: string[] = [];
  for (const [index, segment] of shape.entries()) {
    const names = paramsOf(segment);
    if (segment === "*") out.push(redacted);
    else if (names.length === 0) {
      if (segment !== parts[index]) return null;
      out.push(segment);
    } else out.push(names.some((name) => secret.includes(name)) ? redacted : parts[index]!);
  }
  return out.join("/");
}

/** The route's own pattern, its secret parameters redacted: for an address of another shape. */
function redactAll(pattern: string, secret: readonly string[]): string {
  return pattern
    .split("/")
    .map((segment) =>
      paramsOf(segment).some((name) => secret.includes(name)) ? redacted : segment,
    )
    .join("/");
}
