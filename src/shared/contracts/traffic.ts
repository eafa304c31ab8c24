import {
  addDays as addCalendarDays,
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
