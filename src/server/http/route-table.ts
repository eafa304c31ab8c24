import type { FastifyInstance } from "fastify";
import type { ApiTokenScope } from "../../shared/contracts/api-tokens.js";
import type { RouteAccess } from "./identity.js";

export interface RouteEntry {
  method: string;
  url: string;
  /** A GET that changes state (logout, disconnect), held to same-origin like a POST. */
  changesState: boolean;
  /** Who may call it; `session` when the route did not say (see `declared`). */
  access: RouteAccess;
  /** Whether the route declared its access where it was registered. */
  declared: boolean;
  /** The scope a token route needs. */
  scope?: ApiTokenScope;
  /** A webhook: called by other servers, proven by a signature over its body, not by an origin. */
  verifiedBySignature: boolean;
  /** Path parameters that are secrets, which no log line may hold (see `http/log-redaction.ts`). */
  secretParams: string[];
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route as registered: the tests generate their ownership, origin and token suites from it. */
    routeTable: RouteEntry[];
  }
}

/** Records every route registered after this call (register it before the features). */
export function registerRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate("routeTable", table);
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const access = route.config?.access;
    for (const method of methods) {
      table.push({
        method,
        url: route.url,
        changesState: route.config?.changesState === true,
        access: access ?? "session",
        declared: access !== undefined,
        verifiedBySignature: route.config?.verifiedBySignature === true,
        secretParams: [...(route.config?.secretParams ?? [])],
        ...(route.config?.scope ? { scope: route.config.scope } : {}),
      });
    }
  });
}
