import { describe, expect, it } from "vitest";
import { anAnnotation } from "../../../../test/annotation-fixtures.js";
import { fromIsoDate } from "../../../shared/calendar-date.js";
import type { Annotation } from "../../../shared/contracts/annotations.js";
import { addDays, type TrafficDay } from "../../../shared/contracts/traffic.js";
import { unexplainedChanges } from "../../../shared/traffic-explanations.js";
import { detectChanges } from "./change-detection.js";

/** A deterministic pseudo-random number in [0, 1) per day, so series repeat exactly. */
function noiseOf(day: number): number {
  const x = Math.sin(day * 12.9898 + 78.233) * 43_758.5453;
  return x - Math.floor(x);
}

/** 120 days from a Monday: busy weekdays, quiet weekends, slow growth, ±8 % noise. */
function weeklySeries(
  options: { days?: number; planted?: Record<number, number> } = {},
): TrafficDay[] {
  const start = "2026-06-01"; // a Monday
  return Array.from({ length: options.days ?? 120 }, (_, day) => {
    const weekday = day % 7;
    const weekly = weekday >= 5 ? 0.45 : weekday === 4 ? 0.9 : 1;
    const level = 1000 * (1 + day / 800);
    const factor = options.planted?.[day] ?? 1;
    return {
      date: addDays(start, day),
      value: Math.round(level * weekly * factor * (1 + (noiseOf(day) - 0.5) * 0.16)),
    };
  });
}

const annotationOn = (date: string, end?: string): Annotation =>
  anAnnotation({
    propertyId: "1",
    annotationId: date,
    title: "Something",
    annotationDate: fromIsoDate(date),
    ...(end
      ? { annotationDateRange: { startDate: fromIsoDate(date), endDate: fromIsoDate(end) } }
      : {}),
  });

describe("finding unusual days", () => {
  it("does not flag weekly seasonality, growth or ordinary noise", () => {
    expect(detectChanges(weeklySeries())).toEqual([]);
    expect(detectChanges(weeklySeries({ days: 400 }))).toEqual([]);
  });

  it("finds a planted spike and a planted dip, with their size and baseline", () => {
    const series = weeklySeries({ planted: { 50: 1.6, 86: 0.45 } });
    const changes = detectChanges(series);
    expect(changes.map((change) => [change.date, change.direction])).toEqual([
      [series[50]!.date, "spike"],
      [series[86]!.date, "drop"],
    ]);
    const spike = changes[0]!;
    expect(spike.change).toBeGreaterThan(0.4);
    expect(spike.change).toBeLessThan(0.8);
    expect(spike.expected).toBeGreaterThan(900);
    expect(spike.expected).toBeLessThan(1200);
  });

  it("finds a spike on a quiet weekend day, measured against other weekends", () => {
    const series = weeklySeries({ planted: { 54: 1.8 } }); // a Saturday
    expect(detectChanges(series).map((change) => change.date)).toEqual([series[54]!.date]);
  });

  it("reports only the shown days, using the earlier ones as baseline", () => {
    const series = weeklySeries({ planted: { 10: 1.7, 100: 1.7 } });
    expect(detectChanges(series, 28).map((change) => change.date)).toEqual([series[100]!.date]);
  });

  it("flags every day of a week-long campaign, not only its first", () => {
    const planted = Object.fromEntries([60, 61, 62, 63, 64, 65, 66].map((day) => [day, 1.5]));
    expect(detectChanges(weeklySeries({ planted }))).toHaveLength(7);
  });

  it("says nothing about series too short or too small to judge", () => {
    expect(detectChanges(weeklySeries({ days: 10, planted: { 5: 3 } }))).toEqual([]);
    const tiny = weeklySeries().map((day) => ({ ...day, value: day.value % 3 }));
    expect(detectChanges(tiny)).toEqual([]);
  });

  it("skips days an annotation explains: within a day of it, or inside a range", () => {
    const series = weeklySeries({ planted: { 40: 1.7, 60: 1.7, 61: 1.7, 62: 1.7, 90: 0.4 } });
    const changes = detectChanges(series);
    expect(changes).toHaveLength(5);
    const explained = [
      annotationOn(series[39]!.date), // the day before the spike
      annotationOn(series[59]!.date, series[63]!.date), // a range around the campaign
    ];
    expect(unexplainedChanges(changes, explained, []).map((change) => change.date)).toEqual([
      series[90]!.date,
    ]);
    expect(unexplainedChanges(changes, explained, [series[90]!.date])).toEqual([]);
    // Two days away is not an explanation.
    expect(
      unexplainedChanges(changes, [annotationOn(series[88]!.date)], []).map((c) => c.date),
    ).toContain(series[90]!.date);
  });
});
