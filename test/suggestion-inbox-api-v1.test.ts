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
 * The inbox through the REST API: a token with annotations:read lists it, one without
 * annotations:write cannot accept, and one with it accepts exactly once — through the same
 * service as the pages, so one annotation reaches Google.
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

async function tokenOf(who: TestPerson, scopes: string[]): Promise<string> {
  const response = await inject({
    method: "POST",
    url: "/api/account/tokens",
    headers: { ...sameOrigin, cookie: who.jar.header() },
    payload: { name: "Inbox script", scopes, expiresInDays: 30 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { token: string }).token;
}

/** A signed GitHub release delivery, and the suggestion it became (looked for a bounded number of times). */
async function releaseSuggestion(who: TestPerson, readToken: string): Promise<Suggestion> {
  const hook = await inject({
    method: "POST",
    url: `/api/properties/${who.propertyId}/hooks`,
    headers: { ...sameOrigin, cookie: who.jar.header() },
    payload: { name: "Deploys" },
  });
  expect(hook.statusCode, hook.body).toBe(201);
  const { id, secret } = hook.json() as { id: string; secret: string };
  const body = JSON.stringify({
    action: "published",
    release: { id: 7, tag_name: "v9.0.0", name: "v9.0.0", published_at: new Date().toISOString() },
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
  for (let attempt = 0; attempt < 300; attempt++) {
    const listed = await inject({
      method: "GET",
      url: `/api/v1/properties/${who.propertyId}/suggestions`,
      headers: { authorization: `Bearer ${readToken}` },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const found = (listed.json() as SuggestionListResponse).suggestions.find(
      (s) => s.source === "release-webhook",
    );
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the release never reached the inbox");
}

describe("the inbox through the REST API", () => {
  it("lists with annotations:read, refuses accepting without annotations:write, accepts once with it", async () => {
    const who = await setUpPerson(harness, "premium");
    const readOnly = await tokenOf(who, ["annotations:read"]);
    const writer = await tokenOf(who, ["annotations:read", "annotations:write"]);
    const suggestion = await releaseSuggestion(who, readOnly);
    expect(suggestion.status).toBe("open");
    await control(harness.sandbox.url, "DELETE", "/counters");

    const accept = (token: string) =>
      inject({
        method: "POST",
        url: `/api/v1/properties/${who.propertyId}/suggestions/${suggestion.id}/accept`,
        headers: { authorization: `Bearer ${token}` },
        payload: {},
      });
    const refused = await accept(readOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("insufficient_scope");

    const accepted = await accept(writer);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: "accepted", decidedHow: "person" });
    const again = await accept(writer);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("suggestion_closed");

    const counters = (
      await control<{ counters: Record<string, number> }>(harness.sandbox.url, "GET", "/counters")
    ).counters;
    expect(counters[createMethod]).toBe(1);
    const open = await inject({
      method: "GET",
      url: `/api/v1/properties/${who.propertyId}/suggestions?status=open`,
      headers: { authorization: `Bearer ${readOnly}` },
    });
    expect((open.json() as SuggestionListResponse).suggestions.map((s) => s.id)).not.toContain(
      suggestion.id,
    );
  });

  it("keeps the web app's cookie calls, and their origin guard", async () => {
    const who = await setUpPerson(harness, "premium");
    const listed = await inject({
      method: "GET",
      url: `/api/properties/${who.propertyId}/suggestions`,
      headers: { cookie: who.jar.header() },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const forged = await inject({
      method: "POST",
      url: `/api/properties/${who.propertyId}/suggestions/bulk`,
      headers: { cookie: who.jar.header(), origin: "https://evil.example" },
      payload: { action: "dismiss", ids: [randomUUID()] },
    });
    expect(forged.statusCode).toBe(403);
  });
});
