import { createHmac, randomUUID } from "node:crypto";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { control } from "../src/sandbox/testing/sandbox-test-kit.js";
import type { Suggestion, SuggestionListResponse } from "../src/shared/contracts/suggestions.js";
import {
  sameOrigin,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";

/**
 * The assistant and the suggestion inbox, in one conversation on the offline engine: it lists,
 * asks when a request names several suggestions, and accepts the one named — through the
 * suggestions service, so exactly one annotation reaches Google.
 */
let harness: AppHarness;
const createMethod = "analyticsadmin.properties.reportingDataAnnotations.create";

beforeAll(async () => {
  harness = await startAppHarness();
});
afterAll(async () => {
  await harness?.close();
});

const inject = (options: InjectOptions) => harness.app.inject(options);
const asOwner = (who: TestPerson) => ({ ...sameOrigin, cookie: who.jar.header() });

async function openSuggestions(who: TestPerson): Promise<Suggestion[]> {
  const response = await inject({
    method: "GET",
    url: `/api/properties/${who.propertyId}/suggestions`,
    headers: asOwner(who),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as SuggestionListResponse).suggestions;
}

/** A signed release delivery and the US holiday calendar, and the inbox once both have arrived. */
async function fillInbox(who: TestPerson): Promise<Suggestion[]> {
  const hook = await inject({
    method: "POST",
    url: `/api/properties/${who.propertyId}/hooks`,
    headers: asOwner(who),
    payload: { name: "Deploys" },
  });
  expect(hook.statusCode, hook.body).toBe(201);
  const { id, secret } = hook.json() as { id: string; secret: string };
  const body = JSON.stringify({
    action: "published",
    release: { id: 8, tag_name: "v9.1.0", name: "v9.1.0", published_at: new Date().toISOString() },
    repository: { full_name: "acme/shop" },
  });
  const delivered = await inject({
    method: "POST",
    url: `/api/hooks/${id}`,
    headers: {
      "content-type": "application/json",
      "x-github-event": "release",
      "x-github-delivery": randomUUID(),
      "x-hub-signature-256": `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`,
    },
    payload: body,
  });
  expect(delivered.statusCode, delivered.body).toBe(202);
  const calendar = await inject({
    method: "PUT",
    url: `/api/properties/${who.propertyId}/holiday-calendar`,
    headers: asOwner(who),
    payload: { country: "US" },
  });
  expect(calendar.statusCode, calendar.body).toBe(200);
  for (let attempt = 0; attempt < 300; attempt++) {
    const open = await openSuggestions(who);
    const holidays = open.filter((s) => s.source === "holidays").length;
    if (holidays >= 2 && open.some((s) => s.source === "release-webhook")) return open;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the inbox never filled");
}

describe("the assistant and the inbox", () => {
  // Waits for two background sources to fill the inbox: on a busy machine that alone can take long.
  it(
    "lists, asks when the words name several, and accepts the one named, once",
    { timeout: 90_000 },
    async () => {
      const who = await setUpPerson(harness, "premium");
      const open = await fillInbox(who);
      const release = open.find((s) => s.source === "release-webhook")!;
      await control(harness.sandbox.url, "DELETE", "/counters");
      let sessionId: string | undefined;
      const say = async (message: string) => {
        const response = await inject({
          method: "POST",
          url: "/api/chat",
          headers: asOwner(who),
          payload: {
            message,
            propertyId: who.propertyId,
            timeZone: "UTC",
            ...(sessionId ? { sessionId } : {}),
          },
        });
        expect(response.statusCode, response.body).toBe(200);
        const answer = response.json() as { reply: string; sessionId: string };
        sessionId = answer.sessionId;
        return answer.reply;
      };
      const creates = async () =>
        (
          await control<{ counters: Record<string, number> }>(
            harness.sandbox.url,
            "GET",
            "/counters",
          )
        ).counters[createMethod] ?? 0;

      const listed = await say("what's in my inbox?");
      expect(listed).toContain(`${open.length} open suggestions`);
      expect(listed).toContain(release.title);
      expect(await creates()).toBe(0);

      const asked = await say("accept the holiday suggestion");
      expect(asked).toMatch(/More than one open suggestion matches “holiday”/);
      expect(await creates()).toBe(0);

      const accepted = await say("accept the release one");
      expect(accepted).toContain(`Accepted: “${release.title}”`);
      expect(await creates()).toBe(1);
      const after = await openSuggestions(who);
      expect(after.map((s) => s.id)).not.toContain(release.id);
      expect(after).toHaveLength(open.length - 1);

      // Nothing of the release is left to accept: a second ask is answered, not written.
      const again = await say("accept the release one");
      expect(again).toMatch(/No open suggestion matches “release”/);
      expect(await creates()).toBe(1);
    },
  );
});
