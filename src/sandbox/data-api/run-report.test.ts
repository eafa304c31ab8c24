import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  civilDateInZone,
  formatCompactDate,
  formatIsoDate,
  fromDayNumber,
  toDayNumber,
} from "../calendar/civil-date.js";
import { startSandbox, type RunningSandbox } from "../index.js";
import { scopes } from "../oauth/scopes.js";
import {
  bearer,
  googleErrorOf,
  sandboxAdminBetaClient,
  sandboxAdminClient,
  sandboxDataClient,
} from "../testing/official-clients.js";
import { mintTokens } from "../testing/sandbox-test-kit.js";

let sandbox: RunningSandbox;
let data: ReturnType<typeof sandboxDataClient>;
let property: string;
let readOnlyProperty: string;
let timeZone: string;
let accessToken: string;

const daily = {
  dimensions: [{ name: "date" }],
  metrics: [{ name: "sessions" }, { name: "activeUsers" }],
};

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, clients: [], faultControl: true });
  accessToken = (await mintTokens(sandbox.url, { email: "reports@example.com" })).access_token;
  data = sandboxDataClient(sandbox.url, bearer(sandbox.url, accessToken));
  const summaries = (
    await sandboxAdminBetaClient(
      sandbox.url,
      bearer(sandbox.url, accessToken),
    ).accountSummaries.list()
  ).data;
  const properties = summaries.accountSummaries!.flatMap(
    (account) => account.propertySummaries!,
  ) as Array<{ property: string; canEdit?: boolean }>;
  property = properties[0]!.property;
  readOnlyProperty = properties.find((summary) => !summary.canEdit)!.property;
  timeZone = (
    await report({
      dateRanges: [{ startDate: "today", endDate: "today" }],
      metrics: [{ name: "sessions" }],
    })
  ).metadata!.timeZone!;
});

afterAll(() => sandbox.close());

async function report(requestBody: Record<string, unknown>, on = property) {
  return (await data.properties.runReport({ property: on, requestBody })).data;
}

describe("properties.runReport", () => {
  it("returns a daily series in Google's response shape", async () => {
    const result = await report({
      ...daily,
      dateRanges: [{ startDate: "28daysAgo", endDate: "yesterday" }],
      orderBys: [{ dimension: { dimensionName: "date" } }],
      keepEmptyRows: true,
    });
    expect(result.kind).toBe("analyticsData#runReport");
    expect(result.dimensionHeaders).toEqual([{ name: "date" }]);
    expect(result.metricHeaders).toEqual([
      { name: "sessions", type: "TYPE_INTEGER" },
      { name: "activeUsers", type: "TYPE_INTEGER" },
    ]);
    expect(result.rowCount).toBe(28);
    expect(result.metadata).toEqual({
      currencyCode: expect.any(String) as string,
      timeZone: expect.any(String) as string,
    });
    const today = toDayNumber(civilDateInZone(Date.now(), timeZone));
    const expectedDates = Array.from({ length: 28 }, (_, index) =>
      formatCompactDate(fromDayNumber(today - 28 + index)),
    );
    expect(result.rows!.map((row) => row.dimensionValues![0]!.value)).toEqual(expectedDates);
    for (const row of result.rows!) {
      const [sessions, users] = row.metricValues!.map((value) => value.value!);
      expect(sessions).toMatch(/^\d+$/);
      expect(Number(users)).toBeLessThanOrEqual(Number(sessions));
      expect(Number(sessions)).toBeGreaterThan(0);
    }
  });

  it("is deterministic for a property and date range, with explicit dates too", async () => {
    const body = { ...daily, dateRanges: [{ startDate: "2026-01-01", endDate: "2026-01-31" }] };
    expect(await report(body)).toEqual(await report(body));
    expect((await report(body)).rowCount).toBe(31);
  });

  it("shows weekly seasonality and visible jumps or dips around seeded annotations", async () => {
    const annotations = (
      await sandboxAdminClient(
        sandbox.url,
        bearer(sandbox.url, accessToken),
      ).properties.reportingDataAnnotations.list({ parent: property })
    ).data.reportingDataAnnotations!.filter((annotation) => !annotation.systemGenerated);
    const start = annotations
      .map((a) => a.annotationDate ?? a.annotationDateRange!.startDate!)
      .map((d) => toDayNumber(d as never));
    const first = Math.min(...start) - 30;
    const result = await report({
      ...daily,
      dateRanges: [{ startDate: formatIsoDate(fromDayNumber(first)), endDate: "yesterday" }],
      keepEmptyRows: true,
    });
    const sessions = new Map(
      result.rows!.map((row) => [
        row.dimensionValues![0]!.value!,
        Number(row.metricValues![0]!.value),
      ]),
    );
    const at = (day: number) => sessions.get(formatCompactDate(fromDayNumber(day))) ?? 0;
    const swings = start.map((day) => {
      const before = Array.from({ length: 14 }, (_, index) => at(day - 21 + index));
      const baseline = before.reduce((sum, value) => sum + value, 0) / before.length;
      return Math.abs(at(day) / baseline - 1);
    });
    expect(Math.max(...swings)).toBeGreaterThan(0.25);

    const weekdays = Array.from({ length: 7 }, () => [] as number[]);
    for (let day = first; day < first + 140; day++) weekdays[(day + 4) % 7]!.push(at(day));
    const averages = weekdays.map(
      (values) => values.reduce((sum, value) => sum + value, 0) / values.length,
    );
    expect(Math.max(...averages) / Math.min(...averages)).toBeGreaterThan(1.05);
  });

  it("orders by a metric descending, pages with limit/offset and keeps rowCount", async () => {
    const body = {
      ...daily,
      dateRanges: [{ startDate: "14daysAgo", endDate: "yesterday" }],
      orderBys: [{ metric: { metricName: "sessions" }, desc: true }],
    };
    const all = await report(body);
    const values = all.rows!.map((row) => Number(row.metricValues![0]!.value));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const page = await report({ ...body, limit: 5, offset: 5 });
    expect(page.rowCount).toBe(14);
    expect(page.rows).toEqual(all.rows!.slice(5, 10));
  });

  it("leaves out empty (future) days unless keepEmptyRows, and omits rows when there are none", async () => {
    const future = { ...daily, dateRanges: [{ startDate: "2099-01-01", endDate: "2099-01-03" }] };
    const empty = await report(future);
    expect(empty.rows).toBeUndefined();
    expect(empty.rowCount).toBeUndefined();
    expect(empty.kind).toBe("analyticsData#runReport");
    const kept = await report({ ...future, keepEmptyRows: true });
    expect(kept.rows!.map((row) => row.metricValues![0]!.value)).toEqual(["0", "0", "0"]);
  });

  it("adds a dateRange dimension for several ranges and computes totals", async () => {
    const result = await report({
      metrics: [{ name: "sessions" }],
      dateRanges: [
        { startDate: "14daysAgo", endDate: "8daysAgo", name: "previous" },
        { startDate: "7daysAgo", endDate: "yesterday" },
      ],
      metricAggregations: ["TOTAL"],
    });
    expect(result.dimensionHeaders).toEqual([{ name: "dateRange" }]);
    expect(result.rows!.map((row) => row.dimensionValues![0]!.value)).toEqual([
      "previous",
      "date_range_1",
    ]);
    expect(result.totals!.map((row) => row.dimensionValues![0]!.value)).toEqual([
      "previous",
      "date_range_1",
    ]);
    expect(result.totals!.map((row) => row.metricValues![0]!.value)).toEqual(
      result.rows!.map((row) => row.metricValues![0]!.value),
    );
  });

  it("answers 400 for an unknown metric, a bad date and an inverted range", async () => {
    const unknown = await googleErrorOf(
      data.properties.runReport({
        property,
        requestBody: {
          metrics: [{ name: "bounceRatio" }],
          dateRanges: [{ startDate: "today", endDate: "today" }],
        },
      }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain("bounceRatio");
    const badDate = await googleErrorOf(
      data.properties.runReport({
        property,
        requestBody: { ...daily, dateRanges: [{ startDate: "last week", endDate: "today" }] },
      }),
    );
    expect(badDate.body.error.message).toContain("start_date");
    const inverted = await googleErrorOf(
      data.properties.runReport({
        property,
        requestBody: { ...daily, dateRanges: [{ startDate: "today", endDate: "7daysAgo" }] },
      }),
    );
    expect(inverted.status).toBe(400);
    const noRange = await googleErrorOf(
      data.properties.runReport({ property, requestBody: daily }),
    );
    expect(noRange.body.error.message).toContain("date_ranges");
  });

  it("reads the read-only property too, but refuses unknown properties with the Data API's 403", async () => {
    expect(
      (
        await report(
          { ...daily, dateRanges: [{ startDate: "yesterday", endDate: "yesterday" }] },
          readOnlyProperty,
        )
      ).rowCount,
    ).toBe(1);
    const error = await googleErrorOf(
      data.properties.runReport({
        property: "properties/1",
        requestBody: { ...daily, dateRanges: [{ startDate: "today", endDate: "today" }] },
      }),
    );
    expect(error.status).toBe(403);
    expect(error.body.error.message).toMatch(
      /^User does not have sufficient permissions for this property/,
    );
  });

  it("refuses an analytics.edit-only token (the Data API needs readonly or analytics)", async () => {
    const editOnly = await mintTokens(sandbox.url, {
      email: "reports@example.com",
      scopes: [scopes.analyticsEdit],
    });
    const client = sandboxDataClient(sandbox.url, bearer(sandbox.url, editOnly.access_token));
    const error = await googleErrorOf(
      client.properties.runReport({
        property,
        requestBody: { ...daily, dateRanges: [{ startDate: "today", endDate: "today" }] },
      }),
    );
    expect(error.status).toBe(403);
    expect(error.body.error.details?.[0]).toMatchObject({
      reason: "ACCESS_TOKEN_SCOPE_INSUFFICIENT",
    });
    const full = await mintTokens(sandbox.url, {
      email: "reports@example.com",
      scopes: [scopes.analytics],
    });
    const ok = await sandboxDataClient(
      sandbox.url,
      bearer(sandbox.url, full.access_token),
    ).properties.runReport({
      property,
      requestBody: { ...daily, dateRanges: [{ startDate: "yesterday", endDate: "yesterday" }] },
    });
    expect(ok.status).toBe(200);
  });
});
