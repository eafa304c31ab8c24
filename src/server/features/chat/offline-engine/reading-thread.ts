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

/**
 * One thread at a time reads one message at a time; a reading that spends more CPU time than
 * its budget, or ends the thread, is unreadable, and the next reading starts a fresh thread.
 */
class ReadingQueue implements ReadingThread {
  private readonly queue: Waiting[] = [];
  private thread: Thread | undefined;
  private running: Waiting | undefined;
  private watch: NodeJS.Timeout | undefined;
  private nextId = 1;
  private closed = false;
  private readonly budgetMicros: number;
  private readonly checkEveryMs: number;

  private readonly script: URL;

  constructor(options: ReadingThreadOptions) {
    this.script = options.script;
    this.budgetMicros = (options.cpuBudgetMs ?? readingCpuBudgetMs) * 1000;
    this.checkEveryMs = options.checkEveryMs ?? 20;
  }

  private start(): Thread {
    const worker = new Worker(this.script, {
      ...(this.script.pathname.endsWith(".ts") ? { execArgv: ["--import", "tsx"] } : {}),
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
        } else if (this.running?.id === answer.id) {
          this.finish(
            this.running,
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
        if (this.thread?.worker === worker) this.thread = undefined;
        if (!isReady) {
          reject(failure ?? new Error(`The reading thread stopped as it started (exit ${code})`));
          return;
        }
        // The reading under way ended the thread (it ran out of memory): it was unreadable.
        if (this.running) this.finish(this.running, { kind: "unreadable" });
      });
    });
    ready.catch(() => {});
    return { worker, ready };
  }

  private stop(current: Thread): void {
    current.worker.removeAllListeners();
    // An error it still reports (it ran out of memory as it was stopped) is of no interest.
    current.worker.on("error", () => {});
    void current.worker.terminate();
    if (this.thread === current) this.thread = undefined;
  }

  private finish(job: Waiting, reading: Reading | Error): void {
    if (this.running === job) {
      this.running = undefined;
      clearInterval(this.watch);
      this.thread?.worker.unref();
    }
    job.settle(reading);
    void this.next();
  }

  /** Stops the reading when its thread has spent more CPU time on it than the budget. */
  private watchOver(current: Thread, job: Waiting, startedAt: number): void {
    this.watch = setInterval(() => {
      current.worker.cpuUsage().then(
        (usage) => {
          if (this.running !== job || cpuMicros(usage) - startedAt <= this.budgetMicros) return;
          this.stop(current);
          this.finish(job, { kind: "unreadable" });
        },
        // The thread has just ended; its exit settles the reading.
        () => {},
      );
    }, this.checkEveryMs);
    this.watch.unref();
  }

  private async next(): Promise<void> {
    if (this.running || this.queue.length === 0 || this.closed) return;
    const job = this.queue.shift()!;
    this.running = job;
    try {
      this.thread ??= this.start();
      const current = this.thread;
      // The process stays up for a reading under way, never for an idle thread.
      current.worker.ref();
      await current.ready;
      const startedAt = cpuMicros(await current.worker.cpuUsage());
      // The thread ended while it was asked how busy it had been: its exit settled the reading.
      if (this.running !== job) return;
      current.worker.postMessage({ id: job.id, request: job.request } satisfies Job);
      this.watchOver(current, job, startedAt);
    } catch (error) {
      if (this.running === job)
        this.finish(job, error instanceof Error ? error : new Error(String(error)));
    }
  }

  read(request: Job["request"]): Promise<Reading> {
    if (this.closed) return Promise.resolve({ kind: "unreadable" });
    return new Promise((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        request,
        settle: (reading) => (reading instanceof Error ? reject(reading) : resolve(reading)),
      });
      void this.next();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const current = this.thread;
    if (current) this.stop(current);
    for (const job of [...(this.running ? [this.running] : []), ...this.queue.splice(0)])
      this.finish(job, { kind: "unreadable" });
    await current?.worker.terminate();
  }
}

export function createReadingThread(options: ReadingThreadOptions): ReadingThread {
  const queue = new ReadingQueue(options);
  // Handed on as plain functions (the pipeline takes `read` alone), so bound here.
  return { read: (request) => queue.read(request), close: () => queue.close() };
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
