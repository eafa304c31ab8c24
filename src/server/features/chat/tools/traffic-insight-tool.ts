import { tool } from "ai";
import { z } from "zod";
import { trafficMetrics } from "../../../../shared/contracts/traffic.js";
import { isoDate, type ToolContext } from "./tool-turn.js";

/** 'What happened on Nov 12?', 'anything unexplained last month?': the chart's own analysis. */
export function trafficInsightTool({ actions }: ToolContext) {
  return tool({
    description:
      "Look at the property's daily traffic. With `date`: that day's value, the change against the same weekday a week earlier, whether it was unusual, and the annotations on it. With `startDate` and `endDate`: the unusual days (spikes and drops) in that period that no annotation explains.",
    inputSchema: z.object({
      metric: z.enum(trafficMetrics).default("sessions"),
      date: isoDate.optional(),
      startDate: isoDate.optional(),
      endDate: isoDate.optional(),
    }),
    execute: async (input) => actions.trafficInsight(input),
  });
}
