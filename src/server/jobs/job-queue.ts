import { PgBoss, type Db, type Queue } from "pg-boss";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Database } from "../db/database.js";
import { moveVersion10Jobs, setAsideVersion10Schema } from "./pg-boss-10-upgrade.js";

/**
 * Durable background jobs on pg-boss, in the app's own database: PostgreSQL through the app's
 * pool, or the embedded PGlite through pg-boss's custom-connection adapter (`db.executeSql`).
 * Jobs survive restarts and, with several instances on one PostgreSQL, each job runs on one
 * instance only (pg-boss fetches with SKIP LOCKED).
 *
 * Usage: `const job = jobs.define({ name, payload, run })` before the queue starts (the app defines
 * its jobs while it is built, each from its file in `jobs/definitions/`), then `job.send(data)`
 * from anywhere. A definition with `schedule` also runs on that cron schedule (UTC), once per tick
 * across all instances.
 */
export interface JobDefinition<Data extends object> {
  /** Lower-case letters, digits and dashes; also the queue's name in the database. */
  name: string;
  /**
   * The data's shape, checked before every run: a job queued by an older version, or written by
   * hand, fails with the reason rather than running on data of another shape.
   */
  payload?: z.ZodType<Data>;
  run(data: Data, context: JobContext): Promise<void>;
  /** How many times a failed or interrupted run is tried again (default 3). */
  retryLimit?: number;
  /** Seconds before a retry (default 5), doubling with each try. */
  retryDelaySeconds?: number;
  /**
   * How long a run may go unheard from before it counts as lost and is retried (default 15
   * minutes; whole seconds, at least 10, at most a day). While a run goes on, its instance sends
   * pg-boss's heartbeat every half of it, so a long run on a live instance is never taken for lost,
   * and a run whose instance died (killed, crashed, cut off from the database) is retried by
   * another instance, or the restarted one, within about this long plus the maintenance interval.
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
  /**
   * Runs one instance may carry out at once (default 1). For queues of many small independent
   * runs, so one slow run (a property with years of history) does not hold up the others.
   */
  concurrency?: number;
}

export interface JobContext {
  jobId: string;
  /** 0 on the first run, then 1, 2… */
  retryCount: number;
  /** True when a failure now is final: no retry follows. */
  isLastAttempt: boolean;
  /**
   * Aborted when the app shuts down, or when the run is no longer this instance's (taken for lost,
   * or past the longest any run may take): stop at the next safe point and throw, to be retried.
   */
  signal: AbortSignal;
}

export interface JobHandle<Data extends object> {
  readonly name: string;
  /**
   * Queues one run. Sending again with the same `id` (a UUID) while that job is still kept
   * queues nothing: this is how "start" stays idempotent. Resolves with whether a job was queued.
   */
  send(
    data: Data,
    options?: {
      id?: string;
      /**
       * With `oneAtATime`, the "one waiting, one running" holds per key instead of per queue: a
       * per-property key keeps two instances from working on the same property at once while
       * different properties run side by side.
       */
      singletonKey?: string;
      /** Seconds to wait before the run may start (spreads a sweep's work over its interval). */
      startAfterSeconds?: number;
    },
  ): Promise<boolean>;
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
  /** How often lost runs are looked for (default 30 s; tests shorten it). */
  maintenanceIntervalSeconds?: number;
}

const jobNamePattern = /^[a-z][a-z0-9-]{0,49}$/;
const jobSchema = "pgboss";
/** Any fixed number works; it only has to be the same for every app instance (see database.ts). */
const queueSetUpLockKey = 7_411_203;
/**
 * The longest any run may take, alive or not: pg-boss's `expireInSeconds`, after which it fails the
 * run (and aborts its signal) even while the handler goes on. The short heartbeat of
 * `timeoutSeconds` is what finds runs whose instance died.
 */
const longestRunSeconds = 2 * 60 * 60;
/** pg-boss's least heartbeat, and its longest expiry. */
const timeoutBounds = { least: 10, most: 24 * 60 * 60 };
/** Finished jobs are kept this long (decision 0026), then pg-boss deletes them. */
const keepFinishedSeconds = 7 * 24 * 60 * 60;

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { database, logger } = options;
  const definitions = new Map<string, JobDefinition<object>>();
  // stop() waits for any statement still in flight (a send from a request being answered, the last
  // write of a run), so that closing the database right after never cuts one off.
  const inFlight = new Set<Promise<unknown>>();
  const trackedSql: Db = {
    executeSql(text, values) {
      const query = database.sql.executeSql(text, values);
      inFlight.add(query);
      void query.then(
        () => inFlight.delete(query),
        () => inFlight.delete(query),
      );
      return query;
    },
  };
  const lostRunCheckSeconds = options.maintenanceIntervalSeconds ?? 30;
  const boss = new PgBoss({
    db: trackedSql,
    schema: jobSchema,
    backend: database.engine === "pglite" ? "pglite" : "postgres",
    // Lost and expired runs are looked for by whichever instance gets to it first; finished jobs
    // are deleted by pg-boss's daily maintenance once kept for `keepFinishedSeconds`.
    superviseIntervalSeconds: lostRunCheckSeconds,
    monitorIntervalSeconds: lostRunCheckSeconds,
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
   * Creates the job's queue, or brings one an earlier release created to the code's settings: the
   * definition in the code is the truth. pg-boss keeps a queue's policy from its creation, so a
   * changed `oneAtATime` recreates the queue when it holds no unfinished job, and otherwise waits
   * for a later start (with a warning) rather than drop work.
   */
  async function ensureQueue(definition: JobDefinition<object>): Promise<void> {
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
      if (await hasUnfinishedJobs(definition.name)) {
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

  async function hasUnfinishedJobs(name: string): Promise<boolean> {
    const { rows } = await database.sql.executeSql(
      `select exists (select 1 from ${jobSchema}.job
         where name = $1 and state in ('created', 'retry', 'active')) as unfinished`,
      [name],
    );
    return (rows[0] as { unfinished: boolean }).unfinished;
  }

  async function startWorker(definition: JobDefinition<object>): Promise<void> {
    const workOptions = {
      batchSize: 1,
      includeMetadata: true,
      pollingIntervalSeconds: definition.pollingIntervalSeconds ?? 1,
      localConcurrency: definition.concurrency ?? 1,
    } as const;
    await boss.work<object, void, typeof workOptions>(
      definition.name,
      workOptions,
      async ([job]) => {
        if (!job) return;
        const context: JobContext = {
          jobId: job.id,
          retryCount: job.retryCount,
          isLastAttempt: job.retryCount >= job.retryLimit,
          signal: AbortSignal.any([shutdown.signal, job.signal]),
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
      const timeout = definition.timeoutSeconds;
      if (
        timeout !== undefined &&
        !(
          Number.isInteger(timeout) &&
          timeout >= timeoutBounds.least &&
          timeout <= timeoutBounds.most
        )
      )
        throw new Error(
          `Job "${definition.name}" needs a timeout of whole seconds from ${timeoutBounds.least} to ${timeoutBounds.most}.`,
        );
      definitions.set(definition.name, definition as unknown as JobDefinition<object>);
      return {
        name: definition.name,
        async send(data, sendOptions = {}) {
          if (state !== "started") throw new Error("The job queue is not running.");
          const id = await boss.send(definition.name, data, {
            ...(sendOptions.id ? { id: sendOptions.id } : {}),
            ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
            ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
          });
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
        // A pg-boss 10 schema is set aside first: pg-boss 12 refuses to start on it.
        await setAsideVersion10Schema(database.sql, jobSchema);
        await boss.start();
        if (options.work !== false) await recoverInterruptedRuns();
        for (const definition of definitions.values()) await ensureQueue(definition);
        await moveVersion10Jobs({
          sql: database.sql,
          boss,
          schema: jobSchema,
          queueNames: new Set(definitions.keys()),
          logger,
        });
        if (options.work === false) return;
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
      // pg-boss waits for running handlers up to the grace, then fails what is left (a retry).
      await boss.stop({ graceful: true, timeout: options.stopGraceMs ?? 8_000 });
      await Promise.allSettled([...inFlight]);
    },
  };
}
