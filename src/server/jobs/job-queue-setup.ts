import type { PgBoss, Queue } from "pg-boss";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database.js";
import type { JobContext, JobDefinition } from "./job-types.js";

export const jobSchema = "pgboss";

/**
 * The longest any run may take, alive or not: pg-boss's `expireInSeconds`, after which it fails the
 * run (and aborts its signal) even while the handler goes on. The short heartbeat of
 * `timeoutSeconds` is what finds runs whose instance died.
 */
const longestRunSeconds = 2 * 60 * 60;
/** Finished jobs are kept this long (decision 0026), then pg-boss deletes them. */
const keepFinishedSeconds = 7 * 24 * 60 * 60;

/** What bringing pg-boss's queues and workers to the app's job definitions works with. */
export interface QueueSetUp {
  database: Database;
  boss: PgBoss;
  logger: FastifyBaseLogger;
}

export async function recoverInterruptedRuns(database: Database, boss: PgBoss): Promise<void> {
  // One PGlite data folder belongs to one process, so any run still marked active was cut off
  // by a crash or a kill: hand it back for a retry now instead of after its timeout. On
  // PostgreSQL other instances may be working, so there the timeout decides.
  if (database.engine !== "pglite") return;
  const { rows } = await database.sql.executeSql(
    `select id, name from ${jobSchema}.job where state = 'active'`,
    [],
  );
  for (const row of rows as { id: string; name: string }[]) {
    await boss.fail(row.name, row.id, { message: "interrupted by a restart" });
  }
}

/**
 * Creates the job's queue, or brings one an earlier release created to the code's settings: the
 * definition in the code is the truth. pg-boss keeps a queue's policy from its creation, so a
 * changed `oneAtATime` recreates the queue when it holds no unfinished job, and otherwise waits
 * for a later start (with a warning) rather than drop work.
 */
export async function ensureQueue(
  { database, boss, logger }: QueueSetUp,
  definition: JobDefinition<object>,
): Promise<void> {
  const timeoutSeconds = definition.timeoutSeconds ?? 15 * 60;
  const settings = {
    retryLimit: definition.retryLimit ?? 3,
    retryDelay: definition.retryDelaySeconds ?? 5,
    retryBackoff: true,
    expireInSeconds: Math.max(longestRunSeconds, timeoutSeconds),
    heartbeatSeconds: timeoutSeconds,
    deleteAfterSeconds: keepFinishedSeconds,
  } satisfies Omit<Queue, "name">;
  const policy = definition.oneAtATime ? "stately" : "standard";
  const existing = await boss.getQueue(definition.name);
  if (!existing) {
    await boss.createQueue(definition.name, { ...settings, policy });
    return;
  }
  if (existing.policy !== policy) {
    if (await hasUnfinishedJobs(database, definition.name)) {
      logger.warn(
        { job: definition.name, policy: existing.policy, wanted: policy },
        "job queue keeps its policy until it has no unfinished job",
      );
    } else {
      await boss.deleteQueue(definition.name);
      await boss.createQueue(definition.name, { ...settings, policy });
      return;
    }
  }
  await boss.updateQueue(definition.name, settings);
}

async function hasUnfinishedJobs(database: Database, name: string): Promise<boolean> {
  const { rows } = await database.sql.executeSql(
    `select exists (select 1 from ${jobSchema}.job
       where name = $1 and state in ('created', 'retry', 'active')) as unfinished`,
    [name],
  );
  return (rows[0] as { unfinished: boolean }).unfinished;
}

/**
 * Starts the job's worker, and its schedule if it has one. `shutdown` is the queue's: a run's
 * signal aborts on it as well as when pg-boss gives the run up.
 */
export async function startWorker(
  { boss, logger }: QueueSetUp,
  definition: JobDefinition<object>,
  shutdown: AbortSignal,
): Promise<void> {
  const workOptions = {
    batchSize: 1,
    includeMetadata: true,
    pollingIntervalSeconds: definition.pollingIntervalSeconds ?? 1,
    localConcurrency: definition.concurrency ?? 1,
  } as const;
  await boss.work<object, void, typeof workOptions>(definition.name, workOptions, async ([job]) => {
    if (!job) return;
    const context: JobContext = {
      jobId: job.id,
      retryCount: job.retryCount,
      isLastAttempt: job.retryCount >= job.retryLimit,
      signal: AbortSignal.any([shutdown, job.signal]),
    };
    try {
      const data = definition.payload ? definition.payload.parse(job.data) : job.data;
      await definition.run(data, context);
    } catch (error) {
      logger.warn(
        { err: error, job: definition.name, jobId: job.id, retryCount: job.retryCount },
        context.isLastAttempt ? "job failed for good" : "job failed; it will be retried",
      );
      throw error;
    }
  });
  if (definition.schedule) {
    await boss.schedule(definition.name, definition.schedule, {}, { tz: "UTC" });
  }
}
