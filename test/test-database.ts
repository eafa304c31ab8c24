import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase, type Database } from "../src/server/db/database.js";
import { inject } from "vitest";

/**
 * A private, migrated database for one test file: a copy of the PGlite template by default,
 * or a brand-new PostgreSQL database when TEST_DATABASE_URL is set (dropped again on close).
 */
export interface TestDatabase extends Database {
  /** On PostgreSQL, the database's URL, so a test can open a second pool as another app instance would. */
  url?: string;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? createPostgresTestDatabase(url) : createPgliteTestDatabase();
}

async function createPgliteTestDatabase(): Promise<Database> {
  const templatePath = inject("pgliteTemplatePath");
  if (!templatePath)
    throw new Error("The PGlite template was not prepared; is test/global-setup.ts configured?");
  const template = await readFile(templatePath);
  const client = await PGlite.create({ loadDataDir: new Blob([template]) });
  return openDatabase({ engine: "pglite", client });
}

/** An empty PostgreSQL database of its own on the server TEST_DATABASE_URL points at. */
export async function createScratchPostgresDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tidemark_test_${randomBytes(6).toString("hex")}`;
  await withAdminClient(adminUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withAdminClient(adminUrl, (admin) =>
        admin.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

async function createPostgresTestDatabase(adminUrl: string): Promise<TestDatabase> {
  const scratch = await createScratchPostgresDatabase(adminUrl);
  const database = await openDatabase({ engine: "postgres", url: scratch.url, poolSize: 5 });
  await database.migrate();
  return {
    ...database,
    url: scratch.url,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

async function withAdminClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
