import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, calendarDateOf, type CalendarDate } from "../src/shared/calendar-date.js";
import { startSandbox, type RunningSandbox } from "../src/sandbox/index.js";
import { scopes } from "../src/sandbox/oauth/scopes.js";
import { bearer, sandboxAdminClient } from "../src/sandbox/testing/official-clients.js";
import { control, mintTokens } from "../src/sandbox/testing/sandbox-test-kit.js";
import type { User } from "../src/server/db/schema/index.js";
import { AppError } from "../src/server/app-error.js";
import type { GoogleChangeHistoryEvent } from "../src/server/integrations/google/analytics-admin.js";
import { createAnalyticsAdmin } from "../src/server/integrations/google/analytics-admin.js";
import { createAnalyticsGateway } from "../src/server/features/google-connection/analytics-gateway.js";
import type { GoogleConnectionService } from "../src/server/features/google-connection/google-connection-service.js";
import { createChangeHistorySource } from "../src/server/features/suggestions/sources/change-history.js";
import { groupSessions } from "../src/server/features/suggestions/sources/change-history-sessions.js";
import type {
  SourceBatch,
  SuggestionDraft,
  SuggestionSource,
} from "../src/server/features/suggestions/sources/source.js";

const email = "inbox-history@example.com";
const msPerDay = 86_400_000;
const reader = { id: "reader-1", email } as unknown as User;

let sandbox: RunningSandbox;
let propertyId: string;
let accountName: string;
/** What the fake connection hands the gateway; tests swap it. */
let connection: { token: string; canWrite: boolean };

function source(): SuggestionSource {
  const connections = {
    accessToken: async () => connection,
    forget: async () => {},
  } as unknown as GoogleConnectionService;
  const gateway = createAnalyticsGateway({
    connections,
    admin: createAnalyticsAdmin({ rootUrl: sandbox.url }),
    retryPolicy: { attempts: 2, baseDelayMs: 1, maxDelayMs: 1, sleep: async () => {} },
  });
  return createChangeHistorySource({ gateway });
}

const ninetyDaysBefore = (now: Date): CalendarDate => addDays(calendarDateOf(now), -90);

/** Reads until the source says nothing is left, as the job would (bounded, so a bug cannot spin). */
async function readAll(from: string | null, now: Date, reads = { count: 0 }) {
  const suggestions: SuggestionDraft[] = [];
  let cursor = from;
  let batch: SourceBatch;
  do {
    batch = await source().fetchSince(
      { propertyId, reader, now, earliest: ninetyDaysBefore(now) },
      cursor,
    );
    suggestions.push(...batch.suggestions);
    cursor = batch.cursor;
    reads.count += 1;
  } while (batch.more && reads.count < 20);
  return { suggestions, cursor, reads: reads.count };
}

async function historyFromGoogle(token: string): Promise<GoogleChangeHistoryEvent[]> {
  const client = sandboxAdminClient(sandbox.url, bearer(sandbox.url, token));
  const events: GoogleChangeHistoryEvent[] = [];
  let pageToken: string | undefined;
  do {
    const { data } = await client.accounts.searchChangeHistoryEvents({
      account: accountName,
      requestBody: { property: `properties/${propertyId}`, pageSize: 200, pageToken },
    });
    events.push(...((data.changeHistoryEvents ?? []) as GoogleChangeHistoryEvent[]));
    pageToken = data.nextPageToken ?? undefined;
  } while (pageToken);
  return events;
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, clients: [], faultControl: true });
  const token = (await mintTokens(sandbox.url, { email })).access_token;
  connection = { token, canWrite: true };
  const { data } = await sandboxAdminClient(
    sandbox.url,
    bearer(sandbox.url, token),
  ).accountSummaries.list();
  const account = data.accountSummaries!.find((summary) =>
    // canEdit is on the wire (Google sends it) but missing from the client's types.
    summary.propertySummaries?.some((property) => (property as { canEdit?: boolean }).canEdit),
  )!;
  accountName = account.account!;
  propertyId = account.propertySummaries![0]!.property!.replace("properties/", "");
});

beforeEach(async () => {
  await control(sandbox.url, "POST", "/reset");
  connection = { token: (await mintTokens(sandbox.url, { email })).access_token, canWrite: true };
});

afterAll(() => sandbox.close());

describe("the change-history source", () => {
  it("turns the last 90 days into one suggestion per editing session, in a few reads", async () => {
    const now = new Date();
    const { suggestions, reads } = await readAll(null, now);
    expect(reads).toBeGreaterThan(1);
    expect(reads).toBeLessThanOrEqual(5);

    // Independently: Google's events of the last 90 days, chained by actor and a 30-minute gap.
    const since = now.getTime() - 90 * msPerDay - 14 * 3_600_000;
    const events = (await historyFromGoogle(connection.token))
      .filter((event) => Date.parse(event.changeTime) >= since)
      .reverse();
    const firsts: string[] = [];
    const last = new Map<string, number>();
    for (const event of events) {
      const actor = event.userActorEmail ?? event.actorType;
      const at = Date.parse(event.changeTime);
      if (!last.has(actor) || at - last.get(actor)! >= 30 * 60_000) firsts.push(event.id);
      last.set(actor, at);
    }
    expect(suggestions.map((suggestion) => suggestion.itemKey).sort()).toEqual(
      firsts.map((id) => `change-history:${id}`).sort(),
    );
    expect(suggestions.length).toBeGreaterThanOrEqual(10);
    for (const suggestion of suggestions) {
      expect(suggestion.title.length).toBeGreaterThan(0);
      expect(suggestion.title.length).toBeLessThanOrEqual(80);
      expect(suggestion.description).toMatch(/^Changed in Google Analytics by /);
      expect(suggestion.description.length).toBeLessThanOrEqual(1000);
    }
    const titles = suggestions.map((suggestion) => suggestion.title).join("\n");
    expect(titles).toMatch(/Key event “[a-z_]+” created/);
    expect(titles).toMatch(/Data stream “[^”]+” (created|changed)/);
    expect(titles).toMatch(/Custom dimension “[^”]+” added|\d custom dimensions added/);
    expect(titles).toMatch(/Google Ads account \d{3}-\d{3}-\d{4} linked/);
  });

  it("reads on from its cursor: nothing twice, and what happened since", async () => {
    const now = new Date();
    const first = await readAll(null, now);
    const again = await readAll(first.cursor, now);
    expect(again.suggestions).toEqual([]);

    await control(sandbox.url, "POST", "/clock", { advanceSeconds: 40 * 86_400 });
    connection = { token: (await mintTokens(sandbox.url, { email })).access_token, canWrite: true };
    const later = new Date(now.getTime() + 40 * msPerDay);
    const next = await readAll(first.cursor, later);
    expect(next.suggestions.length).toBeGreaterThan(0);
    const before = new Set(first.suggestions.map((suggestion) => suggestion.itemKey));
    expect(next.suggestions.filter((suggestion) => before.has(suggestion.itemKey))).toEqual([]);
    // Read straight from the start at that later time, the same sessions come out.
    const whole = await readAll(null, later);
    const recent = whole.suggestions.filter((suggestion) =>
      next.suggestions.some((fresh) => fresh.itemKey === suggestion.itemKey),
    );
    expect(recent).toEqual(next.suggestions);
  });

  it("waits for an editing session to end, then suggests it once, whole", async () => {
    const events = (await historyFromGoogle(connection.token)).reverse();
    const session = groupSessions(events).find(
      (candidate) => candidate.events.length >= 2 && candidate.start < Date.now() - 5 * msPerDay,
    )!;
    expect(session).toBeDefined();
    const during = new Date(session.start + 60_000);
    const early = await readAll(null, during);
    expect(early.suggestions.map((suggestion) => suggestion.itemKey)).not.toContain(
      `change-history:${session.events[0]!.id}`,
    );
    const after = new Date(session.end + 2 * 3_600_000);
    const late = await readAll(early.cursor, after);
    const found = late.suggestions.filter(
      (suggestion) => suggestion.itemKey === `change-history:${session.events[0]!.id}`,
    );
    expect(found).toHaveLength(1);
    const changes = session.events.reduce((count, event) => count + event.changes.length, 0);
    expect(found[0]!.description.split("\n").filter((line) => line.startsWith("• "))).toHaveLength(
      changes,
    );
  });

  it("never suggests annotations back (Tidemark's own writes are in the history too)", async () => {
    await sandboxAdminClient(
      sandbox.url,
      bearer(sandbox.url, connection.token),
    ).properties.reportingDataAnnotations.create({
      parent: `properties/${propertyId}`,
      requestBody: {
        title: "Spring sale",
        color: "GREEN",
        annotationDate: { year: 2026, month: 3, day: 2 },
      },
    });
    const { suggestions } = await readAll(null, new Date(Date.now() + 3 * 3_600_000));
    expect(suggestions.map((suggestion) => suggestion.description).join("\n")).not.toMatch(
      /annotation|Spring sale/i,
    );
  });

  it("asks Google nothing when its clock is behind the cursor", async () => {
    const now = new Date();
    const { cursor } = await readAll(null, now);
    await control(sandbox.url, "DELETE", "/counters");
    const batch = await source().fetchSince(
      {
        propertyId,
        reader,
        now: new Date(now.getTime() - 2 * msPerDay),
        earliest: ninetyDaysBefore(now),
      },
      cursor,
    );
    expect(batch).toEqual({ suggestions: [], cursor, more: false });
    expect((await control<{ total: number }>(sandbox.url, "GET", "/counters")).total).toBe(0);
  });

  it("answers nothing, and keeps its cursor, without a reader", async () => {
    const batch = await source().fetchSince(
      { propertyId, reader: null, now: new Date(), earliest: ninetyDaysBefore(new Date()) },
      "kept",
    );
    expect(batch).toEqual({ suggestions: [], cursor: "kept", more: false });
  });

  it("says google_read_only, never a 500, when the connection may not edit", async () => {
    connection = { ...connection, canWrite: false };
    await control(sandbox.url, "DELETE", "/counters");
    await expect(readAll(null, new Date())).rejects.toMatchObject({ code: "google_read_only" });
    // Known from the stored scopes: Google is not asked at all.
    expect((await control<{ total: number }>(sandbox.url, "GET", "/counters")).total).toBe(0);

    // The stored scopes said edit, Google's token says otherwise: Google's 403 says the same.
    const readOnly = await mintTokens(sandbox.url, {
      email,
      scopes: [scopes.openid, scopes.analyticsReadonly],
    });
    connection = { token: readOnly.access_token, canWrite: true };
    const failure = await readAll(null, new Date()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: "google_read_only" });
    expect((failure as AppError).message).toMatch(/change history/);
  });

  it("turns Google's quota answer into google_busy with a long retry", async () => {
    await control(sandbox.url, "POST", "/faults", {
      method: "analyticsadmin.accounts.searchChangeHistoryEvents",
      kind: "resource-exhausted",
    });
    const failure = await readAll(null, new Date()).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "google_busy", retryAfterSeconds: 900 });
    const { counters } = await control<{ counters: Record<string, number> }>(
      sandbox.url,
      "GET",
      "/counters",
    );
    // Retried by the gateway's policy (2 attempts), then given up: no endless hammering.
    expect(counters["analyticsadmin.accounts.searchChangeHistoryEvents"]).toBe(2);
  });
});
