import type { User } from "../../db/schema/index.js";
import { toIsoDate } from "../../../shared/calendar-date.js";
import type { Annotation } from "../../../shared/contracts/annotations.js";
import {
  addDays,
  daysBetween,
  type TrafficChange,
  type TrafficMetric,
  type TrafficReport,
} from "../../../shared/contracts/traffic.js";
import type { TrafficReportQuery } from "../../../shared/contracts/traffic-requests.js";
import { annotationsOnDay, unexplainedChanges } from "../../../shared/traffic-explanations.js";
import type { AnnotationsService } from "../annotations/annotations-service.js";

/** What the assistant says about one day. */
export interface DayInsight {
  date: string;
  metric: TrafficMetric;
  value: number | null;
  /** The same weekday a week earlier, and the change against it. */
  weekEarlier: number | null;
  changeFromWeekEarlier: number | null;
  /** Set when the day departs from its weekly pattern and recent level. */
  unusual: TrafficChange | null;
  annotations: Annotation[];
  dismissed: boolean;
}

export interface UnexplainedSummary {
  metric: TrafficMetric;
  startDate: string;
  endDate: string;
  unexplained: TrafficChange[];
  /** Unusual days that annotations do explain. */
  explainedCount: number;
}

/** What the assistant reads from the chart's report: a period's unexplained days, and one day. */
export function createTrafficInsights(deps: {
  annotations: Pick<AnnotationsService, "list">;
  report: (user: User, propertyId: string, query: TrafficReportQuery) => Promise<TrafficReport>;
}) {
  const { report } = deps;
  return {
    /** The unusual days of a period that no annotation explains ('anything unexplained last month?'). */
    async unexplained(
      user: User,
      propertyId: string,
      period: { metric: TrafficMetric; startDate: string; endDate: string },
    ): Promise<UnexplainedSummary> {
      const found = await report(user, propertyId, { ...period, range: "custom" });
      const annotations = await deps.annotations.list(user, propertyId);
      const unexplained = unexplainedChanges(found.changes, annotations, found.dismissedDates);
      return {
        metric: period.metric,
        startDate: found.startDate,
        endDate: found.endDate,
        unexplained,
        explainedCount:
          found.changes.length - unexplainedChanges(found.changes, annotations, []).length,
      };
    },

    /** One day: its value, the week before, whether it was unusual, and what annotations say. */
    async describeDay(
      user: User,
      propertyId: string,
      request: { date: string; metric: TrafficMetric },
    ): Promise<DayInsight> {
      // The four weeks up to the day: one report, and the same analysis as the chart's.
      const found = await report(user, propertyId, {
        metric: request.metric,
        range: "custom",
        startDate: addDays(request.date, -27),
        endDate: request.date,
      });
      const day = found.days.find((entry) => entry.date === request.date);
      const before = found.days.find((entry) => daysBetween(entry.date, request.date) === 7);
      const annotations = await deps.annotations.list(user, propertyId);
      return {
        date: request.date,
        metric: request.metric,
        value: day?.value ?? null,
        weekEarlier: before?.value ?? null,
        changeFromWeekEarlier:
          day && before && before.value > 0 ? (day.value - before.value) / before.value : null,
        unusual: found.changes.find((change) => change.date === request.date) ?? null,
        annotations: annotationsOnDay(request.date, annotations).sort((a, b) =>
          toIsoDate(a.annotationDate).localeCompare(toIsoDate(b.annotationDate)),
        ),
        dismissed: found.dismissedDates.includes(request.date),
      };
    },
  };
}
