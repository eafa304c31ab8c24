import type { User } from "../../db/schema/index.js";
import type { AnalyticsData } from "../../integrations/google/analytics-data.js";
import { toIsoDate, todayIn } from "../../../shared/calendar-date.js";
import { dataRetention } from "../../../shared/data-retention.js";
import {
  addDays,
  type TrafficDay,
  type TrafficMetric,
  type TrafficReport,
} from "../../../shared/contracts/traffic.js";
import {
  type DismissChangeRequest,
  type TrafficReportQuery,
} from "../../../shared/contracts/traffic-requests.js";
import type { AnnotationsService } from "../annotations/annotations-service.js";
import type { AnalyticsGateway } from "../google-connection/analytics-gateway.js";
import type { PropertiesService } from "../properties/properties-service.js";
import { detectChanges } from "./change-detection.js";
import { createTrafficInsights } from "./traffic-insights.js";
import { createTrafficSeries } from "./traffic-series.js";
import type { TrafficRepository } from "./traffic-repository.js";

export { reportCacheMs } from "./traffic-series.js";
export type { DayInsight, UnexplainedSummary } from "./traffic-insights.js";

/**
 * The traffic chart's data and the "unexplained change" analysis, for the REST routes and the
 * assistant alike: one Data API `runReport` per person, property, metric and range, reused from
 * the database for ten minutes.
 */
export function createTrafficService(deps: {
  gateway: AnalyticsGateway;
  data: AnalyticsData;
  properties: PropertiesService;
  annotations: AnnotationsService;
  repository: TrafficRepository;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { gateway, data, properties, repository } = deps;
  const { seriesFor } = createTrafficSeries({ gateway, data, repository, now });

  async function report(
    user: User,
    propertyId: string,
    query: TrafficReportQuery,
  ): Promise<TrafficReport> {
    await properties.requireAllowed(user, propertyId);
    const { series, fetchedAt } = await seriesFor(user, propertyId, query);
    const shown = series.days.slice(series.rangeStart);
    const startDate = shown[0]?.date ?? query.startDate ?? "";
    const endDate = shown.at(-1)?.date ?? query.endDate ?? "";
    return {
      propertyId,
      metric: query.metric,
      range: query.range,
      startDate,
      endDate,
      timeZone: series.timeZone,
      days: shown,
      changes: detectChanges(series.days, series.rangeStart),
      dismissedDates: shown.length
        ? await repository.dismissedBetween(user.id, propertyId, startDate, endDate)
        : [],
      fetchedAt: fetchedAt.toISOString(),
    };
  }

  return {
    report,

    /**
     * A year of one metric's days and the four weeks before it, from the chart's own cached
     * report (no second Google call for the same view), with the last complete day.
     */
    async dailySeries(
      user: User,
      propertyId: string,
      metric: TrafficMetric,
    ): Promise<{ days: TrafficDay[]; timeZone: string; lastCompleteDate: string }> {
      await properties.requireAllowed(user, propertyId);
      const { series } = await seriesFor(user, propertyId, { metric, range: "12m" });
      return {
        days: series.days,
        timeZone: series.timeZone,
        lastCompleteDate: addDays(toIsoDate(todayIn(now(), series.timeZone)), -1),
      };
    },

    /** Hides one day's prompt for this person and property. */
    async dismiss(user: User, propertyId: string, { date }: DismissChangeRequest): Promise<void> {
      await properties.requireAllowed(user, propertyId);
      await repository.dismiss(user.id, propertyId, date, dataRetention.dismissedTrafficDaysKept);
    },
    ...createTrafficInsights({ annotations: deps.annotations, report }),
  };
}

export type TrafficService = ReturnType<typeof createTrafficService>;
