import type { FastifyInstance } from "fastify";

export interface RouteEntry {
  method: string;
  url: string;
  /** A GET that changes state (logout, disconnect), held to same-origin like a POST. */
  changesState: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route as registered: the tests generate their ownership and origin suites from it. */
    routeTable: RouteEntry[];
  }
}

/** Records every route registered after this call (register it before the features). */
export function registerRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate("routeTable", table);
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      table.push({ method, url: route.url, changesState: route.config?.changesState === true });
    }
  });
}
