import PgBoss from "pg-boss";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database.js";

/**
 * Durable background jobs on pg-boss, in the app's own database: PostgreSQL through the app's
 * pool, or the embedded PGlite through pg-boss's custom-connection adapter (`db.executeSql`).
 * Jobs survive restarts and, with several instances on one PostgreSQL, each job runs on one
 * instance only (pg-boss fetches with SKIP LOCKED).
 *
 * Usage: `const job = jobs.define({ name, run })` before the queue starts (the app defines its
 * jobs while it is built), then `job.send(data)` from anywhere. A definition with `schedule`
 * also runs on that cron schedule (UTC), once per tick across all instances.
 */
export interface JobDefinition<Data extends object> {
  /** Lower-case letters, digits and dashes; also the queue's name in the database. */
  name: string;
  run(data: Data, context: JobContext): Promise<void>;
  /** How many times a failed or interrupted run is tried again (default 3). */
  retryLimit?: number;
  /** Seconds before a retry (default 5), doubling with each try. */
  retryDelaySeconds?: number;
  /**
   * How long a run may go unheard from before it counts as lost and is retried (default 15
   * minutes). While a run goes on, its instance renews this every third of it, so a long run on a
   * live instance is never taken for lost, and a run whose instance died (killed, crashed, cut off
   * from the database) is retried by another instance, or the restarted one, within about this long.
   */
  timeoutSeconds?: number;
  /** A cron expression in UTC, e.g. "30 3 * * *" for every day at 03:30. */
  schedule?: string;
  /**
   * At most one run waiting and one running, across all instances (pg-boss's "stately" policy):
   * for sweeps, where a second copy queued behind a slow run would only repeat its work.
   */
  oneAtATime?: boolean;
  /** How often an idle worker looks for work (default 1 s; the least pg-boss allows is 0.5 s). */
  pollingIntervalSeconds?: number;
}

export interface JobContext {
  jobId: string;
  /** 0 on the first run, then 1, 2… */
  retryCount: number;
  /** True when a failure now is final: no retry follows. */
  isLastAttempt: boolean;
  /** Aborted when the app shuts down: stop at the next safe point and throw, to be retried. */
  signal: AbortSignal;
}

export interface JobHandle<Data extends object> {
  readonly name: string;
  /**
   * Queues one run. Sending again with the same `id` (a UUID) while that job is still kept
   * queues nothing: this is how "start" stays idempotent. Resolves with whether a job was queued.
   */
  send(data: Data, options?: { id?: string }): Promise<boolean>;
}

export interface JobQueue {
  define<Data extends object>(definition: JobDefinition<Data>): JobHandle<Data>;
  /** Creates the queues and schedules, and starts the workers. Defining after this is refused. */
  start(): Promise<void>;
  /** Stops taking work, lets running jobs finish for a while, then releases them for a retry. */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  database: Database;
  logger: FastifyBaseLogger;
  /** How long stop() waits for running jobs before handing them back (default 8 s). */
  stopGraceMs?: number;
  /** Whether this process runs workers and schedules; sending works either way (default true). */
  work?: boolean;
  /** How often lost runs are looked for and finished jobs tidied (default 30 s; tests shorten it). */
  maintenanceIntervalSeconds?: number;
}

const jobNamePattern = /^[a-z][a-z0-9-]{0,49}$/;
const jobSchema = "pgboss";
/** Any fixed number works; it only has to be the same for every app instance (see database.ts). */
const queueSetUpLockKey = 7_411_203;
/**
 * The longest any run may take, alive or not. pg-boss gives up on a run after the deadline it
 * fetched it with (and fails it while the handler goes on), so that deadline is this generous
 * cap; the short, renewed lease of `timeoutSeconds` is what finds runs whose instance died.
 */
const longestRunSeconds = 2 * 60 * 60;

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { database, logger } = options;
  const definitions = new Map<string, JobDefinition<object>>();
  // pg-boss records a finished run without awaiting it; stop() waits for those writes, so that
  // closing the database right after never loses one.
  const inFlight = new Set<Promise<unknown>>();
  const trackedSql: PgBoss.Db = {
    executeSql(text, values) {
      const query = database.sql.executeSql(text, values);
      inFlight.add(query);
      void query.then(
        () => inFlight.delete(query),
        () => inFlight.delete(query),
      );
      return query as Promise<{ rows: unknown[] }> as Promise<{ rows: never[] }>;
    },
  };
  const boss = new PgBoss({
    db: trackedSql,
    schema: jobSchema,
    // Expired runs and finished jobs are tidied by whichever instance gets to it first.
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
    archiveCompletedAfterSeconds: 60 * 60 * 24,
    deleteAfterDays: 7,
  });
  const shutdown = new AbortController();
  let state: "idle" | "starting" | "started" | "stopped" = "idle";

  boss.on("error", (error: Error) => {
    // Pool hiccups during polling are retried by pg-boss itself; they are worth a line, no more.
    logger.warn({ err: error }, "job queue error");
  });

  async function recoverInterruptedRuns(): Promise<void> {
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
   * Keeps a run from counting as lost while this instance is alive: pg-boss takes a run whose
   * start plus `expire_in` has passed for lost and hands it to another worker (pg-boss 10 has no
   * heartbeat of its own), so the deadline is kept `timeoutSeconds` ahead while the run goes on.
   */
  async function keepAlive(
    name: string,
    jobId: string,
    timeoutSeconds: number,
  ): Promise<() => void> {
    const renew = () =>
      database.sql
        .executeSql(
          `update ${jobSchema}.job set expire_in = (now() - started_on) + make_interval(secs => $3)
           where name = $1 and id = $2 and state = 'active'`,
          [name, jobId, timeoutSeconds],
        )
        .catch((error: unknown) =>
          logger.warn({ err: error, job: name, jobId }, "could not renew a running job"),
        );
    // The first renewal replaces the generous deadline the run was fetched with.
    await renew();
    const timer = setInterval(() => void renew(), Math.max(1, timeoutSeconds / 3) * 1000);
    timer.unref();
    return () => clearInterval(timer);
  }

  async function startWorker(definition: JobDefinition<object>): Promise<void> {
    const retryLimit = definition.retryLimit ?? 3;
    const timeoutSeconds = definition.timeoutSeconds ?? 15 * 60;
    const settings = {
      name: definition.name,
      retryLimit,
      retryDelay: definition.retryDelaySeconds ?? 5,
      retryBackoff: true,
      expireInSeconds: Math.max(longestRunSeconds, timeoutSeconds),
      policy: definition.oneAtATime ? ("stately" as const) : ("standard" as const),
    };
    // pg-boss creates a queue once and then keeps its first settings; the definition in the code
    // is the truth, so a queue an earlier release created takes the current settings too.
    await boss.createQueue(definition.name, settings);
    await boss.updateQueue(definition.name, settings);
    if (options.work === false) return;
    await boss.work<object>(
      definition.name,
      {
        batchSize: 1,
        includeMetadata: true,
        pollingIntervalSeconds: definition.pollingIntervalSeconds ?? 1,
      },
      async ([job]) => {
        if (!job) return;
        const context: JobContext = {
          jobId: job.id,
          retryCount: job.retryCount,
          isLastAttempt: job.retryCount >= job.retryLimit,
          signal: shutdown.signal,
        };
        const stopRenewing = await keepAlive(definition.name, job.id, timeoutSeconds);
        try {
          await definition.run(job.data, context);
        } catch (error) {
          logger.warn(
            { err: error, job: definition.name, jobId: job.id, retryCount: job.retryCount },
            context.isLastAttempt ? "job failed for good" : "job failed; it will be retried",
          );
          throw error;
        } finally {
          stopRenewing();
        }
      },
    );
    if (definition.schedule) {
      await boss.schedule(definition.name, definition.schedule, {}, { tz: "UTC" });
    }
  }

  return {
    define<Data extends object>(definition: JobDefinition<Data>): JobHandle<Data> {
      if (state !== "idle") throw new Error(`Job "${definition.name}" was defined too late.`);
      if (!jobNamePattern.test(definition.name))
        throw new Error(`Job name "${definition.name}" must be lower-case words with dashes.`);
      if (definitions.has(definition.name))
        throw new Error(`Job "${definition.name}" is defined twice.`);
      definitions.set(definition.name, definition as unknown as JobDefinition<object>);
      return {
        name: definition.name,
        async send(data, sendOptions = {}) {
          if (state !== "started") throw new Error("The job queue is not running.");
          const id = await boss.send(definition.name, data, sendOptions.id ? sendOptions : {});
          return id !== null;
        },
      };
    },

    async start() {
      if (state !== "idle") return;
      state = "starting";
      // pg-boss's own set-up (its schema, each queue's table) deadlocks or fails on a duplicate
      // when two instances run it at the same moment on one PostgreSQL, as a deploy does.
      await database.exclusively(queueSetUpLockKey, async () => {
        await boss.start();
        if (options.work !== false) await recoverInterruptedRuns();
        for (const definition of definitions.values()) await startWorker(definition);
      });
      state = "started";
    },

    async stop() {
      if (state !== "started" && state !== "starting") {
        state = "stopped";
        return;
      }
      state = "stopped";
      shutdown.abort();
      await boss.stop({ graceful: true, wait: true, timeout: options.stopGraceMs ?? 8_000 });
      // A run that just ended is recorded a moment after its handler returns.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await Promise.allSettled([...inFlight]);
    },
  };
}
