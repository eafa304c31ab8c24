import { median, medianAbsoluteDeviation } from "simple-statistics";
import type { TrafficChange, TrafficDay } from "../../../shared/contracts/traffic.js";

/**
 * How a day is judged unusual. Each day is compared with the median of the same weekday in the
 * four weeks before and after it (the weekly pattern and the recent level, robust to the few
 * other unusual days among them). The relative residuals of the whole series are scaled by their
 * median absolute deviation (× 1.4826, so the scale matches a standard deviation for normal
 * noise) into a modified z-score; a day is unusual at |z| ≥ 3.5 — Iglewicz and Hoaglin's
 * outlier cut-off — and a change of at least 20 %, so a very steady site is not asked about
 * small wobbles.
 */
export const detectionRules = {
  weeksEachSide: 4,
  minNeighbours: 3,
  threshold: 3.5,
  minRelativeChange: 0.2,
  /** Below this baseline a day carries too few visits to call anything unusual. */
  minExpected: 5,
  /** The scale never falls below 2 %, so a perfectly flat series does not flag rounding. */
  minSpread: 0.02,
} as const;

const madToSigma = 1.4826;

/**
 * The unusual days of `series` (consecutive days, oldest first) from index `from` on; the days
 * before `from` only serve as baseline.
 */
export function detectChanges(series: readonly TrafficDay[], from = 0): TrafficChange[] {
  const { weeksEachSide, minNeighbours, minExpected } = detectionRules;
  const expected = series.map((_, index) => {
    const neighbours: number[] = [];
    for (let week = 1; week <= weeksEachSide; week += 1) {
      const before = series[index - 7 * week];
      const after = series[index + 7 * week];
      if (before) neighbours.push(before.value);
      if (after) neighbours.push(after.value);
    }
    return neighbours.length >= minNeighbours ? median(neighbours) : null;
  });
  const residuals: (number | null)[] = series.map((day, index) => {
    const baseline = expected[index];
    return baseline === null || baseline === undefined || baseline < minExpected
      ? null
      : (day.value - baseline) / baseline;
  });
  const known = residuals.filter((value): value is number => value !== null);
  if (known.length < 2 * 7) return [];
  const center = median(known);
  const spread = Math.max(detectionRules.minSpread, madToSigma * medianAbsoluteDeviation(known));

  const changes: TrafficChange[] = [];
  for (let index = Math.max(0, from); index < series.length; index += 1) {
    const residual = residuals[index];
    if (residual === null || residual === undefined) continue;
    const score = (residual - center) / spread;
    if (Math.abs(score) < detectionRules.threshold) continue;
    if (Math.abs(residual) < detectionRules.minRelativeChange) continue;
    const day = series[index]!;
    changes.push({
      date: day.date,
      value: day.value,
      expected: Math.round(expected[index]!),
      change: residual,
      direction: residual > 0 ? "spike" : "drop",
    });
  }
  return changes;
}
