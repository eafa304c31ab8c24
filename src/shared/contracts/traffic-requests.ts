// The traffic report's request schemas (zod). Apart from src/shared/contracts/traffic.ts, which
// the chart's browser chunk imports: zod and its schemas would otherwise ride along with the chart.
import { z } from "zod";
import { compareDates, parseIsoDate } from "../calendar-date.js";
import { customRangeMaxDays, dayNumberOf, trafficMetrics, trafficRanges } from "./traffic.js";

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

/** POST /api/traffic/{propertyId}/dismissals */
export const dismissChangeRequest = z.strictObject({ date: isoDate });
export type DismissChangeRequest = z.infer<typeof dismissChangeRequest>;
