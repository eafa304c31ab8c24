import { parseIsoDate, toDayNumber } from "../calendar/civil-date.js";
import { invalidArgument, invalidValue } from "../http/google-api-error.js";
import type { ParsedBody } from "../http/request-body.js";
import { bodyObject, readFields, readString, type JsonObject } from "../http/proto-json.js";
import { supportedMetrics, type MetricName } from "./synthetic-traffic.js";

export const supportedDimensions = ["date"] as const;
export type DimensionName = (typeof supportedDimensions)[number];
export const metricAggregations = ["TOTAL", "MAXIMUM", "MINIMUM", "COUNT"] as const;
export type MetricAggregation = (typeof metricAggregations)[number];
const aggregationNumbers: Record<number, MetricAggregation> = {
  1: "TOTAL",
  4: "COUNT",
  5: "MINIMUM",
  6: "MAXIMUM",
};

export interface ReportDateRange {
  startDay: number;
  endDay: number;
  name: string;
}

export type OrderBy =
  | { kind: "dimension"; name: string; desc: boolean }
  | { kind: "metric"; name: MetricName; desc: boolean };

export interface RunReportRequest {
  dimensions: DimensionName[];
  metrics: MetricName[];
  dateRanges: ReportDateRange[];
  orderBys: OrderBy[];
  limit: number;
  offset: number;
  keepEmptyRows: boolean;
  returnPropertyQuota: boolean;
  aggregations: MetricAggregation[];
}

const requestFields = [
  "property",
  "dimensions",
  "metrics",
  "date_ranges",
  "dimension_filter",
  "metric_filter",
  "offset",
  "limit",
  "metric_aggregations",
  "order_bys",
  "currency_code",
  "cohort_spec",
  "keep_empty_rows",
  "return_property_quota",
  "comparisons",
];
const unsupported = ["dimension_filter", "metric_filter", "cohort_spec", "comparisons"];
const schemaHelp =
  "For a list of valid dimensions and metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema";

/**
 * Validates a RunReportRequest body. Relative dates (`today`, `yesterday`, `NdaysAgo`) resolve
 * against `today`, the day number of the property's current date.
 */
export function parseRunReportRequest(body: ParsedBody, today: number): RunReportRequest {
  const fields = readFields(bodyObject(body, "request"), "request", requestFields);
  for (const name of unsupported) {
    if (fields.has(name))
      throw invalidArgument(name, `${name} is not supported by the Tidemark sandbox.`);
  }
  const dimensions = list(fields.get("dimensions"), "dimensions").map((entry, index) => {
    const name = nameOf(entry, `dimensions[${index}]`, ["name", "dimension_expression"]);
    if (!(supportedDimensions as readonly string[]).includes(name)) {
      throw invalidArgument(
        `dimensions[${index}].name`,
        `Field ${name} is not a valid dimension in the Tidemark sandbox (supported: date). ${schemaHelp}`,
      );
    }
    return name as DimensionName;
  });
  const metrics = list(fields.get("metrics"), "metrics").map((entry, index) => {
    const name = nameOf(entry, `metrics[${index}]`, ["name", "expression", "invisible"]);
    if (!(supportedMetrics as readonly string[]).includes(name)) {
      throw invalidArgument(
        `metrics[${index}].name`,
        `Field ${name} is not a valid metric in the Tidemark sandbox (supported: ${supportedMetrics.join(", ")}). ${schemaHelp}`,
      );
    }
    return name as MetricName;
  });
  if (dimensions.length === 0 && metrics.length === 0)
    throw invalidArgument("metrics", "A report needs at least one dimension or metric.");

  const rawRanges = list(fields.get("date_ranges"), "date_ranges");
  if (rawRanges.length === 0)
    throw invalidArgument("date_ranges", "date_ranges is required: give at least one date range.");
  if (rawRanges.length > 4)
    throw invalidArgument("date_ranges", "A report may have at most 4 date ranges.");
  const dateRanges = rawRanges.map((entry, index) => dateRangeOf(entry, index, today));

  const orderBys = list(fields.get("order_bys"), "order_bys").map((entry, index) =>
    orderByOf(entry, index, dimensions, metrics),
  );
  const aggregations = list(fields.get("metric_aggregations"), "metric_aggregations").map(
    (value, index) => {
      const name = typeof value === "number" ? aggregationNumbers[value] : value;
      if (typeof name !== "string" || !(metricAggregations as readonly string[]).includes(name)) {
        throw invalidValue(
          `metric_aggregations[${index}]`,
          "type.googleapis.com/google.analytics.data.v1beta.MetricAggregation",
          value,
        );
      }
      return name as MetricAggregation;
    },
  );

  const limit = int64(fields.get("limit"), "limit") ?? 10_000;
  if (limit < 0) throw invalidArgument("limit", "limit must be positive.");
  const offset = int64(fields.get("offset"), "offset") ?? 0;
  if (offset < 0) throw invalidArgument("offset", "offset must not be negative.");
  return {
    dimensions,
    metrics,
    dateRanges,
    orderBys,
    limit: limit === 0 ? 10_000 : Math.min(limit, 250_000),
    offset,
    keepEmptyRows: bool(fields.get("keep_empty_rows"), "keep_empty_rows"),
    returnPropertyQuota: bool(fields.get("return_property_quota"), "return_property_quota"),
    aggregations,
  };
}

function list(value: unknown, path: string): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalidValue(path, "repeated", value);
  return value;
}

function objectAt(value: unknown, path: string): JsonObject {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw invalidValue(path, "object", value);
  return value as JsonObject;
}

function nameOf(entry: unknown, path: string, allowed: string[]): string {
  const fields = readFields(objectAt(entry, path), path, allowed);
  const name = fields.get("name");
  if (name === undefined) throw invalidArgument(`${path}.name`, `${path}.name is required.`);
  return readString(name, `${path}.name`);
}

function dateRangeOf(entry: unknown, index: number, today: number): ReportDateRange {
  const path = `date_ranges[${index}]`;
  const fields = readFields(objectAt(entry, path), path, ["start_date", "end_date", "name"]);
  const day = (name: "start_date" | "end_date") => {
    const value = fields.get(name);
    if (value === undefined)
      throw invalidArgument(`${path}.${name}`, `${path}.${name} is required.`);
    const resolved = resolveReportDate(readString(value, `${path}.${name}`), today);
    if (resolved === undefined) {
      throw invalidArgument(
        `${path}.${name}`,
        `Invalid ${name} "${String(value)}": use YYYY-MM-DD, NdaysAgo, yesterday or today.`,
      );
    }
    return resolved;
  };
  const startDay = day("start_date");
  const endDay = day("end_date");
  if (startDay > endDay) throw invalidArgument(path, `${path}: start_date is after end_date.`);
  const name = fields.has("name")
    ? readString(fields.get("name"), `${path}.name`)
    : `date_range_${index}`;
  return { startDay, endDay, name };
}

/** `YYYY-MM-DD`, `today`, `yesterday` or `NdaysAgo` as a day number. */
export function resolveReportDate(text: string, today: number): number | undefined {
  if (text === "today") return today;
  if (text === "yesterday") return today - 1;
  const ago = /^(\d{1,5})daysAgo$/.exec(text);
  if (ago) return today - Number(ago[1]);
  const date = parseIsoDate(text);
  return date ? toDayNumber(date) : undefined;
}

function orderByOf(
  entry: unknown,
  index: number,
  dimensions: string[],
  metrics: MetricName[],
): OrderBy {
  const path = `order_bys[${index}]`;
  const fields = readFields(objectAt(entry, path), path, ["dimension", "metric", "pivot", "desc"]);
  const desc = bool(fields.get("desc"), `${path}.desc`);
  if (fields.has("dimension")) {
    const inner = readFields(
      objectAt(fields.get("dimension"), `${path}.dimension`),
      `${path}.dimension`,
      ["dimension_name", "order_type"],
    );
    const name = readString(inner.get("dimension_name") ?? "", `${path}.dimension.dimension_name`);
    if (!dimensions.includes(name) && name !== "dateRange") {
      throw invalidArgument(
        `${path}.dimension.dimension_name`,
        `Dimension ${name} in order_bys is not in the request's dimensions.`,
      );
    }
    return { kind: "dimension", name, desc };
  }
  if (fields.has("metric")) {
    const inner = readFields(objectAt(fields.get("metric"), `${path}.metric`), `${path}.metric`, [
      "metric_name",
    ]);
    const name = readString(inner.get("metric_name") ?? "", `${path}.metric.metric_name`);
    if (!(metrics as string[]).includes(name)) {
      throw invalidArgument(
        `${path}.metric.metric_name`,
        `Metric ${name} in order_bys is not in the request's metrics.`,
      );
    }
    return { kind: "metric", name: name as MetricName, desc };
  }
  throw invalidArgument(
    path,
    `${path} needs a dimension or a metric (pivot ordering is not supported by the Tidemark sandbox).`,
  );
}

function int64(value: unknown, path: string): number | undefined {
  if (value === undefined) return undefined;
  const number = typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== "number" || !Number.isSafeInteger(number))
    throw invalidValue(path, "TYPE_INT64", value);
  return number;
}

function bool(value: unknown, path: string): boolean {
  if (value === undefined) return false;
  if (typeof value !== "boolean") throw invalidValue(path, "TYPE_BOOL", value);
  return value;
}
