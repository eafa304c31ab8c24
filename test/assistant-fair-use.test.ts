import { and, eq } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/server/app.js";
import { openDatabase, type Database } from "../src/server/db/database.js";
import { chatMessages, chatSessions, users } from "../src/server/db/schema/index.js";
import { createLlmAssistant } from "../src/server/features/chat/llm-assistant.js";
import { inDuration } from "../src/server/features/chat/assistant-allowance.js";
import { sandboxGoogleEndpoints } from "../src/server/integrations/google/google-endpoints.js";
import { calendarDateOf } from "../src/shared/calendar-date.js";
import {
  appClient,
  appUrl,
  sameOrigin,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";
import { ScriptedModel } from "./scripted-model.js";
import { testConfig } from "./test-config.js";

/**
 * Premium's assistant is held to fair-use ceilings per minute and per UTC day, counted in the
 * database, so two instances on one database share them. The clock is the app's own (moved by
 * the test), never the wall clock.
 */
const limits = { messagesPerMinute: 3, messagesPerDay: 5 };
// 20:00 UTC today: four hours to midnight, whatever time the suite runs.
const start = Date.UTC(
  new Date().getUTCFullYear(),
  new Date().getUTCMonth(),
  new Date().getUTCDate(),
  20,
);
let clock = start;
const now = () => new Date(clock);

const scripted = new ScriptedModel();
let harness: AppHarness;
let secondDatabase: Database | null = null;
let second: FastifyInstance;

beforeAll(async () => {
  const engine = {
    kind: "llm" as const,
    assistant: createLlmAssistant({ model: scripted.model, timeoutMs: 5_000 }),
  };
  harness = await startAppHarness({
    config: { premiumAssistantFairUse: limits, assistantDailyMessageLimit: 4 },
    deps: { assistantEngine: engine, now },
  });
  // Another instance on the same database: its own pool on PostgreSQL; PGlite has one process.
  secondDatabase = harness.database.url
    ? await openDatabase({ engine: "postgres", url: harness.database.url, poolSize: 3 })
    : null;
  second = await buildApp({
    config: testConfig({
      appUrl,
      premiumAssistantFairUse: limits,
      assistantDailyMessageLimit: 4,
    }),
    database: secondDatabase ?? harness.database,
    google: sandboxGoogleEndpoints(harness.sandbox.url, appClient),
    mailer: { sendSignInLink: async () => {} },
    webRoot: null,
    assistantEngine: engine,
    now,
  });
});
afterAll(async () => {
  await second?.close();
  await secondDatabase?.close();
  await harness?.close();
});

const say = (app: FastifyInstance, who: TestPerson, message: string) =>
  app.inject({
    method: "POST",
    url: "/api/chat",
    headers: { ...sameOrigin, cookie: who.jar.header() },
    payload: { message, propertyId: who.propertyId },
  } satisfies InjectOptions);

/** Sends one message through the first or the second instance, alternating. */
let turn = 0;
async function sayOnEither(who: TestPerson, message: string) {
  scripted.script({ text: `Answer to ${message}` });
  turn += 1;
  return say(turn % 2 === 0 ? harness.app : second, who, message);
}

const storedUserMessages = async (who: TestPerson) => {
  const [user] = await harness.database.db.select().from(users).where(eq(users.email, who.email));
  const rows = await harness.database.db
    .select({ content: chatMessages.content })
    .from(chatMessages)
    .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
    .where(and(eq(chatSessions.userId, user!.id), eq(chatMessages.role, "user")));
  return rows.map((row) => row.content);
};

describe("Premium's assistant fair use", () => {
  it("holds a person to the minute's and the day's ceilings across instances, and says when each resets", async () => {
    clock = start;
    const who = await setUpPerson(harness, "premium");
    for (let n = 1; n <= 3; n++) expect((await sayOnEither(who, `m${n}`)).statusCode).toBe(200);

    // The fourth within the minute: refused before any model call, nothing stored.
    clock += 15_000;
    const burst = await sayOnEither(who, "m4");
    expect(burst.statusCode).toBe(429);
    expect(burst.json()).toMatchObject({ code: "rate_limited" });
    expect(burst.json().error).toBe(
      "That's 3 assistant messages within a minute, the fair-use limit. You can send more in 45 seconds.",
    );
    expect(burst.headers["retry-after"]).toBe("45");
    expect(scripted.calls).toHaveLength(0);

    // A minute on, two more make the day's five; the sixth is refused until midnight UTC.
    clock = start + 61_000;
    for (const message of ["m5", "m6"])
      expect((await sayOnEither(who, message)).statusCode).toBe(200);
    clock = start + 3 * 60_000;
    const day = await sayOnEither(who, "m7");
    expect(day.statusCode).toBe(429);
    expect(day.json()).toMatchObject({ code: "assistant_daily_limit" });
    expect(day.json().error).toBe(
      "You've sent 5 assistant messages today, the fair-use limit. Resets at midnight UTC — in 4 h; the annotations table still works.",
    );
    expect(scripted.calls).toHaveLength(0);
    expect((await storedUserMessages(who)).sort()).toEqual(["m1", "m2", "m3", "m5", "m6"]);

    // Nothing else stops: the table still lists and creates.
    const headers = { ...sameOrigin, cookie: who.jar.header() };
    const list = await harness.app.inject({
      method: "GET",
      url: `/api/annotations/${who.propertyId}`,
      headers,
    });
    expect(list.statusCode).toBe(200);
    const created = await harness.app.inject({
      method: "POST",
      url: `/api/annotations/${who.propertyId}`,
      headers,
      payload: { title: "Still works", annotationDate: calendarDateOf(now()) },
    });
    expect(created.statusCode).toBe(201);

    // After midnight UTC the day starts afresh.
    clock = start + 4 * 60 * 60_000 + 1_000;
    expect((await sayOnEither(who, "next day")).statusCode).toBe(200);
  });

  it("counts each person apart", async () => {
    clock = start + 10 * 60_000;
    const first = await setUpPerson(harness, "premium");
    const other = await setUpPerson(harness, "premium");
    for (let n = 0; n < 3; n++) expect((await sayOnEither(first, `a${n}`)).statusCode).toBe(200);
    expect((await sayOnEither(first, "a3")).statusCode).toBe(429);
    expect((await sayOnEither(other, "b0")).statusCode).toBe(200);
  });

  it("lets parallel messages through no further than the ceiling", async () => {
    clock = start + 20 * 60_000;
    const who = await setUpPerson(harness, "premium");
    scripted.script(...Array.from({ length: 8 }, () => ({ text: "ok" })));
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) => say(n % 2 ? harness.app : second, who, `p${n}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
  });

  it("keeps the free plan to its own daily allowance, with no minute ceiling below it", async () => {
    clock = start + 30 * 60_000;
    const who = await setUpPerson(harness, "freemium");
    for (let n = 0; n < 4; n++) expect((await sayOnEither(who, `f${n}`)).statusCode).toBe(200);
    const over = await sayOnEither(who, "f4");
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: "assistant_daily_limit" });
    expect(over.json().error).toMatch(/^You've used today's 4 assistant messages on the free plan/);
  });
});

describe("how long until a reset reads", () => {
  it.each([
    [1, "in 1 minute"],
    [60_000, "in 1 minute"],
    [60_001, "in 2 minutes"],
    [3_600_000, "in 1 hour"],
    [3_660_000, "in 1 hour 1 minute"],
    [4 * 3_600_000 - 3 * 60_000, "in 3 hours 57 minutes"],
  ])("%d ms reads %s", (ms, text) => {
    expect(inDuration(ms)).toBe(text);
  });
});
