import type { User } from "../../db/schema/index.js";
import type { CachedTrafficSeries } from "../../db/schema/index.js";
import type { AnalyticsData } from "../../integrations/google/analytics-data.js";
import type { GoogleApiError } from "../../integrations/google/google-api-error.js";
import { toIsoDate, todayIn } from "../../../shared/calendar-date.js";
import { dataRetention } from "../../../shared/data-retention.js";
import type { Annotation } from "../../../shared/contracts/annotations.js";
import {
  addDays,
  daysBetween,
  trafficRangeDays,
  type TrafficChange,
  type TrafficDay,
  type TrafficMetric,
  type TrafficReport,
} from "../../../shared/contracts/traffic.js";
import {
  type DismissChangeRequest,
  type TrafficReportQuery,
} from "../../../shared/contracts/traffic-requests.js";
import { annotationsOnDay, unexplainedChanges } from "../../../shared/traffic-explanations.js";
import type { AnnotationsService } from "../annotations/annotations-service.js";
import type { AnalyticsGateway } from "../google-connection/analytics-gateway.js";
import type { PropertiesService } from "../properties/properties-service.js";
import { detectChanges } from "./change-detection.js";
import type { TrafficCacheKey, TrafficRepository } from "./traffic-repository.js";

/** GA4 data is not real-time: a report is reused for ten minutes. */
export const reportCacheMs = 10 * 60_000;
/** Four weeks before the range are fetched too, so its first days have a same-weekday baseline. */
const baselineDays = 28;

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
  // Two views of the same chart at once (a double render, two tabs) share one Google call.
  const inFlight = new Map<string, Promise<{ series: CachedTrafficSeries; fetchedAt: Date }>>();

  async function fetchSeries(
    user: User,
    propertyId: string,
    query: TrafficReportQuery,
  ): Promise<CachedTrafficSeries> {
    const custom = query.range === "custom";
    const days = custom ? 0 : trafficRangeDays[query.range as keyof typeof trafficRangeDays];
    const startDate = custom
      ? addDays(query.startDate!, -baselineDays)
      : `${days + baselineDays}daysAgo`;
    const endDate = custom ? query.endDate! : "yesterday";
    const answer = await gateway.call(
      user,
      "report",
      (_admin, token) =>
        data.dailySeries(token, propertyId, { metric: query.metric, startDate, endDate }),
      {
        retry: true,
        // A quota refusal will not pass on a second try, and every try spends quota.
        beforeRetry: async (_admin, _token, failure: GoogleApiError) => {
          if (failure.isRateLimit) throw failure;
          return { done: false };
        },
      },
    );
    const byDate = new Map(
      answer.rows.map((row) => [
        `${row.date.slice(0, 4)}-${row.date.slice(4, 6)}-${row.date.slice(6, 8)}`,
        row.value,
      ]),
    );
    const known = [...byDate.keys()].sort();
    // A day is complete once it has ended where the property is: a part of today would read as a
    // drop, and later days have no data yet. The asker's own today can be a day ahead or behind.
    const lastComplete = addDays(toIsoDate(todayIn(now(), answer.timeZone)), -1);
    const first = custom ? startDate : known[0];
    const last = custom ? (endDate < lastComplete ? endDate : lastComplete) : known.at(-1);
    if (!first || !last || last < first)
      return { timeZone: answer.timeZone, days: [], rangeStart: 0 };
    // Google leaves out days without data unless asked; the chart draws them as zero either way.
    const filled: TrafficDay[] = [];
    for (let day = first; day <= last; day = addDays(day, 1))
      filled.push({ date: day, value: byDate.get(day) ?? 0 });
    const rangeStart = custom ? baselineDays : Math.max(0, filled.length - days);
    return { timeZone: answer.timeZone, days: filled, rangeStart };
  }

  async function seriesFor(
    user: User,
    propertyId: string,
    query: TrafficReportQuery,
  ): Promise<{ series: CachedTrafficSeries; fetchedAt: Date }> {
    const key: TrafficCacheKey = {
      userId: user.id,
      propertyId,
      metric: query.metric,
      rangeKey:
        query.range === "custom" ? `custom:${query.startDate}:${query.endDate}` : query.range,
    };
    const freshSince = new Date(now().getTime() - reportCacheMs);
    const cached = await repository.readFresh(key, freshSince);
    if (cached) return cached;
    const flightKey = JSON.stringify(key);
    const pending = inFlight.get(flightKey);
    if (pending) return pending;
    const work = (async () => {
      const series = await fetchSeries(user, propertyId, query);
      const fetchedAt = now();
      await repository.write(key, series, fetchedAt, freshSince);
      return { series, fetchedAt };
    })();
    inFlight.set(flightKey, work);
    try {
      return await work;
    } finally {
      inFlight.delete(flightKey);
    }
  }

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

export type TrafficService = ReturnType<typeof createTrafficService>;
