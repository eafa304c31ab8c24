import type { JobInsert, PgBoss } from "pg-boss";
import type { FastifyBaseLogger } from "fastify";
import type { SqlClient } from "../db/database.js";

/**
 * The way from a database the app on pg-boss 10 left to pg-boss 12 (decision 0029).
 *
 * pg-boss 10 left its schema at version 24. pg-boss 11 was a new schema (version 25) with no
 * migration from 24, and pg-boss 12 refuses to start on 24 ("the oldest supported starting version
 * is 25"); pg-boss's notes for 11 say to move the jobs that still matter over by hand. So, under
 * the queue's set-up lock: the old schema is renamed out of the way before pg-boss starts (pg-boss
 * then installs a fresh one under the usual name), and once the app's queues exist its unfinished
 * jobs are queued again in them, with their ids, and the old schema is dropped.
 */
const version10 = 24;
const setAsideName = (schema: string) => `${schema}_v10`;

/**
 * Renames a pg-boss 10 schema to `<schema>_v10` so that pg-boss installs a new one. Resolves with
 * whether it did. Anything but a pg-boss 10 schema (none, or one pg-boss 12 can migrate) is left.
 */
export async function setAsideVersion10Schema(sql: SqlClient, schema: string): Promise<boolean> {
  const version = await schemaVersion(sql, schema);
  if (version === null || version > version10) return false;
  if (version < version10)
    throw new Error(
      `The job queue's schema "${schema}" is at version ${version}, older than the pg-boss 10 this ` +
        "app used before; upgrade it with pg-boss 10 first, or drop it if no job in it matters.",
    );
  const aside = setAsideName(schema);
  if (await schemaExists(sql, aside))
    throw new Error(
      `The job queue's schema "${schema}" is still at pg-boss 10 and "${aside}" exists already ` +
        `from an earlier upgrade: move or drop "${aside}", then start again.`,
    );
  await sql.executeSql(`alter schema ${schema} rename to ${aside}`, []);
  return true;
}

/**
 * Queues again the jobs a set-aside pg-boss 10 schema still had to run (waiting, waiting for a
 * retry, or running when their instance stopped), in the queues the app defines now, then drops
 * that schema. Jobs keep their id, data, priority and start time; they start their retries afresh.
 * Inserting by id is idempotent, so an upgrade cut off half-way is finished by the next start.
 */
export async function moveVersion10Jobs(options: {
  sql: SqlClient;
  boss: PgBoss;
  schema: string;
  queueNames: ReadonlySet<string>;
  logger: FastifyBaseLogger;
}): Promise<void> {
  const { sql, boss, logger } = options;
  const aside = setAsideName(options.schema);
  if (!(await schemaExists(sql, aside))) return;
  const { rows } = await sql.executeSql(
    `select id, name, data, priority, state, start_after, singleton_key
     from ${aside}.job where state in ('created', 'retry', 'active') order by created_on, id`,
    [],
  );
  const byQueue = new Map<string, JobInsert[]>();
  for (const row of rows as Version10Job[]) {
    const jobs = byQueue.get(row.name) ?? [];
    jobs.push({
      id: row.id,
      data: row.data ?? {},
      priority: row.priority,
      // A run cut off by the upgrade is due now; a waiting job keeps its time (a retry's delay).
      ...(row.state === "active" ? {} : { startAfter: new Date(row.start_after).toISOString() }),
      ...(row.singleton_key ? { singletonKey: row.singleton_key } : {}),
    });
    byQueue.set(row.name, jobs);
  }
  let moved = 0;
  for (const [name, jobs] of byQueue) {
    if (!options.queueNames.has(name)) {
      logger.warn(
        { job: name, count: jobs.length },
        "pg-boss 10 jobs of a job this app no longer defines are dropped",
      );
      continue;
    }
    await boss.insert(name, jobs);
    moved += jobs.length;
  }
  await sql.executeSql(`drop schema ${aside} cascade`, []);
  logger.info({ moved }, "job queue upgraded from pg-boss 10; unfinished jobs queued again");
}

interface Version10Job {
  id: string;
  name: string;
  data: object | null;
  priority: number;
  state: "created" | "retry" | "active";
  start_after: Date | string;
  singleton_key: string | null;
}

async function schemaVersion(sql: SqlClient, schema: string): Promise<number | null> {
  const { rows } = await sql.executeSql("select to_regclass($1) is not null as installed", [
    `${schema}.version`,
  ]);
  if (!(rows[0] as { installed: boolean }).installed) return null;
  const version = await sql.executeSql(`select version from ${schema}.version`, []);
  const row = version.rows[0] as { version: number | string } | undefined;
  return row ? Number(row.version) : null;
}

async function schemaExists(sql: SqlClient, schema: string): Promise<boolean> {
  const { rows } = await sql.executeSql(
    "select exists (select 1 from pg_namespace where nspname = $1) as found",
    [schema],
  );
  return (rows[0] as { found: boolean }).found;
}
