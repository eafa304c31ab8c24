import { BroadcastChannel } from "node:worker_threads";
import { afterAll, describe, expect, it } from "vitest";
import { readMessage } from "../skills/reading.js";
import type { ReadingRequest } from "./read-message.js";
import {
  createReadingThread,
  type ReadingThread,
  type ReadingThreadOptions,
} from "./reading-thread.js";

const today = { year: 2026, month: 11, day: 23 };
const request = (message: string, extra: Partial<ReadingRequest> = {}): ReadingRequest => ({
  message,
  today,
  categoryNames: ["Campaigns"],
  ...extra,
});

/** A reading thread that gets stuck on a message of commas and spaces until it is let go. */
const stuckScript = new URL(
  "../../../../../test/fixtures/stuck-reading-worker.ts",
  import.meta.url,
);

/** Resolves, with its gate, once the stuck thread has started on such a message. */
function whenStuck(): Promise<Int32Array> {
  const channel = new BroadcastChannel("stuck-reading");
  return new Promise((resolve) => {
    channel.onmessage = (event) => {
      channel.close();
      resolve(new Int32Array((event as { data: { gate: SharedArrayBuffer } }).data.gate));
    };
  });
}
function letGo(gate: Int32Array): void {
  Atomics.store(gate, 0, 1);
  Atomics.notify(gate, 0);
}

const threads: ReadingThread[] = [];
const thread = (options: Partial<ReadingThreadOptions> = {}) => {
  const created = createReadingThread({
    script: new URL("../skills/reading-worker.ts", import.meta.url),
    ...options,
  });
  threads.push(created);
  return created;
};
afterAll(async () => {
  await Promise.all(threads.map((created) => created.close()));
});

describe("the reading thread", () => {
  it("reads a message as the engine reads it in place, with the question asked", async () => {
    const reading = thread();
    const asked = request("the 12th", {
      question: { intent: "create", asked: "date", known: { title: "Launch" } },
    });
    for (const each of [
      request("Create an annotation called Launch on 2025-03-01 in red"),
      request("put it in Campaigns"),
      asked,
    ])
      expect(await reading.read(each)).toEqual({ kind: "read", understanding: readMessage(each) });
  });

  it("stops a reading past its CPU budget, answers it as unreadable, then reads on", async () => {
    const reading = thread({ script: stuckScript });
    const settled: string[] = [];
    const stuck = whenStuck();
    const hostile = reading.read(request(", ".repeat(2000))).then((result) => {
      settled.push("hostile");
      return result;
    });
    const queued = reading.read(request("log Deploy today")).then((result) => {
      settled.push("queued");
      return result;
    });
    // Stuck on the hostile message, the thread cannot have answered anything yet.
    const gate = await stuck;
    expect(settled).toEqual([]);
    // Let go, it backtracks for ever, until its budget ends the thread.
    letGo(gate);
    expect(await hostile).toEqual({ kind: "unreadable" });
    // The message behind it is read, on a fresh thread.
    expect(await queued).toEqual({
      kind: "read",
      understanding: readMessage(request("log Deploy today")),
    });
    expect(settled).toEqual(["hostile", "queued"]);
    expect(await reading.read(request("show last week"))).toMatchObject({
      kind: "read",
      understanding: { intent: "list" },
    });
  });

  it("rejects a reading whose thread cannot start, and tries again for the next", async () => {
    const reading = thread({ script: new URL("./no-such-reading-worker.js", import.meta.url) });
    await expect(reading.read(request("log Deploy today"))).rejects.toThrow();
    await expect(reading.read(request("log Deploy today"))).rejects.toThrow();
  });
});
