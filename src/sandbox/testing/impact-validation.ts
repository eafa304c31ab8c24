import {
  estimateImpact,
  impactWindow,
  type DailyValue,
} from "../../shared/impact/estimate-impact.js";
import { causeKinds, rankCauses, type CauseCandidate } from "../../shared/impact/rank-causes.js";
import { fromDayNumber } from "../calendar/civil-date.js";
import { dailyMetrics } from "../data-api/synthetic-traffic.js";
import { createRandom } from "../seeded-random.js";
import type { TrafficEffect, TrafficProfile } from "../store/sandbox-records.js";

/**
 * The impact method measured on effects planted in the sandbox's own synthetic traffic (its weekly
 * rhythm, growth, season and ±8 % daily noise): each case is a property drawn from a seed, one
 * effect of a known size and shape planted in a window (or none, to count false alarms), and the
 * estimate compared with the effect as realised in the data (the series with the effect over the
 * same series without it, noise for noise).
 */
export interface ValidationCase {
  planted: number;
  estimated: number;
  low: number;
  high: number;
  likely: boolean;
  covered: boolean;
  /** No effect was planted in this window. */
  empty: boolean;
  shape: NonNullable<TrafficEffect["shape"]>;
}

export interface ValidationSummary {
  cases: number;
  planted: number;
  /** Median |estimated − planted| / |planted| over effects at least twice the daily noise. */
  medianRelativeError: number;
  /** Share of 90 % intervals that hold the planted effect (every case, empty ones included). */
  coverage: number;
  /** Share of windows without an effect given a "likely" verdict. */
  falseLikely: number;
}

/** Sessions' day-to-day noise on the log scale: uniform ±8 % has a standard deviation of ~4.6 %. */
export const dailyNoise = 0.16 / Math.sqrt(12);

const iso = (day: number) => {
  const { year, month, day: d } = fromDayNumber(day);
  return `${year}-${String(month).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
};

function series(profile: TrafficProfile, from: number, to: number, today: number): DailyValue[] {
  const days: DailyValue[] = [];
  for (let day = from; day <= to; day++)
    days.push({ date: iso(day), value: dailyMetrics(profile, day, today).sessions });
  return days;
}

export function runImpactValidation(options: { seed: number; cases: number }): ValidationCase[] {
  const random = createRandom(options.seed);
  const between = (low: number, high: number) => low + (high - low) * random();
  const today = 20_800; // 2026-12-12: a fixed "today", so a seed gives the same cases everywhere.
  const results: ValidationCase[] = [];
  for (let index = 0; index < options.cases; index++) {
    const base: TrafficProfile = {
      seed: Math.floor(random() * 2 ** 31),
      baseSessions: Math.round(between(300, 8000)),
      weekendFactor: between(0.45, 1.4),
      growthPerYear: between(-0.15, 0.6),
      dataStartDay: today - 720,
      effects: [],
    };
    const empty = index % 5 === 4;
    const shapes = ["step", "step", "spike", "ramp"] as const;
    const shape = shapes[Math.floor(random() * shapes.length)]!;
    const single = random() < 0.4;
    const start = today - Math.floor(between(20, 330));
    const length = single ? 7 : Math.floor(between(3, 22));
    const end = start + length - 1;
    const sign = random() < 0.3 ? -1 : 1;
    const size = between(0.05, 0.6);
    const factor = sign > 0 ? 1 + size : 1 / (1 + size);
    const planted: TrafficEffect = { startDay: start, endDay: end, factor, shape };
    const withEffect: TrafficProfile = { ...base, effects: empty ? [] : [planted] };
    const observed = series(withEffect, start - 120, Math.min(end, today - 1), today);
    const window = single
      ? impactWindow({ date: iso(start) })
      : impactWindow({ date: iso(start), endDate: iso(end) });
    const result = estimateImpact(observed, window, { lastCompleteDate: iso(today - 1) });
    if (!result.ok) continue;
    const counted = series(base, start, Math.min(end, today - 1), today);
    const withSum = observed
      .filter((day) => day.date >= window.startDate && day.date <= window.endDate)
      .reduce((sum, day) => sum + day.value, 0);
    const withoutSum = counted.reduce((sum, day) => sum + day.value, 0);
    const truth = withSum / withoutSum - 1;
    const { estimate } = result;
    results.push({
      planted: truth,
      estimated: estimate.effect,
      low: estimate.low,
      high: estimate.high,
      likely: estimate.verdict !== "none",
      covered: estimate.low <= truth && truth <= estimate.high,
      empty,
      shape,
    });
  }
  return results;
}

export function summarise(cases: readonly ValidationCase[]): ValidationSummary {
  const large = cases.filter((c) => !c.empty && Math.abs(c.planted) >= 2 * dailyNoise);
  const errors = large
    .map((c) => Math.abs(c.estimated - c.planted) / Math.abs(c.planted))
    .sort((a, b) => a - b);
  const empties = cases.filter((c) => c.empty);
  return {
    cases: cases.length,
    planted: cases.length - empties.length,
    medianRelativeError: errors.length ? errors[Math.floor(errors.length / 2)]! : Number.NaN,
    coverage: cases.filter((c) => c.covered).length / Math.max(1, cases.length),
    falseLikely: empties.filter((c) => c.likely).length / Math.max(1, empties.length),
  };
}

/**
 * "Why did it move?" on planted effects: a change planted in the synthetic traffic with its cause
 * on record (an annotation, a release or a setting change that began with it, or the day before),
 * among 1–4 unrelated records at random days around it. The change's direction comes from the
 * impact estimate of the planted days; the share of cases whose planted cause ranks first is the
 * figure.
 */
export function runCauseValidation(options: { seed: number; cases: number }): {
  cases: number;
  firstRate: number;
} {
  const random = createRandom(options.seed);
  const int = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const today = 20_800;
  let first = 0;
  let counted = 0;
  for (let index = 0; index < options.cases; index++) {
    const drop = random() < 0.4;
    const start = today - int(30, 300);
    const length = int(1, 14);
    const profile: TrafficProfile = {
      seed: Math.floor(random() * 2 ** 31),
      baseSessions: int(300, 8000),
      weekendFactor: 0.45 + random() * 0.95,
      growthPerYear: -0.15 + random() * 0.75,
      dataStartDay: today - 720,
      effects: [
        {
          startDay: start,
          endDay: start + length - 1,
          factor: drop ? 1 / (1.15 + random() * 0.5) : 1.15 + random() * 0.5,
          shape: random() < 0.7 ? "step" : "spike",
        },
      ],
    };
    const observed = series(profile, start - 120, start + length - 1, today);
    const change = estimateImpact(observed, {
      startDate: iso(start),
      endDate: iso(start + length - 1),
    });
    if (!change.ok) continue;
    const trueKind = (["annotation", "release", "change-history"] as const)[int(0, 2)]!;
    const lead = random() < 0.25 ? 1 : 0;
    const truth: CauseCandidate = {
      kind: trueKind,
      id: "planted",
      title: "Planted cause",
      startDate: iso(start - lead),
      endDate: iso(trueKind === "annotation" ? start + length - 1 : start - lead),
      ...(trueKind === "annotation" ? { color: drop && random() < 0.5 ? "RED" : "BLUE" } : {}),
    };
    const distractors: CauseCandidate[] = Array.from({ length: int(1, 4) }, (_, i) => {
      const kind = causeKinds[int(0, causeKinds.length - 1)]!;
      const from = start + int(-12, 4);
      return {
        kind,
        id: `other-${i}`,
        title: `Other ${i}`,
        startDate: iso(from),
        endDate: iso(kind === "annotation" ? from + int(0, 9) : from),
        ...(kind === "annotation" ? { color: random() < 0.2 ? "RED" : "GREEN" } : {}),
      };
    });
    const ranked = rankCauses(
      {
        startDate: iso(start),
        endDate: iso(start + length - 1),
        direction:
          change.estimate.verdict === "none" ? (drop ? "down" : "up") : change.estimate.verdict,
      },
      [...distractors, truth],
    );
    counted++;
    if (ranked[0]?.id === "planted") first++;
  }
  return { cases: counted, firstRate: first / Math.max(1, counted) };
}
