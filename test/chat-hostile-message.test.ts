import type { InjectOptions } from "fastify";
import { BroadcastChannel } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatMessageMaxLength } from "../src/shared/contracts/chat.js";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import { createOfflineAssistant } from "../src/server/features/chat/skills/offline-assistant.js";
import { unreadableReply } from "../src/server/features/chat/skills/pipeline.js";
import { sameOrigin, setUpPerson, startAppHarness, type AppHarness } from "./app-harness.js";

/**
 * A hostile chat message through the real route, with the offline engine reading on its thread.
 * The thread here stands in for a pattern gone wrong (test/fixtures/stuck-reading-worker.ts):
 * on a message of commas and spaces it says it has started, waits until the test lets it go,
 * then backtracks for ever; other messages it reads as the engine does.
 */
const assistant = createOfflineAssistant({
  script: new URL("./fixtures/stuck-reading-worker.ts", import.meta.url),
});
let harness: AppHarness;
const clock = new Date("2026-11-23T15:00:00Z");

beforeAll(async () => {
  harness = await startAppHarness({
    deps: { now: () => clock, assistantEngine: { kind: "offline", assistant } },
  });
});
afterAll(async () => {
  await assistant.close();
  await harness?.close();
});

const inject = (options: InjectOptions) => harness.app.inject(options);

function whenStuck(): Promise<Int32Array> {
  const channel = new BroadcastChannel("stuck-reading");
  return new Promise((resolve) => {
    channel.onmessage = (event) => {
      channel.close();
      resolve(new Int32Array((event as { data: { gate: SharedArrayBuffer } }).data.gate));
    };
  });
}

describe("a hostile chat message", () => {
  it("leaves the server answering while it is read, and gets a clear answer", async () => {
    const who = await setUpPerson(harness, "freemium");
    const headers = { ...sameOrigin, cookie: who.jar.header() };
    const annotations = async () =>
      (await inject({ method: "GET", url: `/api/annotations/${who.propertyId}`, headers })).json()
        .reportingDataAnnotations as Annotation[];
    const before = await annotations();

    const stuck = whenStuck();
    const events: string[] = [];
    const chat = inject({
      method: "POST",
      url: "/api/chat",
      headers,
      payload: { message: ", ".repeat(chatMessageMaxLength / 2), propertyId: who.propertyId },
    }).then((response) => {
      events.push("chat answered");
      return response;
    });
    // The engine is reading the message now, and cannot finish until it is let go.
    const gate = await stuck;
    events.push("engine reading");
    for (let check = 0; check < 3; check += 1) {
      const health = await inject({ method: "GET", url: "/api/health" });
      events.push(`health ${health.statusCode}`);
    }
    Atomics.store(gate, 0, 1);
    Atomics.notify(gate, 0);
    // Let go, it backtracks for ever until its CPU budget ends the reading.
    const response = await chat;

    expect(events).toEqual([
      "engine reading",
      "health 200",
      "health 200",
      "health 200",
      "chat answered",
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ reply: unreadableReply, showAnnotations: false });
    expect(await annotations()).toEqual(before);

    // The conversation goes on: the next message is read as usual.
    const next = await inject({
      method: "POST",
      url: "/api/chat",
      headers,
      payload: {
        message: "Create an annotation called Launch on 2025-03-01",
        propertyId: who.propertyId,
        sessionId: response.json().sessionId,
      },
    });
    expect(next.json().reply).toBe("Created “Launch” (2025-03-01) in blue.");
  });

  it("of every kind at the longest length is read and answered by the engine itself", async () => {
    const who = await setUpPerson(harness, "premium");
    const headers = { ...sameOrigin, cookie: who.jar.header() };
    const unit = `create delete rename, ; - "“ ' 1 Monday on 2 Nov so actually really `;
    const response = await inject({
      method: "POST",
      url: "/api/chat",
      headers,
      payload: {
        message: unit
          .repeat(Math.ceil(chatMessageMaxLength / unit.length))
          .slice(0, chatMessageMaxLength),
        propertyId: who.propertyId,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().reply).not.toBe(unreadableReply);
  });
});
