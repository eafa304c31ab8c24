import {
  civilDateInZone,
  formatCompactDate,
  fromDayNumber,
  toDayNumber,
} from "../calendar/civil-date.js";
import type { ApiMethod } from "../http/google-api-error.js";
import { jsonResult, type HandlerResult } from "../http/handler-result.js";
import type { RequestContext, Route } from "../http/route.js";
import { authenticateApiCall } from "../oauth/bearer-auth.js";
import { dataReadScopes } from "../oauth/scopes.js";
import { propertyForUser } from "../property-access.js";
import type { SandboxContext } from "../sandbox-context.js";
import type { PropertyRecord } from "../store/sandbox-records.js";
import {
  parseRunReportRequest,
  type MetricAggregation,
  type RunReportRequest,
} from "./run-report-request.js";
import { aggregateMetrics, dailyMetrics, type MetricValues } from "./synthetic-traffic.js";

const service = "analyticsdata.googleapis.com";
const runReportMethod: ApiMethod = {
  id: "analyticsdata.properties.runReport",
  service,
  rpc: "google.analytics.data.v1beta.BetaAnalyticsData.RunReport",
};
const deniedMessage =
  "User does not have sufficient permissions for this property. To learn more about Property ID, see https://developers.google.com/analytics/devguides/reporting/data/v1/property-id.";

interface Row {
  dimensionValues: string[];
  metrics: MetricValues;
}

/** Data API v1beta `properties.runReport` over the property's synthetic traffic. */
export function runReportRoutes(context: SandboxContext): Route[] {
  const handle = (request: RequestContext): HandlerResult => {
    const user = authenticateApiCall(context.tokens, request, runReportMethod, dataReadScopes);
    const property = propertyForUser(context.store, user, request.params.property ?? "", {
      access: "read",
      field: "property",
      deniedMessage,
    });
    const today = toDayNumber(civilDateInZone(context.clock.now(), property.timeZone));
    return jsonResult(buildReport(property, parseRunReportRequest(request.body, today), today));
  };
  return [
    {
      family: "api",
      service,
      method: "POST",
      pattern: /^\/v1beta\/properties\/(?<property>[^/:]+):runReport$/,
      body: "json",
      counter: runReportMethod.id,
      handle,
    },
  ];
}

function buildReport(
  property: PropertyRecord,
  request: RunReportRequest,
  today: number,
): Record<string, unknown> {
  const multipleRanges = request.dateRanges.length > 1;
  const dimensionNames: string[] = [
    ...request.dimensions,
    ...(multipleRanges ? ["dateRange"] : []),
  ];
  const byDate = request.dimensions.includes("date");

  let rows: Row[] = [];
  for (const range of request.dateRanges) {
    const rangeValue = multipleRanges ? [range.name] : [];
    const days: Array<{ day: number; metrics: MetricValues }> = [];
    for (let day = range.startDay; day <= range.endDay; day++)
      days.push({ day, metrics: dailyMetrics(property.traffic, day, today) });
    if (byDate) {
      for (const { day, metrics } of days)
        rows.push({
          dimensionValues: [formatCompactDate(fromDayNumber(day)), ...rangeValue],
          metrics,
        });
    } else {
      rows.push({
        dimensionValues: rangeValue,
        metrics: aggregateMetrics(days.map((entry) => entry.metrics)),
      });
    }
  }
  if (!request.keepEmptyRows)
    rows = rows.filter((row) => request.metrics.some((name) => row.metrics[name] !== 0));
  if (request.orderBys.length > 0) rows.sort((a, b) => compareRows(a, b, request, dimensionNames));

  const page = rows.slice(request.offset, request.offset + request.limit);
  const toJson = (row: Row) => ({
    ...(dimensionNames.length
      ? { dimensionValues: row.dimensionValues.map((value) => ({ value })) }
      : {}),
    metricValues: request.metrics.map((name) => ({ value: String(row.metrics[name]) })),
  });
  const aggregate = (kind: MetricAggregation) =>
    aggregationRows(rows, request, dimensionNames.length, kind).map(toJson);
  return {
    ...(dimensionNames.length
      ? { dimensionHeaders: dimensionNames.map((name) => ({ name })) }
      : {}),
    ...(request.metrics.length
      ? { metricHeaders: request.metrics.map((name) => ({ name, type: "TYPE_INTEGER" })) }
      : {}),
    ...(page.length ? { rows: page.map(toJson) } : {}),
    ...(request.aggregations.includes("TOTAL") ? { totals: aggregate("TOTAL") } : {}),
    ...(request.aggregations.includes("MAXIMUM") ? { maximums: aggregate("MAXIMUM") } : {}),
    ...(request.aggregations.includes("MINIMUM") ? { minimums: aggregate("MINIMUM") } : {}),
    ...(rows.length ? { rowCount: rows.length } : {}),
    metadata: { currencyCode: property.currencyCode, timeZone: property.timeZone },
    ...(request.returnPropertyQuota ? { propertyQuota: propertyQuota() } : {}),
    kind: "analyticsData#runReport",
  };
}

function compareRows(a: Row, b: Row, request: RunReportRequest, dimensionNames: string[]): number {
  for (const order of request.orderBys) {
    let difference = 0;
    if (order.kind === "metric") difference = a.metrics[order.name] - b.metrics[order.name];
    else {
      const index = dimensionNames.indexOf(order.name);
      difference = (a.dimensionValues[index] ?? "").localeCompare(b.dimensionValues[index] ?? "");
    }
    if (difference !== 0) return order.desc ? -difference : difference;
  }
  return 0;
}

/** Google's aggregate rows: one per date range, dimension values RESERVED_TOTAL / _MAX / _MIN / _COUNT. */
function aggregationRows(
  rows: Row[],
  request: RunReportRequest,
  dimensionCount: number,
  kind: MetricAggregation,
): Row[] {
  const marker = {
    TOTAL: "RESERVED_TOTAL",
    MAXIMUM: "RESERVED_MAX",
    MINIMUM: "RESERVED_MIN",
    COUNT: "RESERVED_COUNT",
  }[kind];
  const groups =
    request.dateRanges.length > 1 ? request.dateRanges.map((range) => range.name) : [undefined];
  return groups.map((rangeName) => {
    const members = rows.filter(
      (row) => rangeName === undefined || row.dimensionValues.at(-1) === rangeName,
    );
    const metrics = aggregateMetrics(members.map((row) => row.metrics));
    if (kind !== "TOTAL") {
      for (const name of request.metrics) {
        const values = members.map((row) => row.metrics[name]);
        if (kind === "COUNT") metrics[name] = values.filter((value) => value !== 0).length;
        else if (values.length === 0) metrics[name] = 0;
        else metrics[name] = kind === "MAXIMUM" ? Math.max(...values) : Math.min(...values);
      }
    }
    const dimensionValues = Array.from({ length: dimensionCount }, () => marker);
    if (rangeName !== undefined) dimensionValues[dimensionCount - 1] = rangeName;
    return { dimensionValues, metrics };
  });
}

function propertyQuota() {
  const quota = (consumed: number, remaining: number) => ({ consumed, remaining });
  return {
    tokensPerDay: quota(1, 199_999),
    tokensPerHour: quota(1, 39_999),
    concurrentRequests: quota(0, 10),
    serverErrorsPerProjectPerHour: quota(0, 10),
    potentiallyThresholdedRequestsPerHour: quota(0, 120),
    tokensPerProjectPerHour: quota(1, 13_999),
  };
}
