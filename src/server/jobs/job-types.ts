/**
 * What a job is, apart from the queue that runs it: its definition and what each run is given.
 * The queue's set-up reads these without importing the queue.
 */
import type { z } from "zod";

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
