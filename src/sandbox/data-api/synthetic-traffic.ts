import { hashUnit } from "../seeded-random.js";
import type { TrafficEffect, TrafficProfile } from "../store/sandbox-records.js";

export const supportedMetrics = [
  "sessions",
  "activeUsers",
  "totalUsers",
  "newUsers",
  "screenPageViews",
  "eventCount",
  "engagedSessions",
  "keyEvents",
] as const;
export type MetricName = (typeof supportedMetrics)[number];
export type MetricValues = Record<MetricName, number>;

/** Metrics that count distinct users: a sum over days overcounts, so aggregates shrink it. */
const userMetrics: ReadonlySet<MetricName> = new Set(["activeUsers", "totalUsers"]);

const zero: MetricValues = Object.fromEntries(
  supportedMetrics.map((name) => [name, 0]),
) as MetricValues;

/** What an effect multiplies one of its days by, by its shape. */
export function effectOn(effect: TrafficEffect, day: number): number {
  const lift = effect.factor - 1;
  switch (effect.shape ?? "step") {
    case "step":
      return effect.factor;
    case "spike":
      return 1 + lift * 0.5 ** (day - effect.startDay);
    case "ramp":
      return 1 + (lift * (day - effect.startDay + 1)) / (effect.endDay - effect.startDay + 1);
  }
}

/**
 * One day of plausible traffic for a property: a base level with yearly growth, a mild yearly season,
 * weekly rhythm, ±8 % noise, and the bumps and dips of the seeded events (sales up, outages down).
 * A pure function of the profile and the day, so reports repeat exactly. Days outside
 * [dataStartDay, today] are empty.
 */
export function dailyMetrics(profile: TrafficProfile, day: number, today: number): MetricValues {
  if (day < profile.dataStartDay || day > today) return zero;
  const weekday = (((day + 4) % 7) + 7) % 7; // 0 = Sunday
  const weekly = weekday === 0 || weekday === 6 ? profile.weekendFactor : weekday === 5 ? 0.96 : 1;
  const trend = (1 + profile.growthPerYear) ** ((day - profile.dataStartDay) / 365);
  const season = 1 + 0.08 * Math.sin((2 * Math.PI * day) / 365.25);
  let events = 1;
  for (const effect of profile.effects)
    if (day >= effect.startDay && day <= effect.endDay) events *= effectOn(effect, day);
  const noise = 1 + (hashUnit(profile.seed, day) - 0.5) * 0.16;
  const sessions = Math.max(
    1,
    Math.round(profile.baseSessions * weekly * trend * season * events * noise),
  );
  const jitter = (salt: number) => hashUnit(profile.seed + salt, day);
  const activeUsers = Math.round(sessions * (0.72 + 0.08 * jitter(1)));
  const screenPageViews = Math.round(sessions * (2.4 + 0.8 * jitter(3)));
  return {
    sessions,
    activeUsers,
    totalUsers: Math.round(activeUsers * 1.03),
    newUsers: Math.round(activeUsers * (0.3 + 0.15 * jitter(2))),
    screenPageViews,
    eventCount: Math.round(screenPageViews * (3.1 + 0.6 * jitter(4))),
    engagedSessions: Math.round(sessions * (0.55 + 0.1 * jitter(5))),
    keyEvents: Math.round(sessions * (0.015 + 0.01 * jitter(6))),
  };
}

/** Combines days into one period: sums, except distinct-user metrics, which overlap across days. */
export function aggregateMetrics(days: readonly MetricValues[]): MetricValues {
  const total = { ...zero };
  let activeDays = 0;
  for (const values of days) {
    if (values.sessions > 0) activeDays += 1;
    for (const name of supportedMetrics) total[name] += values[name];
  }
  if (activeDays > 1)
    for (const name of userMetrics) total[name] = Math.round(total[name] * activeDays ** -0.25);
  return total;
}
