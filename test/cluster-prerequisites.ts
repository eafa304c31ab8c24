import { existsSync } from "node:fs";

/** Caddy, the balancer the cluster test puts in front of its instances (Debian's package). */
export const caddyPath = ["/usr/bin/caddy", "/usr/local/bin/caddy"].find((candidate) =>
  existsSync(candidate),
);

/** The cluster test needs PostgreSQL (PGlite belongs to one process) and Caddy. */
export function clusterTestRuns(): boolean {
  return Boolean(process.env.TEST_DATABASE_URL && caddyPath);
}
