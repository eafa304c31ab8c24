import { createHmac, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { control, mintTokens } from "../src/sandbox/testing/sandbox-test-kit.js";
import { inboxHookDeliveries, inboxSuggestions, users } from "../src/server/db/schema/index.js";
import { analyticsScopes } from "../src/server/integrations/google/google-oauth.js";
import type { Suggestion, SuggestionListResponse } from "../src/shared/contracts/suggestions.js";
import {
  sameOrigin,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";

/**
 * The suggestion inbox through the HTTP API on a real database and the Google sandbox, with its
 * jobs running: webhook deliveries, holidays, accepting (exactly once, under Google faults),
 * dismissing, rules, and the account's deletion.
 */
let harness: AppHarness;
let clock = new Date();
const createMethod = "analyticsadmin.properties.reportingDataAnnotations.create";
const listMethod = "analyticsadmin.properties.reportingDataAnnotations.list";

beforeAll(async () => {
  harness = await startAppHarness({
    deps: { now: () => clock, googleRequestTimeoutMs: 250 },
  });
});
afterAll(async () => {
  await harness?.close();
});
beforeEach(async () => {
  clock = new Date();
  await control(harness.sandbox.url, "POST", "/reset");
});

const inject = (options: InjectOptions) => harness.app.inject(options);

async function createHook(who: TestPerson) {
  const response = await inject({
    method: "POST",
    url: `/api/properties/${who.propertyId}/hooks`,
    headers: { ...sameOrigin, cookie: who.jar.header() },
    payload: { name: "Deploys" },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; url: string; secret: string };
}

function sign(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

function releaseBody(id: number, tag: string, publishedAt = clock.toISOString()) {
  return JSON.stringify({
    action: "published",
    release: { id, tag_name: tag, name: tag, body: "Faster checkout", published_at: publishedAt },
    repository: { full_name: "acme/shop" },
  });
}

function deliver(
  hookId: string,
  body: string,
  headers: Record<string, string | undefined>,
): ReturnType<typeof inject> {
  const sent: Record<string, string> = { "content-type": "application/json" };
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) sent[name] = value;
  return inject({ method: "POST", url: `/api/hooks/${hookId}`, headers: sent, payload: body });
}

function githubRelease(
  hook: { id: string; secret: string },
  body: string,
  delivery = randomUUID(),
) {
  return deliver(hook.id, body, {
    "x-github-event": "release",
    "x-github-delivery": delivery,
    "x-hub-signature-256": sign(hook.secret, body),
  });
}

async function inbox(who: TestPerson, status = "open"): Promise<SuggestionListResponse> {
  const response = await inject({
    method: "GET",
    url: `/api/properties/${who.propertyId}/suggestions?status=${status}`,
    headers: { cookie: who.jar.header() },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SuggestionListResponse;
}

/** Waits for the inbox's jobs by looking again, a bounded number of times. */
async function eventually(
  who: TestPerson,
  done: (list: Suggestion[]) => boolean,
  status = "open",
): Promise<Suggestion[]> {
  // Reads queue behind other properties' reads on one worker: up to 30 s of looking.
  for (let attempt = 0; attempt < 300; attempt++) {
    const list = (await inbox(who, status)).suggestions;
    if (done(list)) return list;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // What the inbox's jobs were doing, to tell a slow queue from a failing read.
  const jobs = await harness.database.db.execute(
    sql`select name, state, data, retry_count, output from pgboss.job
        where name like 'inbox%' order by created_on desc limit 15`,
  );
  throw new Error(`the inbox never got there; its jobs: ${JSON.stringify(jobs.rows)}`);
}

const releases = (list: Suggestion[]) => list.filter((s) => s.source === "release-webhook");

async function googleTitles(who: TestPerson): Promise<string[]> {
  const tokens = await mintTokens(harness.sandbox.url, {
    email: who.email,
    scopes: [analyticsScopes.edit],
  });
  const response = await fetch(
    `${harness.sandbox.url}/v1alpha/properties/${who.propertyId}/reportingDataAnnotations?pageSize=200`,
    { headers: { authorization: `Bearer ${tokens.access_token}` } },
  );
  const body = (await response.json()) as { reportingDataAnnotations?: { title: string }[] };
  return (body.reportingDataAnnotations ?? []).map((annotation) => annotation.title);
}

const deliveryCount = async () =>
  (
    await harness.database.db.select({ n: sql<number>`count(*)::int` }).from(inboxHookDeliveries)
  )[0]!.n;

describe("release webhooks", () => {
  it("store a signed delivery once and refuse wrong, missing and foreign signatures with nothing stored", async () => {
    const who = await setUpPerson(harness, "premium");
    const hook = await createHook(who);
    expect(hook.url).toMatch(new RegExp(`/api/hooks/${hook.id}$`));
    expect(hook.secret.length).toBeGreaterThanOrEqual(40);
    // The secret is shown once: listing never gives it again.
    const listed = await inject({
      method: "GET",
      url: `/api/properties/${who.propertyId}/hooks`,
      headers: { cookie: who.jar.header() },
    });
    expect(listed.body).not.toContain(hook.secret);

    const body = releaseBody(101, "v2.4.0");
    const before = await deliveryCount();
    const wrong = await deliver(hook.id, body, {
      "x-github-event": "release",
      "x-github-delivery": randomUUID(),
      "x-hub-signature-256": sign("not-the-secret", body),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe("webhook_signature_invalid");
    const missing = await deliver(hook.id, body, {
      "x-github-event": "release",
      "x-github-delivery": randomUUID(),
    });
    expect(missing.statusCode).toBe(401);
    // A body changed after signing does not pass either.
    const tampered = await deliver(hook.id, body.replace("v2.4.0", "v9.9.9"), {
      "x-github-event": "release",
      "x-github-delivery": randomUUID(),
      "x-hub-signature-256": sign(hook.secret, body),
    });
    expect(tampered.statusCode).toBe(401);
    const unknownHook = await deliver(randomUUID(), body, {
      "x-github-event": "release",
      "x-hub-signature-256": sign(hook.secret, body),
    });
    expect(unknownHook.statusCode).toBe(401);
    expect(await deliveryCount()).toBe(before);

    const delivery = randomUUID();
    const first = await githubRelease(hook, body, delivery);
    expect(first.statusCode, first.body).toBe(202);
    const replayed = await githubRelease(hook, body, delivery);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toEqual({ outcome: "duplicate" });
    expect(await deliveryCount()).toBe(before + 1);

    // GitHub redelivers the same release under a new delivery id: still one suggestion.
    expect((await githubRelease(hook, body)).statusCode).toBe(202);
    const list = await eventually(who, (l) => releases(l).length > 0);
    expect(releases(list)).toHaveLength(1);
    expect(releases(list)[0]).toMatchObject({
      title: "RELEASE · v2.4.0 (shop)",
      categoryPreset: "releases",
      color: "BLUE",
    });
    // Read again after the redelivery's job: nothing new arrived.
    await eventually(who, () => true);
    const rows = await harness.database.db
      .select()
      .from(inboxSuggestions)
      .where(eq(inboxSuggestions.propertyId, who.propertyId));
    expect(rows.filter((row) => row.source === "release-webhook")).toHaveLength(1);
  });

  it("takes a plain JSON release from any pipeline with the same signature, and refuses an oversized body", async () => {
    const who = await setUpPerson(harness, "premium");
    const hook = await createHook(who);
    const body = JSON.stringify({ title: "Checkout v3", description: "New payment page" });
    const sent = await deliver(hook.id, body, { "x-hub-signature-256": sign(hook.secret, body) });
    expect(sent.statusCode, sent.body).toBe(202);
    const list = await eventually(who, (l) => releases(l).length > 0);
    expect(releases(list)[0]).toMatchObject({ description: "New payment page" });

    const huge = JSON.stringify({ title: "x", description: "y".repeat(200_000) });
    const refused = await deliver(hook.id, huge, {
      "x-hub-signature-256": sign(hook.secret, huge),
    });
    expect(refused.statusCode).toBe(413);
  });

  it("verify the signature over the bytes as sent: invalid UTF-8 is refused for its content, never its signature", async () => {
    const who = await setUpPerson(harness, "premium");
    const hook = await createHook(who);
    const signBytes = (secret: string, bytes: Buffer) =>
      `sha256=${createHmac("sha256", secret).update(bytes).digest("hex")}`;
    const send = (bytes: Buffer, signature: string) =>
      inject({
        method: "POST",
        url: `/api/hooks/${hook.id}`,
        headers: { "content-type": "application/json", "x-hub-signature-256": signature },
        payload: bytes,
      });
    const before = await deliveryCount();
    // "Café" in Latin-1: one byte (0xE9) that is not UTF-8, which decoding would replace.
    const latin1 = Buffer.concat([
      Buffer.from('{"title":"Caf'),
      Buffer.from([0xe9]),
      Buffer.from(' launch"}'),
    ]);
    const signed = await send(latin1, signBytes(hook.secret, latin1));
    expect(signed.statusCode, signed.body).toBe(400);
    expect(signed.json()).toMatchObject({
      code: "invalid_request",
      error: expect.stringMatching(/UTF-8/),
    });
    // Signed over the text a decoder reads (0xE9 replaced by U+FFFD): not the bytes sent.
    const overDecoded = await send(latin1, signBytes(hook.secret, Buffer.from(latin1.toString())));
    expect(overDecoded.statusCode).toBe(401);
    expect(overDecoded.json().code).toBe("webhook_signature_invalid");
    expect(await deliveryCount()).toBe(before);

    // The same title in UTF-8, signed over its bytes, is stored with every character as sent.
    const utf8 = Buffer.from('{"title":"Café launch ✓"}');
    const stored = await send(utf8, signBytes(hook.secret, utf8));
    expect(stored.statusCode, stored.body).toBe(202);
    const list = await eventually(who, (l) => releases(l).length > 0);
    expect(releases(list)[0]!.title).toContain("Café launch ✓");
  });

  it("keep a release's own name when it already says release: no second RELEASE", async () => {
    const who = await setUpPerson(harness, "premium");
    const hook = await createHook(who);
    const body = JSON.stringify({
      action: "published",
      release: {
        id: 240,
        tag_name: "v2.4",
        name: "Release 2.4",
        published_at: clock.toISOString(),
      },
      repository: { full_name: "acme/shop" },
    });
    expect((await githubRelease(hook, body)).statusCode).toBe(202);
    const [suggestion] = releases(await eventually(who, (l) => releases(l).length > 0));
    expect(suggestion).toMatchObject({ title: "Release 2.4 (shop)", categoryPreset: "releases" });
  });

  it("are a Premium source: a free person is told why", async () => {
    const who = await setUpPerson(harness, "freemium");
    const response = await inject({
      method: "POST",
      url: `/api/properties/${who.propertyId}/hooks`,
      headers: { ...sameOrigin, cookie: who.jar.header() },
      payload: { name: "Deploys" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: "premium_required",
      error: expect.stringMatching(/Premium source/),
    });
    const sources = (await inbox(who)).sources;
    expect(sources.find((s) => s.kind === "release-webhook")?.available).toBe(false);
    expect(sources.find((s) => s.kind === "holidays")?.available).toBe(true);
  });
});

describe("accepting and dismissing", () => {
  it("writes exactly one annotation even when Google's answer is lost mid-accept", async () => {
    const who = await setUpPerson(harness, "premium");
    const hook = await createHook(who);
    await githubRelease(hook, releaseBody(202, "v5.0.0"));
    const [suggestion] = releases(await eventually(who, (l) => releases(l).length > 0));
    await control(harness.sandbox.url, "DELETE", "/counters");
    // Google makes the annotation but the answer never arrives, and it cannot be listed yet.
    await control(harness.sandbox.url, "POST", "/faults", {
      method: createMethod,
      kind: "commit-then-drop",
      times: 1,
    });
    await control(harness.sandbox.url, "POST", "/faults", {
      method: listMethod,
      kind: "unavailable",
      times: 10,
    });
    const accept = () =>
      inject({
        method: "POST",
        url: `/api/properties/${who.propertyId}/suggestions/${suggestion!.id}/accept`,
        headers: { ...sameOrigin, cookie: who.jar.header() },
        payload: {},
      });
    const first = await accept();
    expect(first.statusCode).toBe(504);
    expect(first.json().code).toBe("google_unconfirmed");
    await control(harness.sandbox.url, "DELETE", "/faults");

    const second = await accept();
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ status: "accepted", decidedHow: "person" });
    const counters = (
      await control<{ counters: Record<string, number> }>(harness.sandbox.url, "GET", "/counters")
    ).counters;
    expect(counters[createMethod]).toBe(1);
    const titles = await googleTitles(who);
    expect(titles.filter((title) => title === "RELEASE · v5.0.0 (shop)")).toHaveLength(1);
    const third = await accept();
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe("suggestion_closed");
    const user = (
      await harness.database.db.select().from(users).where(eq(users.email, who.email))
    )[0]!;
    expect(user.dailyAnnotationCount).toBe(1);
  });

  it("accepts with the create dialog's edits", async () => {
    const who = await setUpPerson(harness, "premium");
    const hook = await createHook(who);
    await githubRelease(hook, releaseBody(303, "v6.1.0"));
    const [suggestion] = releases(await eventually(who, (l) => releases(l).length > 0));
    const response = await inject({
      method: "POST",
      url: `/api/properties/${who.propertyId}/suggestions/${suggestion!.id}/accept`,
      headers: { ...sameOrigin, cookie: who.jar.header() },
      payload: { title: "Checkout rewrite", color: "GREEN" },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await googleTitles(who)).toContain("RELEASE · Checkout rewrite");
  });

  it("never suggests a dismissed item again", async () => {
    const who = await setUpPerson(harness, "premium");
    const hook = await createHook(who);
    const body = releaseBody(404, "v7.0.0");
    await githubRelease(hook, body);
    const [suggestion] = releases(await eventually(who, (l) => releases(l).length > 0));
    const dismissed = await inject({
      method: "POST",
      url: `/api/properties/${who.propertyId}/suggestions/${suggestion!.id}/dismiss`,
      headers: { ...sameOrigin, cookie: who.jar.header() },
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    // Delivered again (a new delivery of the same release): it does not come back.
    expect((await githubRelease(hook, body)).statusCode).toBe(202);
    await githubRelease(hook, releaseBody(405, "v7.0.1"));
    const list = await eventually(who, (l) => releases(l).some((s) => s.title.includes("v7.0.1")));
    expect(releases(list).map((s) => s.title)).toEqual(["RELEASE · v7.0.1 (shop)"]);
    const history = releases((await inbox(who, "dismissed")).suggestions);
    expect(history.map((s) => s.id)).toEqual([suggestion!.id]);
  });

  it("undoes a dismissal: the suggestion is open again, once", async () => {
    const who = await setUpPerson(harness, "premium");
    const hook = await createHook(who);
    await githubRelease(hook, releaseBody(406, "v7.1.0"));
    const [suggestion] = releases(await eventually(who, (l) => releases(l).length > 0));
    const url = `/api/properties/${who.propertyId}/suggestions/${suggestion!.id}`;
    const post = (path: string, jar = who.jar) =>
      inject({
        method: "POST",
        url: `${url}/${path}`,
        headers: { ...sameOrigin, cookie: jar.header() },
      });
    expect((await post("dismiss")).statusCode).toBe(200);
    // Someone else cannot reopen it.
    const stranger = await setUpPerson(harness, "premium");
    expect((await post("restore", stranger.jar)).statusCode).not.toBe(200);
    const restored = await post("restore");
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().status).toBe("open");
    expect(releases((await inbox(who, "open")).suggestions).map((s) => s.id)).toEqual([
      suggestion!.id,
    ]);
    expect(releases((await inbox(who, "dismissed")).suggestions)).toEqual([]);
    // An open suggestion has no dismissal to undo.
    const again = await post("restore");
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("suggestion_closed");
  });

  it("decides many at once, each on its own", async () => {
    const who = await setUpPerson(harness, "premium");
    const hook = await createHook(who);
    await githubRelease(hook, releaseBody(501, "v8.0.0"));
    await githubRelease(hook, releaseBody(502, "v8.0.1"));
    const list = await eventually(who, (l) => releases(l).length === 2);
    const response = await inject({
      method: "POST",
      url: `/api/properties/${who.propertyId}/suggestions/bulk`,
      headers: { ...sameOrigin, cookie: who.jar.header() },
      payload: { action: "dismiss", ids: [...releases(list).map((s) => s.id), randomUUID()] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json().results as { ok: boolean; code?: string }[];
    expect(results.map((r) => r.ok)).toEqual([true, true, false]);
    expect(results[2]!.code).toBe("suggestion_not_found");
  });
});

describe("rules", () => {
  it("accept new releases from a hook without asking, within the daily quota, and say so in the history", async () => {
    const who = await setUpPerson(harness, "premium");
    const hook = await createHook(who);
    const rule = await inject({
      method: "POST",
      url: `/api/properties/${who.propertyId}/inbox-rules`,
      headers: { ...sameOrigin, cookie: who.jar.header() },
      payload: { source: "release-webhook", origin: hook.id },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    // One annotation left today.
    await harness.database.db
      .update(users)
      .set({ annotationQuota: 1 })
      .where(eq(users.email, who.email));
    await githubRelease(hook, releaseBody(601, "v9.0.0"));
    const accepted = await eventually(who, (l) => releases(l).length === 1, "accepted");
    expect(accepted[0]).toMatchObject({ decidedHow: "rule", status: "accepted" });
    expect(await googleTitles(who)).toContain("RELEASE · v9.0.0 (shop)");

    await githubRelease(hook, releaseBody(602, "v9.0.1"));
    const open = await eventually(who, (l) => releases(l).length === 1);
    expect(open[0]!.title).toBe("RELEASE · v9.0.1 (shop)");
    expect(await googleTitles(who)).not.toContain("RELEASE · v9.0.1 (shop)");
  });
});

describe("deleting a rule", () => {
  it("answers an unknown or another person's rule with the rules' own not-found code", async () => {
    const who = await setUpPerson(harness, "premium");
    const stranger = await setUpPerson(harness, "premium");
    const created = await inject({
      method: "POST",
      url: `/api/properties/${who.propertyId}/inbox-rules`,
      headers: { ...sameOrigin, cookie: who.jar.header() },
      payload: { source: "holidays" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const remove = (person: TestPerson, id: string) =>
      inject({
        method: "DELETE",
        url: `/api/properties/${person.propertyId}/inbox-rules/${id}`,
        headers: { ...sameOrigin, cookie: person.jar.header() },
      });
    for (const [person, id] of [
      [who, randomUUID()],
      [who, "not-a-rule"],
      [stranger, created.json().id as string],
    ] as const) {
      const response = await remove(person, id);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({
        code: "rule_not_found",
        error: "That inbox rule was not found. It may have been deleted.",
      });
    }
    expect((await remove(who, created.json().id)).statusCode).toBe(200);
    expect((await remove(who, created.json().id)).json().code).toBe("rule_not_found");
  });
});

describe("public holidays", () => {
  it("suggest the chosen country's holidays on the days they are observed, the last 90 days", async () => {
    clock = new Date("2026-07-10T12:00:00Z");
    const who = await setUpPerson(harness, "freemium");
    const set = await inject({
      method: "PUT",
      url: `/api/properties/${who.propertyId}/holiday-calendar`,
      headers: { ...sameOrigin, cookie: who.jar.header() },
      payload: { country: "us" },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ holidayCalendar: { country: "US", region: null } });
    const list = await eventually(who, (l) => l.some((s) => s.source === "holidays"));
    const holidays = list
      .filter((s) => s.source === "holidays")
      .map((s) => [s.annotationDate, s.title])
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(holidays).toEqual([
      [{ year: 2026, month: 5, day: 25 }, "EXTERNAL · Memorial Day"],
      [{ year: 2026, month: 6, day: 19 }, "EXTERNAL · Juneteenth"],
      // 4 July 2026 is a Saturday: the day off is Friday the 3rd.
      [{ year: 2026, month: 7, day: 3 }, "EXTERNAL · Independence Day (substitute day)"],
      [{ year: 2026, month: 7, day: 4 }, "EXTERNAL · Independence Day"],
    ]);

    const unknown = await inject({
      method: "PUT",
      url: `/api/properties/${who.propertyId}/holiday-calendar`,
      headers: { ...sameOrigin, cookie: who.jar.header() },
      payload: { country: "ZZ" },
    });
    expect(unknown.statusCode).toBe(400);
    const off = await inject({
      method: "PUT",
      url: `/api/properties/${who.propertyId}/holiday-calendar`,
      headers: { ...sameOrigin, cookie: who.jar.header(), "content-type": "application/json" },
      payload: "null",
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ holidayCalendar: null });
  });
});

describe("the account's deletion", () => {
  it("takes the property's inbox with the last account that has it saved", async () => {
    const who = await setUpPerson(harness, "premium");
    const hook = await createHook(who);
    await githubRelease(hook, releaseBody(701, "v10.0.0"));
    await eventually(who, (l) => releases(l).length > 0);
    // The export has the person's webhooks, never their secret.
    const exported = await inject({
      method: "POST",
      url: "/api/account/export",
      headers: { ...sameOrigin, cookie: who.jar.header() },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const file = exported.json() as { webhooks: { name: string }[]; webhookDeliveries: unknown[] };
    expect(file.webhooks.map((webhook) => webhook.name)).toEqual(["Deploys"]);
    expect(file.webhookDeliveries).toHaveLength(1);
    expect(exported.body).not.toContain(hook.secret);
    expect(exported.body).not.toMatch(/sealed/i);
    const deleted = await inject({
      method: "POST",
      url: "/api/account/delete",
      headers: { ...sameOrigin, cookie: who.jar.header() },
      payload: { confirmEmail: who.email },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await harness.database.db.execute<{ n: number }>(sql`
      select (select count(*) from inbox_suggestions where property_id = ${who.propertyId})
           + (select count(*) from inbox_hooks where property_id = ${who.propertyId})
           + (select count(*) from inbox_hook_deliveries where property_id = ${who.propertyId})
           + (select count(*) from inbox_cursors where property_id = ${who.propertyId}) as n`);
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});
