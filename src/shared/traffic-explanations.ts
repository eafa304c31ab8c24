import { parseIsoDate, toIsoDate } from "./calendar-date.js";
import { annotationSpan } from "./annotation-span.js";
import type { Annotation } from "./contracts/annotations.js";
import {
  addDays,
  trafficMetricLabels,
  type TrafficChange,
  type TrafficMetric,
} from "./contracts/traffic.js";

type Dated = Pick<Annotation, "annotationDate" | "annotationDateRange">;

/**
 * The annotations that explain a day: a single-day annotation within a day of it (an event late
 * in the evening shows up the next day; one announced the day before may move the day itself),
 * or a range that contains it.
 */
export function annotationsExplaining<T extends Dated>(
  date: string,
  annotations: readonly T[],
): T[] {
  return annotations.filter((annotation) => {
    const span = annotationSpan(annotation);
    const start = toIsoDate(span.start);
    const end = toIsoDate(span.end);
    if (start !== end) return start <= date && date <= end;
    return addDays(start, -1) <= date && date <= addDays(start, 1);
  });
}

/** The annotations on a day itself (markers and ranges that touch it), for the chart's hover. */
export function annotationsOnDay<T extends Dated>(date: string, annotations: readonly T[]): T[] {
  return annotations.filter((annotation) => {
    const span = annotationSpan(annotation);
    return toIsoDate(span.start) <= date && date <= toIsoDate(span.end);
  });
}

/** The changes nobody has explained yet: no annotation covers them and the person did not dismiss them. */
export function unexplainedChanges(
  changes: readonly TrafficChange[],
  annotations: readonly Dated[],
  dismissedDates: readonly string[],
): TrafficChange[] {
  const dismissed = new Set(dismissedDates);
  return changes.filter(
    (change) =>
      !dismissed.has(change.date) && annotationsExplaining(change.date, annotations).length === 0,
  );
}

/** '2026-11-12': a day in a sentence about traffic, as every date in the product is written. */
export function formatShortDay(date: string): string {
  const day = parseIsoDate(date);
  if (!day) throw new RangeError(`not a date: ${date}`);
  return toIsoDate(day);
}

/** 'Thu 2026-11-12': a day on its own, as the chart's tooltip heads it. */
export function formatDayHeading(date: string): string {
  return `${weekdayOf(date).slice(0, 3)} ${formatShortDay(date)}`;
}

/** '+48%' / '−23%' */
export function formatChange(change: number): string {
  const percent = Math.round(change * 100);
  return `${percent >= 0 ? "+" : "−"}${Math.abs(percent)}%`;
}

const weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** 'Sunday' */
export function weekdayOf(date: string): string {
  const day = parseIsoDate(date);
  if (!day) throw new RangeError(`not a date: ${date}`);
  return weekdayNames[new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay()]!;
}

/**
 * '+147% vs the usual for a Sunday': an unusual day against the baseline it was judged by (the
 * same weekday's median), named as such wherever it is quoted, so it is never read as the
 * week-on-week change the chart's tooltip also shows.
 */
export function changeAgainstUsual(change: Pick<TrafficChange, "date" | "change">): string {
  return `${formatChange(change.change)} vs the usual for a ${weekdayOf(change.date)}`;
}

/** '+141% vs Nov 8': a day against the same weekday one week earlier. */
export function changeAgainstWeekEarlier(value: number, weekEarlier: TrafficDayLike): string {
  return `${formatChange((value - weekEarlier.value) / weekEarlier.value)} vs ${formatShortDay(weekEarlier.date)}`;
}

type TrafficDayLike = { date: string; value: number };

/** 'Sessions on Nov 8: +147% vs the usual for a Sunday' (the chart's card, tooltip and marker). */
export function unusualDaySummary(change: TrafficChange, metric: TrafficMetric): string {
  return `${trafficMetricLabels[metric]} on ${formatShortDay(change.date)}: ${changeAgainstUsual(change)}`;
}

/** 'Sessions +48% on Nov 12' */
export function changeSummary(change: TrafficChange, metric: TrafficMetric): string {
  return `${trafficMetricLabels[metric]} ${formatChange(change.change)} on ${formatShortDay(change.date)}`;
}

/** A neutral title to start from: 'Spike in sessions' / 'Drop in active users'. */
export function draftTitleFor(change: Pick<TrafficChange, "direction">, metric: TrafficMetric) {
  const noun = trafficMetricLabels[metric].toLowerCase();
  return `${change.direction === "spike" ? "Spike" : "Drop"} in ${noun}`;
}
