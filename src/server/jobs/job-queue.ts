import { PgBoss, type Db } from "pg-boss";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database.js";
import {
  ensureQueue,
  jobSchema,
  recoverInterruptedRuns,
  startWorker,
  type QueueSetUp,
} from "./job-queue-setup.js";
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
export type { JobContext, JobDefinition } from "./job-types.js";
import type { JobDefinition } from "./job-types.js";

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
/** Any fixed number works; it only has to be the same for every app instance (see database.ts). */
const queueSetUpLockKey = 7_411_203;
/** pg-boss's least heartbeat, and its longest expiry. */
const timeoutBounds = { least: 10, most: 24 * 60 * 60 };

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { database, logger } = options;
  const definitions = new Map<string, JobDefinition<object>>();
  // stop() waits for any statement still in flight (a send from a request being answered, the last
  // write of a run), so that closing the database right after never cuts one off.
  const inFlight = new Set<Promise<unknown>>();
  const lostRunCheckSeconds = options.maintenanceIntervalSeconds ?? 30;
  const boss = new PgBoss({
    db: trackedSql(database, inFlight),
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
  const setUp: QueueSetUp = { database, boss, logger };

  return {
    define<Data extends object>(definition: JobDefinition<Data>): JobHandle<Data> {
      if (state !== "idle") throw new Error(`Job "${definition.name}" was defined too late.`);
      checkDefinition(definition, definitions);
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
        if (options.work !== false) await recoverInterruptedRuns(database, boss);
        for (const definition of definitions.values()) await ensureQueue(setUp, definition);
        await moveVersion10Jobs({
          sql: database.sql,
          boss,
          schema: jobSchema,
          queueNames: new Set(definitions.keys()),
          logger,
        });
        if (options.work === false) return;
        for (const definition of definitions.values())
          await startWorker(setUp, definition, shutdown.signal);
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

/** A pg-boss connection that remembers the statements still running, for stop() to wait on. */
function trackedSql(database: Database, inFlight: Set<Promise<unknown>>): Db {
  return {
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
}

function checkDefinition(
  definition: Pick<JobDefinition<object>, "name" | "timeoutSeconds">,
  definitions: ReadonlyMap<string, JobDefinition<object>>,
): void {
  if (!jobNamePattern.test(definition.name))
    throw new Error(`Job name "${definition.name}" must be lower-case words with dashes.`);
  if (definitions.has(definition.name))
    throw new Error(`Job "${definition.name}" is defined twice.`);
  const timeout = definition.timeoutSeconds;
  if (
    timeout !== undefined &&
    !(Number.isInteger(timeout) && timeout >= timeoutBounds.least && timeout <= timeoutBounds.most)
  )
    throw new Error(
      `Job "${definition.name}" needs a timeout of whole seconds from ${timeoutBounds.least} to ${timeoutBounds.most}.`,
    );
}
