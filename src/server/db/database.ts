import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import { migrationsFolder } from "../paths.js";
import * as schema from "./schema/index.js";

/**
 * What raw `db.execute` returns on both drivers: PGlite's Results and node-postgres's
 * QueryResult share `rows`, which is all the app relies on.
 */
export interface QueryRowsHKT extends PgQueryResultHKT {
  type: QueryRows<this["row"]>;
}
export interface QueryRows<Row> {
  rows: Row[];
}

/** Both drivers expose the same query builder, so services never know which engine runs. */
export type Db = PgDatabase<QueryRowsHKT, typeof schema>;

export interface Database {
  db: Db;
  engine: "pglite" | "postgres";
  /** Applies the committed drizzle-kit migrations; re-running is a no-op. */
  migrate(): Promise<void>;
  /** Cheap liveness probe used by /api/health. */
  ping(): Promise<void>;
  /**
   * Plain SQL for a library that brings its own statements (the job queue): parameterised
   * queries, and parameter-less scripts of several statements, on the app's own connections.
   */
  sql: SqlClient;
  /**
   * Runs `work` while holding a lock that every app instance on this database shares, so that
   * instances starting together take turns at set-up that would otherwise race (PostgreSQL: a
   * session advisory lock on a connection of its own; PGlite has one process, so work just runs).
   */
  exclusively<T>(lockKey: number, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface SqlClient {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export type DatabaseTarget =
  | { engine: "postgres"; url: string; poolSize?: number }
  | { engine: "pglite"; dataDir: string }
  | { engine: "pglite"; client: PGlite };

/**
 * Each engine's driver and Drizzle's binding for it are loaded only when that engine is opened:
 * a process uses one of them, and loading both cost every start the other's modules.
 */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.engine === "postgres") return openPostgres(target.url, target.poolSize);
  if ("client" in target) return wrapPglite(target.client);
  // PGlite refuses to create a data directory whose parent is missing.
  await mkdir(path.dirname(target.dataDir), { recursive: true });
  const { PGlite } = await import("@electric-sql/pglite");
  return wrapPglite(await PGlite.create(target.dataDir));
}

async function wrapPglite(client: PGlite): Promise<Database> {
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: "pglite",
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: async () => {
      await client.query("select 1");
    },
    sql: pgliteSqlClient(client),
    exclusively: (_lockKey, work) => work(),
    close: () => client.close(),
  };
}

/**
 * PGlite's `query` takes one statement, so a parameter-less script goes to `exec` and its rows
 * are flattened. The script runs inside PGlite's own transaction call, which holds the single
 * connection until it ends and rolls back on error: a failing script that opened its own BEGIN
 * can never leave the connection in an aborted transaction for the next caller. (Its inner
 * BEGIN and COMMIT only draw warnings there.)
 */
function pgliteSqlClient(client: PGlite): SqlClient {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query(text, values);
        return { rows: result.rows as unknown[] };
      }
      const results = await client.transaction((tx) => tx.exec(text));
      return { rows: results.flatMap((result) => result.rows as unknown[]) };
    },
  };
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }] =
    await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = drizzlePostgres(pool, { schema }) as unknown as Db;
  await db.execute(sql`select 1`);
  return {
    db,
    engine: "postgres",
    // Instances starting at once wait for each other instead of applying the same migration.
    migrate: () =>
      holdingAdvisoryLock(pool, migrationLockKey, (client) =>
        migratePostgres(drizzlePostgres(client), { migrationsFolder }),
      ),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    // node-postgres sends a parameter-less text as a simple query, which may hold several statements.
    sql: { executeSql: (text, values) => pool.query(text, values) },
    exclusively: (lockKey, work) => holdingAdvisoryLock(pool, lockKey, () => work()),
    close: () => pool.end(),
  };
}

/** Any fixed number works; it only has to be the same for every app instance. */
const migrationLockKey = 7_411_202;

/**
 * A session-level advisory lock, held on one connection for as long as `work` runs (the work may
 * use other connections of the pool): a second instance asking for the same key waits.
 */
async function holdingAdvisoryLock<T>(
  pool: pg.Pool,
  lockKey: number,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [lockKey]);
    return await work(client);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [lockKey]).catch(() => {});
    client.release();
  }
}
