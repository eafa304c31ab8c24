import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/server/app.js";
import { openDatabase, type Database } from "../src/server/db/database.js";
import { sandboxGoogleEndpoints } from "../src/server/integrations/google/google-endpoints.js";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import type { SendChatResponse } from "../src/shared/contracts/chat.js";
import {
  appUrl,
  sameOrigin,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";
import { testConfig } from "./test-config.js";

/**
 * Follow-up turns on the offline engine, with the conversation's state in the database: each
 * message may reach another app instance, or an instance started after a restart, and the
 * conversation goes on. On PostgreSQL the second instance has its own connection pool.
 */
const clock = new Date("2026-11-23T15:00:00Z");
let harness: AppHarness;
let secondDatabase: Database | null = null;
const instances: FastifyInstance[] = [];

async function startInstance(database: Database): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig({ appUrl }),
    database,
    google: sandboxGoogleEndpoints(harness.sandbox.url, {
      clientId: "tidemark-test-app",
      clientSecret: "tidemark-test-app-secret",
    }),
    webRoot: null,
    now: () => clock,
    googleRetryPolicy: { attempts: 4, baseDelayMs: 1, maxDelayMs: 2, sleep: async () => {} },
  });
  instances.push(app);
  return app;
}

beforeAll(async () => {
  harness = await startAppHarness({ deps: { now: () => clock } });
  const url = harness.database.url;
  secondDatabase = url ? await openDatabase({ engine: "postgres", url, poolSize: 3 }) : null;
});
afterAll(async () => {
  for (const app of instances) await app.close();
  await secondDatabase?.close();
  await harness?.close();
});

type Person = TestPerson & { sessionId?: string };

async function say(app: FastifyInstance, who: Person, message: string): Promise<SendChatResponse> {
  const response = await app.inject({
    method: "POST",
    url: "/api/chat",
    headers: { ...sameOrigin, cookie: who.jar.header() },
    payload: {
      message,
      propertyId: who.propertyId,
      sessionId: who.sessionId ?? null,
      timeZone: "UTC",
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  who.sessionId = response.json().sessionId;
  return response.json();
}

const annotationsOf = async (who: Person) =>
  (
    await harness.app.inject({
      method: "GET",
      url: `/api/annotations/${who.propertyId}`,
      headers: { cookie: who.jar.header() },
    } as InjectOptions)
  ).json().reportingDataAnnotations as Annotation[];

describe("a conversation that goes on across instances and restarts", { timeout: 60_000 }, () => {
  it("answers alone complete the waiting request; 'it' and 'that one' mean the last annotation", async () => {
    const first = harness.app;
    const second = await startInstance(secondDatabase ?? harness.database);
    const who: Person = await setUpPerson(harness, "premium");

    const asked = await say(first, who, "Can you add an annotation for Nov 12, in red?");
    expect(asked.reply).toMatch(/^What should the annotation be called\?/);
    const created = await say(second, who, '"Partnership announced"');
    expect(created.reply).toBe("Created “Partnership announced” (2026-11-12) in red.");

    const moved = await say(first, who, "actually it was really on the 14th");
    expect(moved.reply).toBe(
      "Updated “Partnership announced” (2026-11-12) → “Partnership announced” (2026-11-14), red.",
    );
    const asksWhat = await say(second, who, "change it");
    expect(asksWhat.reply).toMatch(/^What should I change about “Partnership announced”/);
    const recoloured = await say(first, who, "blue");
    expect(recoloured.reply).toMatch(/→ “Partnership announced” \(2026-11-14\), blue\.$/);

    const preview = await say(second, who, "delete that one");
    expect(preview.confirmation?.summary).toBe("Delete “Partnership announced” (2026-11-14)?");
    const deleted = await say(first, who, "yes please");
    expect(deleted.reply).toBe("Deleted “Partnership announced” (2026-11-14).");
    expect((await annotationsOf(who)).some((a) => a.title === "Partnership announced")).toBe(false);
  });

  it("a question asked before a restart is answered after it", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    await say(harness.app, who, "log Spring promo on Nov 3 in green");
    await say(harness.app, who, "log Spring promo email on Nov 4");

    const before = await startInstance(secondDatabase ?? harness.database);
    const which = await say(before, who, "rename Spring promo to Spring promo launch");
    // "Spring promo" is one title exactly; a part of both is not, so ask about a part.
    expect(which.reply).toMatch(/^Updated “Spring promo” \(2026-11-03\)/);
    const asked = await say(before, who, "delete spring");
    expect(asked.reply).toMatch(/^Several annotations match\. Which one do you mean\?\n1\. /);
    await before.close();
    instances.splice(instances.indexOf(before), 1);

    const after = await startInstance(secondDatabase ?? harness.database);
    const chosen = await say(after, who, "the second one");
    expect(chosen.confirmation?.summary).toMatch(/^Delete “Spring promo/);
    const kept = await say(after, who, "no");
    expect(kept.reply).toMatch(/^Okay, I won't delete/);
    expect(
      (await annotationsOf(who)).filter((a) => a.title.startsWith("Spring promo")),
    ).toHaveLength(2);
  });
});
