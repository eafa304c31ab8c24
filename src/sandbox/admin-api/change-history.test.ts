import type { analyticsadmin_v1alpha } from "@googleapis/analyticsadmin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../index.js";
import { scopes } from "../oauth/scopes.js";
import {
  bearer,
  googleErrorOf,
  sandboxAdminBetaClient,
  sandboxAdminClient,
} from "../testing/official-clients.js";
import { control, mintTokens } from "../testing/sandbox-test-kit.js";

const email = "history@example.com";
const msPerDay = 86_400_000;
let sandbox: RunningSandbox;
let accessToken: string;
let accountName: string;
let propertyName: string;
let readOnlyAccountName: string;

type Beta = ReturnType<typeof sandboxAdminBetaClient>;
type Alpha = ReturnType<typeof sandboxAdminClient>;
const beta = (): Beta => sandboxAdminBetaClient(sandbox.url, bearer(sandbox.url, accessToken));
const alpha = (): Alpha => sandboxAdminClient(sandbox.url, bearer(sandbox.url, accessToken));

type SearchBody =
  analyticsadmin_v1alpha.Schema$GoogleAnalyticsAdminV1alphaSearchChangeHistoryEventsRequest;

async function allEvents(body: SearchBody, client: Alpha | Beta = alpha()) {
  const events = [];
  let pageToken: string | undefined;
  let pages = 0;
  do {
    const { data } = await client.accounts.searchChangeHistoryEvents({
      account: accountName,
      requestBody: { ...body, ...(pageToken ? { pageToken } : {}) },
    });
    events.push(...(data.changeHistoryEvents ?? []));
    pageToken = data.nextPageToken ?? undefined;
    pages += 1;
  } while (pageToken && pages < 50);
  return { events, pages };
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, clients: [], faultControl: true });
  accessToken = (await mintTokens(sandbox.url, { email })).access_token;
  const { data } = await beta().accountSummaries.list();
  const editable = data.accountSummaries!.find((account) =>
    // canEdit is on the wire (Google sends it) but missing from the client's types.
    account.propertySummaries?.some((property) => (property as { canEdit?: boolean }).canEdit),
  )!;
  accountName = editable.account!;
  propertyName = editable.propertySummaries![0]!.property!;
  readOnlyAccountName = data.accountSummaries!.find((account) => account !== editable)!.account!;
});

afterAll(() => sandbox.close());

describe("accounts.searchChangeHistoryEvents", () => {
  it("answers the last 90 days of seeded history, newest first, in Google's shape (v1alpha)", async () => {
    const { events } = await allEvents({
      property: propertyName,
      earliestChangeTime: new Date(Date.now() - 90 * msPerDay).toISOString(),
    });
    expect(events.length).toBeGreaterThanOrEqual(10);
    const times = events.map((event) => Date.parse(event.changeTime!));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
    for (const event of events) {
      expect(event.id).toMatch(/^\d+$/);
      expect(["USER", "SYSTEM", "SUPPORT"]).toContain(event.actorType);
      if (event.actorType === "USER") expect(event.userActorEmail).toMatch(/@/);
      else expect(event).not.toHaveProperty("userActorEmail");
      expect(event).not.toHaveProperty("changesFiltered");
      for (const change of event.changes!) {
        expect(
          change.resource!.startsWith(`${propertyName}/`) || change.resource === propertyName,
        ).toBe(true);
        expect(["CREATED", "UPDATED", "DELETED"]).toContain(change.action);
        if (change.action === "CREATED") expect(change).not.toHaveProperty("resourceBeforeChange");
        if (change.action === "DELETED") expect(change).not.toHaveProperty("resourceAfterChange");
      }
    }
    const members = new Set(
      events.flatMap((event) =>
        event.changes!.flatMap((change) =>
          Object.keys({ ...change.resourceBeforeChange, ...change.resourceAfterChange }),
        ),
      ),
    );
    for (const member of ["keyEvent", "dataStream", "customDimension", "googleAdsLink", "property"])
      expect(members).toContain(member);
    // The owner made most of them.
    expect(events.some((event) => event.userActorEmail === email)).toBe(true);
  });

  it("is the same history every time for the same account", async () => {
    const first = await allEvents({ property: propertyName });
    const second = await allEvents({ property: propertyName });
    expect(second.events).toEqual(first.events);
  });

  it("pages: 50 by default, at most 200, and a token that carries on where the last page ended", async () => {
    const { data: page } = await alpha().accounts.searchChangeHistoryEvents({
      account: accountName,
      requestBody: { pageSize: 7 },
    });
    expect(page.changeHistoryEvents).toHaveLength(7);
    expect(page.nextPageToken).toBeTruthy();
    const { data: next } = await alpha().accounts.searchChangeHistoryEvents({
      account: accountName,
      requestBody: { pageSize: 7, pageToken: page.nextPageToken! },
    });
    const { events: everything, pages } = await allEvents({ pageSize: 7 });
    expect(pages).toBeGreaterThan(2);
    expect([...page.changeHistoryEvents!, ...next.changeHistoryEvents!]).toEqual(
      everything.slice(0, 14),
    );
    expect(new Set(everything.map((event) => event.id)).size).toBe(everything.length);

    const { data: defaults } = await alpha().accounts.searchChangeHistoryEvents({
      account: accountName,
      requestBody: {},
    });
    expect(defaults.changeHistoryEvents).toHaveLength(Math.min(50, everything.length));
    const { data: capped } = await alpha().accounts.searchChangeHistoryEvents({
      account: accountName,
      requestBody: { pageSize: 5000 },
    });
    expect(capped.changeHistoryEvents).toHaveLength(Math.min(200, everything.length));
  });

  it("refuses a page token used with other filters", async () => {
    const { data } = await alpha().accounts.searchChangeHistoryEvents({
      account: accountName,
      requestBody: { pageSize: 2 },
    });
    const failure = await googleErrorOf(
      alpha().accounts.searchChangeHistoryEvents({
        account: accountName,
        requestBody: { pageSize: 2, pageToken: data.nextPageToken!, action: ["CREATED"] },
      }),
    );
    expect(failure.status).toBe(400);
    expect(failure.body.error.status).toBe("INVALID_ARGUMENT");
  });

  it("filters by resource type and action, marking events whose changes were filtered", async () => {
    const { events: all } = await allEvents({ property: propertyName });
    const { events } = await allEvents({
      property: propertyName,
      resourceType: ["KEY_EVENT", "CUSTOM_DIMENSION"],
      action: ["CREATED"],
    });
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      for (const change of event.changes!) {
        expect(change.action).toBe("CREATED");
        expect(change.resource).toMatch(/\/(keyEvents|customDimensions)\//);
      }
      const whole = all.find((candidate) => candidate.id === event.id)!;
      expect(event.changesFiltered ?? false).toBe(whole.changes!.length > event.changes!.length);
    }
  });

  it("filters by actor email and by time, both ends inclusive", async () => {
    const { events: mine } = await allEvents({ actorEmail: [email.toUpperCase()] });
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((event) => event.userActorEmail === email)).toBe(true);

    const { events: all } = await allEvents({});
    const middle = all[Math.floor(all.length / 2)]!;
    const newer = all[Math.floor(all.length / 2) - 2]!;
    const { events: window } = await allEvents({
      earliestChangeTime: middle.changeTime!,
      latestChangeTime: newer.changeTime!,
    });
    expect(window.map((event) => event.id)).toEqual(
      all
        .filter(
          (event) =>
            Date.parse(event.changeTime!) >= Date.parse(middle.changeTime!) &&
            Date.parse(event.changeTime!) <= Date.parse(newer.changeTime!),
        )
        .map((event) => event.id),
    );
    expect(window.map((event) => event.id)).toContain(middle.id);
    expect(window.map((event) => event.id)).toContain(newer.id);
  });

  it("shows more history as time passes (the sandbox clock)", async () => {
    const before = await allEvents({ property: propertyName });
    await control(sandbox.url, "POST", "/clock", { advanceSeconds: 30 * 86_400 });
    try {
      // The old token expired with the jump; a token minted now lives in the moved clock.
      const later = (await mintTokens(sandbox.url, { email })).access_token;
      const after = await allEvents(
        { property: propertyName },
        sandboxAdminClient(sandbox.url, bearer(sandbox.url, later)),
      );
      expect(after.events.length).toBeGreaterThan(before.events.length);
      expect(after.events.slice(after.events.length - before.events.length)).toEqual(before.events);
    } finally {
      await control(sandbox.url, "POST", "/reset");
    }
  });

  it("records annotation writes made through the sandbox (v1alpha only)", async () => {
    const { data: created } = await alpha().properties.reportingDataAnnotations.create({
      parent: propertyName,
      requestBody: {
        title: "Launch",
        color: "BLUE",
        annotationDate: { year: 2026, month: 1, day: 5 },
      },
    });
    const { data } = await alpha().accounts.searchChangeHistoryEvents({
      account: accountName,
      requestBody: { resourceType: ["REPORTING_DATA_ANNOTATION"], pageSize: 1 },
    });
    const change = data.changeHistoryEvents![0]!.changes![0]!;
    expect(change).toMatchObject({
      resource: created.name,
      action: "CREATED",
      resourceAfterChange: { reportingDataAnnotation: { name: created.name, title: "Launch" } },
    });
    expect(data.changeHistoryEvents![0]!.userActorEmail).toBe(email);
    // v1beta has no such resource type: the value is refused, and the change is not shown.
    const refused = await googleErrorOf(
      beta().accounts.searchChangeHistoryEvents({
        account: accountName,
        requestBody: { resourceType: ["REPORTING_DATA_ANNOTATION"] },
      }),
    );
    expect(refused.status).toBe(400);
    const { events } = await allEvents({}, beta());
    expect(events.flatMap((event) => event.changes!).map((c) => c.resource)).not.toContain(
      created.name,
    );
  });

  it("names key events as conversion events under v1beta", async () => {
    const { events } = await allEvents({ resourceType: ["CONVERSION_EVENT"] }, beta());
    expect(events.length).toBeGreaterThan(0);
    for (const change of events.flatMap((event) => event.changes!)) {
      expect(change.resource).toMatch(/\/conversionEvents\/\d+$/);
      const snapshot = change.resourceAfterChange ?? change.resourceBeforeChange;
      expect(snapshot).toHaveProperty("conversionEvent.eventName");
    }
  });

  it("needs analytics.edit: a read-only token gets 403 ACCESS_TOKEN_SCOPE_INSUFFICIENT", async () => {
    const readOnly = (
      await mintTokens(sandbox.url, { email, scopes: [scopes.openid, scopes.analyticsReadonly] })
    ).access_token;
    const failure = await googleErrorOf(
      sandboxAdminClient(
        sandbox.url,
        bearer(sandbox.url, readOnly),
      ).accounts.searchChangeHistoryEvents({
        account: accountName,
        requestBody: {},
      }),
    );
    expect(failure.status).toBe(403);
    expect(failure.body.error.status).toBe("PERMISSION_DENIED");
    expect(failure.body.error.details![0]).toMatchObject({
      reason: "ACCESS_TOKEN_SCOPE_INSUFFICIENT",
      metadata: {
        method: "google.analytics.admin.v1alpha.AnalyticsAdminService.SearchChangeHistoryEvents",
      },
    });
  });

  it("answers 401 without a token, 403 for an account the user cannot edit, 400 for bad input", async () => {
    const anonymous = await googleErrorOf(
      sandboxAdminClient(sandbox.url).accounts.searchChangeHistoryEvents({
        account: accountName,
        requestBody: {},
      }),
    );
    expect(anonymous.status).toBe(401);

    const viewer = await googleErrorOf(
      alpha().accounts.searchChangeHistoryEvents({ account: readOnlyAccountName, requestBody: {} }),
    );
    expect(viewer.status).toBe(403);
    const stranger = await googleErrorOf(
      alpha().accounts.searchChangeHistoryEvents({ account: "accounts/1", requestBody: {} }),
    );
    expect(stranger.status).toBe(403);

    const bad = async (requestBody: SearchBody, field: string) => {
      const failure = await googleErrorOf(
        alpha().accounts.searchChangeHistoryEvents({ account: accountName, requestBody }),
      );
      expect(failure.status).toBe(400);
      expect(failure.body.error.status).toBe("INVALID_ARGUMENT");
      expect(JSON.stringify(failure.body.error.details)).toContain(field);
    };
    await bad({ resourceType: ["ANNOTATION"] }, "resource_type[0]");
    await bad({ action: ["RENAMED"] }, "action[0]");
    await bad({ earliestChangeTime: "yesterday" }, "earliest_change_time");
    await bad(
      { earliestChangeTime: "2026-02-01T00:00:00Z", latestChangeTime: "2026-01-01T00:00:00Z" },
      "earliest_change_time",
    );
    await bad({ pageSize: -1 }, "page_size");
    await bad({ property: "properties/1" }, "property");
    await bad({ property: "acme" }, "property");
    const malformed = await googleErrorOf(
      alpha().accounts.searchChangeHistoryEvents({ account: "accounts/acme", requestBody: {} }),
    );
    expect(malformed.status).toBe(400);
  });

  it("counts calls and takes injected quota faults under its method id", async () => {
    await control(sandbox.url, "POST", "/faults", {
      method: "analyticsadmin.accounts.searchChangeHistoryEvents",
      kind: "resource-exhausted",
      times: 1,
    });
    try {
      const failure = await googleErrorOf(
        alpha().accounts.searchChangeHistoryEvents({ account: accountName, requestBody: {} }),
      );
      expect(failure.status).toBe(429);
      expect(failure.body.error.status).toBe("RESOURCE_EXHAUSTED");
    } finally {
      await control(sandbox.url, "DELETE", "/faults");
    }
  });
});
