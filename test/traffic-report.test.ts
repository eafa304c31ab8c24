import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { control } from "../src/sandbox/testing/sandbox-test-kit.js";
import {
  noReportAccessMessage,
  reportQuotaMessage,
} from "../src/server/features/google-connection/google-error-messages.js";
import { analyticsScopes } from "../src/server/integrations/google/google-oauth.js";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import { addDays, daysBetween, type TrafficReport } from "../src/shared/contracts/traffic.js";
import { unexplainedChanges } from "../src/shared/traffic-explanations.js";
import {
  sameOrigin,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";

let harness: AppHarness;
let clock = new Date();
beforeAll(async () => {
  harness = await startAppHarness({ deps: { now: () => clock } });
});
afterAll(async () => {
  await harness?.close();
});
beforeEach(async () => {
  clock = new Date();
  await control(harness.sandbox.url, "POST", "/reset");
});

const reportCalls = async () =>
  (await control<{ counters: Record<string, number> }>(harness.sandbox.url, "GET", "/counters"))
    .counters["analyticsdata.properties.runReport"] ?? 0;

const get = (who: TestPerson, url: string) =>
  harness.app.inject({ method: "GET", url, headers: { cookie: who.jar.header() } });
const report = (who: TestPerson, query: string) =>
  get(who, `/api/traffic/${who.propertyId}?${query}`);

function expectConsecutive(days: { date: string }[]): void {
  days.forEach((day, index) => {
    if (index > 0) expect(daysBetween(days[index - 1]!.date, day.date)).toBe(1);
  });
}

describe("the traffic report", () => {
  it("answers each range with consecutive days ending yesterday, for each metric", async () => {
    const who = await setUpPerson(harness, "freemium");
    for (const [range, length] of [
      ["28d", 28],
      ["90d", 90],
      ["12m", 365],
    ] as const) {
      const answer = await report(who, `metric=sessions&range=${range}`);
      expect(answer.statusCode).toBe(200);
      const body = answer.json<TrafficReport>();
      expect(body).toMatchObject({ propertyId: who.propertyId, metric: "sessions", range });
      expect(body.days).toHaveLength(length);
      expectConsecutive(body.days);
      expect(body.startDate).toBe(body.days[0]!.date);
      expect(body.endDate).toBe(body.days.at(-1)!.date);
      expect(body.timeZone).toMatch(/\//);
      // Yesterday in the property's time zone is at most two days from the server's today.
      expect(Math.abs(daysBetween(body.endDate, clock.toISOString().slice(0, 10)))).toBeLessThan(3);
      expect(body.days.every((day) => Number.isInteger(day.value) && day.value > 0)).toBe(true);
    }
    const users = (await report(who, "metric=activeUsers&range=28d")).json<TrafficReport>();
    const sessions = (await report(who, "metric=sessions&range=28d")).json<TrafficReport>();
    expect(users.days.map((day) => day.date)).toEqual(sessions.days.map((day) => day.date));
    users.days.forEach((day, index) => expect(day.value).toBeLessThan(sessions.days[index]!.value));
    const keyEvents = await report(who, "metric=keyEvents&range=28d");
    expect(keyEvents.statusCode).toBe(200);
  });

  it("answers a custom range with exactly its days", async () => {
    const who = await setUpPerson(harness, "freemium");
    const endDate = addDays(clock.toISOString().slice(0, 10), -10);
    const startDate = addDays(endDate, -44);
    const body = (
      await report(who, `metric=sessions&range=custom&startDate=${startDate}&endDate=${endDate}`)
    ).json<TrafficReport>();
    expect(body.days).toHaveLength(45);
    expect(body.days[0]!.date).toBe(startDate);
    expect(body.days.at(-1)!.date).toBe(endDate);
    expectConsecutive(body.days);
  });

  it("ends a custom range at the property's yesterday: today is incomplete, later days empty", async () => {
    const who = await setUpPerson(harness, "freemium");
    const chart = (await report(who, "metric=sessions&range=28d")).json<TrafficReport>();
    const yesterday = chart.endDate;
    const startDate = addDays(yesterday, -6);
    const body = (
      await report(
        who,
        `metric=sessions&range=custom&startDate=${startDate}&endDate=${addDays(yesterday, 3)}`,
      )
    ).json<TrafficReport>();
    expect(body.days.map((day) => day.date)).toEqual(
      Array.from({ length: 7 }, (_, index) => addDays(startDate, index)),
    );
    expect(body.endDate).toBe(yesterday);
    // Nothing after it is read as a drop.
    expect(body.changes.every((change) => change.date <= yesterday)).toBe(true);
    const future = (
      await report(
        who,
        `metric=sessions&range=custom&startDate=${addDays(yesterday, 1)}&endDate=${addDays(yesterday, 2)}`,
      )
    ).json<TrafficReport>();
    expect(future.days).toEqual([]);
    expect(future.changes).toEqual([]);
  });

  it("finds the seeded spike nobody annotated, and leaves out what annotations explain", async () => {
    const who = await setUpPerson(harness, "premium");
    const body = (await report(who, "metric=sessions&range=90d")).json<TrafficReport>();
    const annotations = (await get(who, `/api/annotations/${who.propertyId}`)).json<{
      reportingDataAnnotations: Annotation[];
    }>().reportingDataAnnotations;
    const open = unexplainedChanges(body.changes, annotations, body.dismissedDates);
    expect(open.some((change) => change.direction === "spike")).toBe(true);
    for (const change of body.changes) {
      const day = body.days.find((entry) => entry.date === change.date)!;
      expect(day.value).toBe(change.value);
      expect(Math.sign(change.value - change.expected)).toBe(change.direction === "spike" ? 1 : -1);
    }

    // Dismissing one hides it for this person and property.
    const target = open[0]!;
    const dismissed = await harness.app.inject({
      method: "POST",
      url: `/api/traffic/${who.propertyId}/dismissals`,
      headers: { ...sameOrigin, cookie: who.jar.header() },
      payload: { date: target.date },
    });
    expect(dismissed.statusCode).toBe(204);
    const again = (await report(who, "metric=sessions&range=90d")).json<TrafficReport>();
    expect(again.dismissedDates).toEqual([target.date]);
    expect(unexplainedChanges(again.changes, annotations, again.dismissedDates)).toHaveLength(
      open.length - 1,
    );
    const other = await setUpPerson(harness, "premium");
    const theirs = (await report(other, "metric=sessions&range=90d")).json<TrafficReport>();
    expect(theirs.dismissedDates).toEqual([]);

    const bad = await harness.app.inject({
      method: "POST",
      url: `/api/traffic/${who.propertyId}/dismissals`,
      headers: { ...sameOrigin, cookie: who.jar.header() },
      payload: { date: "2026-02-30" },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("calls Google once per person, property, metric and range, then reuses it for 10 minutes", async () => {
    const who = await setUpPerson(harness, "freemium");
    await control(harness.sandbox.url, "DELETE", "/counters");
    const [first, second] = await Promise.all([
      report(who, "metric=sessions&range=28d"),
      report(who, "metric=sessions&range=28d"),
    ]);
    expect(first.json()).toEqual(second.json());
    expect(await reportCalls()).toBe(1);
    await report(who, "metric=sessions&range=28d");
    expect(await reportCalls()).toBe(1);

    await report(who, "metric=activeUsers&range=28d");
    await report(who, "metric=sessions&range=90d");
    expect(await reportCalls()).toBe(3);

    const someoneElse = await setUpPerson(harness, "freemium");
    await control(harness.sandbox.url, "DELETE", "/counters");
    await report(someoneElse, "metric=sessions&range=28d");
    expect(await reportCalls()).toBe(1);

    clock = new Date(clock.getTime() + 9 * 60_000);
    await report(who, "metric=sessions&range=28d");
    expect(await reportCalls()).toBe(1);
    clock = new Date(clock.getTime() + 2 * 60_000);
    await report(who, "metric=sessions&range=28d");
    expect(await reportCalls()).toBe(2);
  });

  it("turns the Data API's quota refusal into a clear message, without retrying", async () => {
    const who = await setUpPerson(harness, "freemium");
    await control(harness.sandbox.url, "DELETE", "/counters");
    await control(harness.sandbox.url, "POST", "/faults", {
      method: "analyticsdata.properties.runReport",
      kind: "resource-exhausted",
    });
    const answer = await report(who, "metric=sessions&range=28d");
    expect(answer.statusCode).toBe(429);
    expect(answer.json()).toEqual({ error: reportQuotaMessage, code: "google_report_quota" });
    expect(await reportCalls()).toBe(1);

    await control(harness.sandbox.url, "DELETE", "/faults");
    await control(harness.sandbox.url, "POST", "/faults", {
      method: "analyticsdata.properties.runReport",
      kind: "unavailable",
      times: 1,
    });
    // A passing outage is retried, and the answer is not a blank chart.
    const retried = await report(who, "metric=sessions&range=28d");
    expect(retried.statusCode).toBe(200);
    expect(retried.json<TrafficReport>().days).toHaveLength(28);
  });

  it("says plainly when the connection has no access to reports", async () => {
    const who = await setUpPerson(harness, "freemium", { untick: [analyticsScopes.readonly] });
    const answer = await report(who, "metric=sessions&range=28d");
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({
      error: noReportAccessMessage,
      code: "google_no_report_access",
    });
  });

  it("refuses bad queries and other people's properties with a clear 400 or 403", async () => {
    const who = await setUpPerson(harness, "freemium");
    const cases: [string, string][] = [
      ["metric=bounceRate&range=28d", "Metric must be one of sessions, activeUsers, keyEvents"],
      ["metric=sessions&range=7d", "Range must be one of 28d, 90d, 12m, custom"],
      ["metric=sessions&range=custom", "A custom range needs a start and an end date"],
      [
        "metric=sessions&range=custom&startDate=2026-03-10&endDate=2026-03-01",
        "The end date must be on or after the start date",
      ],
      [
        "metric=sessions&range=custom&startDate=2020-01-01&endDate=2026-01-01",
        "A custom range may span at most 731 days",
      ],
      [
        "metric=sessions&range=custom&startDate=2026-02-30&endDate=2026-03-01",
        "Dates look like 2026-11-03",
      ],
      ["metric=sessions&range=28d&startDate=2026-03-01", "Dates are only for a custom range"],
    ];
    for (const [query, message] of cases) {
      const answer = await report(who, query);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().error).toBe(message);
    }
    const elsewhere = await get(who, "/api/traffic/123456?metric=sessions&range=28d");
    expect(elsewhere.statusCode).toBe(403);
    const notAnId = await get(who, "/api/traffic/G-12345?metric=sessions&range=28d");
    expect(notAnId.statusCode).toBe(400);
    const signedOut = await harness.app.inject({
      method: "GET",
      url: `/api/traffic/${who.propertyId}?metric=sessions&range=28d`,
    });
    expect(signedOut.statusCode).toBe(401);
  });
});
