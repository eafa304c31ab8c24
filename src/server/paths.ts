import { fileURLToPath } from "node:url";

/**
 * The project root. This file sits two levels deep both as source (src/server) and as
 * compiled output (dist/server), so the same relative step works in dev, tests and production.
 */
export const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
export const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));
export const webDistFolder = fileURLToPath(new URL("../../dist/web", import.meta.url));
