import type { User } from "../../db/schema/index.js";
import type { CachedTrafficSeries } from "../../db/schema/index.js";
import type { AnalyticsData } from "../../integrations/google/analytics-data.js";
import type { GoogleApiError } from "../../integrations/google/google-api-error.js";
import { toIsoDate, todayIn } from "../../../shared/calendar-date.js";
import { addDays, trafficRangeDays, type TrafficDay } from "../../../shared/contracts/traffic.js";
import type { TrafficReportQuery } from "../../../shared/contracts/traffic-requests.js";
import type { AnalyticsGateway } from "../google-connection/analytics-gateway.js";
import type { TrafficCacheKey, TrafficRepository } from "./traffic-repository.js";

/** GA4 data is not real-time: a report is reused for ten minutes. */
export const reportCacheMs = 10 * 60_000;
/** Four weeks before the range are fetched too, so its first days have a same-weekday baseline. */
const baselineDays = 28;

/** One metric's days from Google, kept in the database for ten minutes and fetched once at a time. */
export function createTrafficSeries(deps: {
  gateway: AnalyticsGateway;
  data: AnalyticsData;
  repository: TrafficRepository;
  now: () => Date;
}) {
  const { gateway, data, repository, now } = deps;
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

  return { seriesFor };
}
