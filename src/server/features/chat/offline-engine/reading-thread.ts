/**
 * The offline engine reads messages on a thread of its own, so that no message can hold up the
 * server: while a reading runs, every other request — health checks included — is answered.
 *
 * The engine's reading is made to cost well under 50 ms of CPU whatever the message (its tests
 * hold it to that); this is the last line of defence for a pattern that one day does not. A reading that spends more than
 * its CPU budget is stopped by ending the thread, which interrupts even a regular expression
 * backtracking for ever, and the message is answered as unreadable; the next reading starts a
 * fresh thread. Readings take turns, one at a time, so each one's CPU time is its own.
 */
import { parentPort, Worker } from "node:worker_threads";
import type { ReadingRequest } from "./read-message.js";
import type { Understanding } from "./understanding.js";

export type Reading = { kind: "read"; understanding: Understanding } | { kind: "unreadable" };

export interface ReadingThreadOptions {
  /**
   * The thread's entry, a module that calls `serveReadings` with the reading to run: the host's
   * (it knows the capabilities), or a test's slow stand-in.
   */
  script: URL;
  /** The CPU time one reading may spend before it is stopped. */
  cpuBudgetMs?: number;
  /** How often a running reading's CPU time is looked at. */
  checkEveryMs?: number;
}

export interface ReadingThread {
  read(request: ReadingRequest): Promise<Reading>;
  /** Ends the thread; a reading still running is answered as unreadable. */
  close(): Promise<void>;
}

/**
 * Five times the engine's bound (the slowest message found costs a few milliseconds; `npm run
 * bench` reports it), so only a pattern gone wrong reaches it, and short enough that readings
 * queued behind one wait briefly.
 */
export const readingCpuBudgetMs = 250;

/**
 * Generous for what the engine holds: a message that made it allocate without end stops the
 * thread, not the server.
 */
const threadHeapMb = 128;

type Job = { id: number; request: ReadingRequest };
type Answer =
  { ready: true } | { id: number; understanding: Understanding } | { id: number; error: string };

interface Waiting extends Job {
  settle(reading: Reading | Error): void;
}

interface Thread {
  worker: Worker;
  ready: Promise<void>;
}

/**
 * A thread entry beside a module: run from the TypeScript sources (tests, `npm run dev`), the
 * thread loads them through tsx as the rest of the process does; built, it runs the compiled
 * JavaScript.
 */
export function entryBeside(moduleUrl: string, name: string): URL {
  return new URL(`./${name}.${moduleUrl.endsWith(".ts") ? "ts" : "js"}`, moduleUrl);
}

const cpuMicros = (usage: NodeJS.CpuUsage) => usage.user + usage.system;

export function createReadingThread(options: ReadingThreadOptions): ReadingThread {
  const { script } = options;
  const budgetMicros = (options.cpuBudgetMs ?? readingCpuBudgetMs) * 1000;
  const checkEveryMs = options.checkEveryMs ?? 20;
  const queue: Waiting[] = [];
  let thread: Thread | undefined;
  let running: Waiting | undefined;
  let watch: NodeJS.Timeout | undefined;
  let nextId = 1;
  let closed = false;

  function start(): Thread {
    const worker = new Worker(script, {
      ...(script.pathname.endsWith(".ts") ? { execArgv: ["--import", "tsx"] } : {}),
      resourceLimits: { maxOldGenerationSizeMb: threadHeapMb },
    });
    worker.unref();
    let failure: Error | undefined;
    let isReady = false;
    const ready = new Promise<void>((resolve, reject) => {
      worker.on("message", (answer: Answer) => {
        if ("ready" in answer) {
          isReady = true;
          resolve();
        } else if (running?.id === answer.id) {
          finish(
            running,
            "error" in answer
              ? new Error(answer.error)
              : { kind: "read", understanding: answer.understanding },
          );
        }
      });
      worker.on("error", (error) => {
        failure = error;
      });
      worker.on("exit", (code) => {
        if (thread?.worker === worker) thread = undefined;
        if (!isReady) {
          reject(failure ?? new Error(`The reading thread stopped as it started (exit ${code})`));
          return;
        }
        // The reading under way ended the thread (it ran out of memory): it was unreadable.
        if (running) finish(running, { kind: "unreadable" });
      });
    });
    ready.catch(() => {});
    return { worker, ready };
  }

  function stop(current: Thread): void {
    current.worker.removeAllListeners();
    // An error it still reports (it ran out of memory as it was stopped) is of no interest.
    current.worker.on("error", () => {});
    void current.worker.terminate();
    if (thread === current) thread = undefined;
  }

  function finish(job: Waiting, reading: Reading | Error): void {
    if (running === job) {
      running = undefined;
      clearInterval(watch);
      thread?.worker.unref();
    }
    job.settle(reading);
    void next();
  }

  /** Stops the reading when its thread has spent more CPU time on it than the budget. */
  function watchOver(current: Thread, job: Waiting, startedAt: number): void {
    watch = setInterval(() => {
      current.worker.cpuUsage().then(
        (usage) => {
          if (running !== job || cpuMicros(usage) - startedAt <= budgetMicros) return;
          stop(current);
          finish(job, { kind: "unreadable" });
        },
        // The thread has just ended; its exit settles the reading.
        () => {},
      );
    }, checkEveryMs);
    watch.unref();
  }

  async function next(): Promise<void> {
    if (running || queue.length === 0 || closed) return;
    const job = queue.shift()!;
    running = job;
    try {
      thread ??= start();
      const current = thread;
      // The process stays up for a reading under way, never for an idle thread.
      current.worker.ref();
      await current.ready;
      const startedAt = cpuMicros(await current.worker.cpuUsage());
      // The thread ended while it was asked how busy it had been: its exit settled the reading.
      if (running !== job) return;
      current.worker.postMessage({ id: job.id, request: job.request } satisfies Job);
      watchOver(current, job, startedAt);
    } catch (error) {
      if (running === job) finish(job, error instanceof Error ? error : new Error(String(error)));
    }
  }

  return {
    read(request) {
      if (closed) return Promise.resolve({ kind: "unreadable" });
      return new Promise((resolve, reject) => {
        queue.push({
          id: nextId++,
          request,
          settle: (reading) => (reading instanceof Error ? reject(reading) : resolve(reading)),
        });
        void next();
      });
    },
    async close() {
      closed = true;
      const current = thread;
      if (current) stop(current);
      for (const job of [...(running ? [running] : []), ...queue.splice(0)])
        finish(job, { kind: "unreadable" });
      await current?.worker.terminate();
    },
  };
}

/**
 * Messages a thread reads before it says it is ready, so that compiling the engine's patterns is
 * not charged to a person's first message and its CPU budget.
 */
const warmUp = [
  "Create an annotation called “Winter sale” on Nov 12 in red, thanks",
  "show me last month's red or blue annotations in Campaigns",
  "rename 'Sale' to 'Winter sale' and make it green",
  "we shipped checkout v2 yesterday, can you log it?",
  "what happened between 1 Nov and 10 Nov?",
];

/** The thread's side: answers each request with `read`'s understanding of it. */
export function serveReadings(read: (request: ReadingRequest) => Understanding): void {
  const port = parentPort;
  if (!port) throw new Error("serveReadings answers a reading thread's parent only");
  for (const message of warmUp)
    read({ message, today: { year: 2026, month: 11, day: 23 }, categoryNames: ["Campaigns"] });
  port.on("message", (job: Job) => {
    try {
      port.postMessage({ id: job.id, understanding: read(job.request) } satisfies Answer);
    } catch (error) {
      port.postMessage({
        id: job.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies Answer);
    }
  });
  port.postMessage({ ready: true } satisfies Answer);
}
