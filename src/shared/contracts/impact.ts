import { z } from "zod";
import { trafficMetrics } from "./traffic.js";

/** Which metric, and for a single-day annotation how many days from it count as its effect. */
export const impactQuery = z.strictObject({
  metric: z
    .enum(trafficMetrics, { message: "Choose sessions, activeUsers or keyEvents" })
    .default("sessions"),
  days: z.coerce
    .number({ message: "days must be a number of days" })
    .int("days must be a whole number of days")
    .min(1, "days must be at least 1")
    .max(60, "days can be at most 60")
    .default(7),
});
export type ImpactQuery = z.output<typeof impactQuery>;

/** Why an annotation has no estimate. */
export const impactUnavailable = {
  no_history: "Not enough traffic history before it to tell.",
  no_window_data: "No traffic data for its days yet.",
  future: "It has not happened yet.",
  too_old: "Older than the year of traffic Tidemark reads.",
} as const;
export type ImpactUnavailableReason = keyof typeof impactUnavailable;

export const annotationImpact = z.object({
  annotationId: z.string(),
  metric: z.enum(trafficMetrics),
  /** The days measured: the annotation's range, or its day and the days after it. */
  startDate: z.string(),
  endDate: z.string(),
  /** Null when there is no estimate; `unavailable` says why. */
  estimate: z
    .object({
      effect: z.number(),
      low: z.number(),
      high: z.number(),
      actual: z.number(),
      expected: z.number(),
      days: z.number().int(),
      historyDays: z.number().int(),
      verdict: z.enum(["up", "down", "none"]),
      partial: z.boolean(),
    })
    .nullable(),
  unavailable: z.enum(["no_history", "no_window_data", "future", "too_old"]).nullable(),
  /** Other annotations whose days overlap, which may share the credit. */
  sharedWith: z.array(z.object({ annotationId: z.string(), title: z.string() })),
  /** The verdict in one sentence, as every place shows it. */
  sentence: z.string(),
});
export type AnnotationImpact = z.infer<typeof annotationImpact>;

export const impactListResponse = z.object({
  metric: z.enum(trafficMetrics),
  impacts: z.array(annotationImpact),
});
export type ImpactListResponse = z.infer<typeof impactListResponse>;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Dates are YYYY-MM-DD");

/** A day, or a period, whose change is to be explained. */
export const explainQuery = z
  .strictObject({
    metric: z
      .enum(trafficMetrics, { message: "Choose sessions, activeUsers or keyEvents" })
      .default("sessions"),
    date: isoDay.optional(),
    startDate: isoDay.optional(),
    endDate: isoDay.optional(),
  })
  .refine((q) => (q.date ? !q.startDate && !q.endDate : Boolean(q.startDate && q.endDate)), {
    message: "Name one day (date) or a period (startDate and endDate)",
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: "startDate must not be after endDate",
    path: ["endDate"],
  });
export type ExplainQuery = z.output<typeof explainQuery>;

export const rankedCause = z.object({
  kind: z.enum(["annotation", "change-history", "release", "holiday"]),
  id: z.string(),
  title: z.string(),
  detail: z.string().optional(),
  startDate: z.string(),
  endDate: z.string(),
  color: z.string().optional(),
  score: z.number(),
  why: z.string(),
});

export const changeExplanation = z.object({
  metric: z.enum(trafficMetrics),
  startDate: z.string(),
  endDate: z.string(),
  /** The change itself against what history predicts; null when it cannot be measured. */
  change: z
    .object({
      effect: z.number(),
      low: z.number(),
      high: z.number(),
      verdict: z.enum(["up", "down", "none"]),
    })
    .nullable(),
  /** Best first; empty when nothing on record fits ('nothing on record'). */
  causes: z.array(rankedCause),
  summary: z.string(),
});
export type ChangeExplanation = z.infer<typeof changeExplanation>;

/** Most days one request explains (an inbox's page of unexplained changes). */
export const explainDaysLimit = 50;

/** Several single days at once: `dates` repeated or comma-separated. */
export const explainDaysQuery = z.strictObject({
  metric: z
    .enum(trafficMetrics, { message: "Choose sessions, activeUsers or keyEvents" })
    .default("sessions"),
  dates: z.preprocess(
    (value) =>
      (value === undefined ? [] : Array.isArray(value) ? value : [value])
        .flatMap((part) => (typeof part === "string" ? part.split(",") : [part]))
        .filter((part) => part !== ""),
    z
      .array(isoDay)
      .min(1, "Name at least one day in dates")
      .max(explainDaysLimit, `Name at most ${explainDaysLimit} days`),
  ),
});
export type ExplainDaysQuery = z.output<typeof explainDaysQuery>;

export const explainDaysResponse = z.object({
  /** One per day asked, in the order asked. */
  explanations: z.array(changeExplanation),
});
export type ExplainDaysResponse = z.infer<typeof explainDaysResponse>;
