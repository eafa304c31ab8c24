import type { IncomingHttpHeaders } from "node:http";
import type { HandlerResult } from "./handler-result.js";
import type { BodyExpectation, ParsedBody } from "./request-body.js";

/**
 * Which error shape a route speaks: Google API JSON (`api`, `control`), OAuth JSON (`oauth`) or an
 * HTML page (`page`, `asset`). Control routes and static assets (avatars, favicon) are never counted
 * or faulted: the counters count calls an app makes to Google.
 */
export type RouteFamily = "api" | "oauth" | "page" | "asset" | "control";

export function isCounted(family: RouteFamily): boolean {
  return family !== "control" && family !== "asset";
}

export interface RequestContext {
  method: string;
  path: string;
  /** Named groups of the route pattern, percent-decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  cookies: Record<string, string>;
  body: ParsedBody;
}

export interface Route {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  pattern: RegExp;
  family: RouteFamily;
  body: BodyExpectation;
  /** Counter and fault-matching id, e.g. `analyticsadmin.accountSummaries.list`. */
  counter: string | ((context: RequestContext) => string);
  /** Google service host used in injected rate-limit errors. */
  service?: string;
  handle(context: RequestContext): HandlerResult | Promise<HandlerResult>;
}

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

/** Finds the route for a method and path; `undefined` when nothing serves that combination. */
export function matchRoute(
  routes: readonly Route[],
  method: string,
  path: string,
): RouteMatch | undefined {
  for (const route of routes) {
    if (route.method !== method) continue;
    const match = route.pattern.exec(path);
    if (!match) continue;
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(match.groups ?? {}))
      params[name] = safeDecode(value);
    return { route, params };
  }
  return undefined;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
