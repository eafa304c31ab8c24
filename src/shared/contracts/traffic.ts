import { z } from "zod";
import {
  addDays as addCalendarDays,
  compareDates,
  parseIsoDate,
  toIsoDate,
  type CalendarDate,
} from "../calendar-date.js";

/** The metrics the chart can show, by their Data API names. */
export const trafficMetrics = ["sessions", "activeUsers", "keyEvents"] as const;
export type TrafficMetric = (typeof trafficMetrics)[number];
export const trafficMetricLabels: Record<TrafficMetric, string> = {
  sessions: "Sessions",
  activeUsers: "Active users",
  keyEvents: "Key events",
};

/** The ranges the chart offers; the fixed ones end yesterday, the last complete day. */
export const trafficRanges = ["28d", "90d", "12m", "custom"] as const;
export type TrafficRange = (typeof trafficRanges)[number];
export const trafficRangeLabels: Record<TrafficRange, string> = {
  "28d": "Last 28 days",
  "90d": "Last 90 days",
  "12m": "Last 12 months",
  custom: "Custom",
};
export const trafficRangeDays: Record<Exclude<TrafficRange, "custom">, number> = {
  "28d": 28,
  "90d": 90,
  "12m": 365,
};
/** A custom range may span at most two years: enough for a year-on-year look, one report long. */
export const customRangeMaxDays = 731;

export function dayNumberOf(date: CalendarDate): number {
  return Math.round(Date.UTC(date.year, date.month - 1, date.day) / 86_400_000);
}

/** Days between two YYYY-MM-DD dates (b − a). */
export function daysBetween(a: string, b: string): number {
  return dayNumberOf(parseIsoDate(b)!) - dayNumberOf(parseIsoDate(a)!);
}

/** YYYY-MM-DD moved by `days`. */
export function addDays(iso: string, days: number): string {
  return toIsoDate(addCalendarDays(parseIsoDate(iso)!, days));
}

const isoDate = z
  .string({ message: "Choose a date" })
  .refine((text) => parseIsoDate(text) !== null, "Dates look like 2026-11-03");

/** GET /api/traffic/{propertyId}?metric=&range=&startDate=&endDate= */
export const trafficReportQuery = z
  .object({
    metric: z.enum(trafficMetrics, {
      message: `Metric must be one of ${trafficMetrics.join(", ")}`,
    }),
    range: z.enum(trafficRanges, { message: `Range must be one of ${trafficRanges.join(", ")}` }),
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
  })
  .superRefine((query, context) => {
    if (query.range !== "custom") {
      if (query.startDate !== undefined || query.endDate !== undefined)
        context.addIssue({ code: "custom", message: "Dates are only for a custom range" });
      return;
    }
    if (query.startDate === undefined || query.endDate === undefined) {
      context.addIssue({ code: "custom", message: "A custom range needs a start and an end date" });
      return;
    }
    const start = parseIsoDate(query.startDate);
    const end = parseIsoDate(query.endDate);
    if (!start || !end) return;
    if (compareDates(end, start) < 0)
      context.addIssue({
        code: "custom",
        message: "The end date must be on or after the start date",
      });
    else if (dayNumberOf(end) - dayNumberOf(start) + 1 > customRangeMaxDays)
      context.addIssue({
        code: "custom",
        message: `A custom range may span at most ${customRangeMaxDays} days`,
      });
  });
export type TrafficReportQuery = z.infer<typeof trafficReportQuery>;

export interface TrafficDay {
  /** YYYY-MM-DD in the property's time zone. */
  date: string;
  value: number;
}

/** A day whose value departs from what its weekly pattern and recent level predict. */
export interface TrafficChange {
  date: string;
  value: number;
  /** The same-weekday baseline the day was measured against. */
  expected: number;
  /** (value − expected) / expected */
  change: number;
  direction: "spike" | "drop";
}

/** GET /api/traffic/{propertyId} */
export interface TrafficReport {
  propertyId: string;
  metric: TrafficMetric;
  range: TrafficRange;
  startDate: string;
  endDate: string;
  timeZone: string;
  days: TrafficDay[];
  /** Every unusual day in the range, explained or not: the annotations live in the browser too. */
  changes: TrafficChange[];
  /** Days this person chose not to be asked about again, for this property. */
  dismissedDates: string[];
  /** When Google answered (ISO 8601); reports are reused for 10 minutes. */
  fetchedAt: string;
}

/** POST /api/traffic/{propertyId}/dismissals */
export const dismissChangeRequest = z.strictObject({ date: isoDate });
