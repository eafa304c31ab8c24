import { describe, expect, it } from "vitest";
import { addDays } from "../contracts/traffic.js";
import { estimateImpact, impactWindow, type DailyValue } from "./estimate-impact.js";

/** A deterministic wobble in [-1, 1) per day, so the series are noisy but repeatable. */
const wobble = (i: number) => ((((Math.sin(i * 12.9898) * 43758.5453) % 1) + 1) % 1) * 2 - 1;

/** 200 days to 2026-06-30 built from a level per day (its index), times ±5 % noise. */
function build(level: (i: number, date: string) => number, noise = 0.05): DailyValue[] {
  const start = "2025-12-13";
  return Array.from({ length: 200 }, (_, i) => {
    const date = addDays(start, i);
    return { date, value: Math.round(level(i, date) * (1 + noise * wobble(i))) };
  });
}

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const weekly = (date: string) => (weekday(date) === 0 || weekday(date) === 6 ? 0.55 : 1);
const window = { startDate: "2026-06-10", endDate: "2026-06-23" };
const inWindow = (date: string) => date >= window.startDate && date <= window.endDate;

function estimate(series: DailyValue[], span = window) {
  const result = estimateImpact(series, span);
  if (!result.ok) throw new Error(`no estimate: ${result.reason}`);
  return result.estimate;
}

describe("estimateImpact", () => {
  it.each([
    ["flat", () => 1000],
    ["weekly", (_i: number, date: string) => 1000 * weekly(date)],
    ["trending", (i: number, date: string) => 1000 * weekly(date) * 1.004 ** i],
    ["seasonal", (i: number, date: string) => 1000 * weekly(date) * (1 + 0.1 * Math.sin(i / 40))],
  ])("finds no effect where there is none (%s)", (_name, level) => {
    const found = estimate(build(level));
    expect(Math.abs(found.effect)).toBeLessThan(0.04);
    expect(found.low).toBeLessThan(0);
    expect(found.high).toBeGreaterThan(0);
    expect(found.verdict).toBe("none");
  });

  it.each([0.3, -0.25, 0.12])(
    "measures a planted step of %s over a weekly, trending series",
    (lift) => {
      const series = build(
        (i, date) => 1000 * weekly(date) * 1.002 ** i * (inWindow(date) ? 1 + lift : 1),
      );
      const found = estimate(series);
      expect(found.effect).toBeCloseTo(lift, 1);
      expect(found.low).toBeLessThan(lift);
      expect(found.high).toBeGreaterThan(lift);
      expect(found.verdict).toBe(lift > 0 ? "up" : "down");
    },
  );

  it("leaves other annotations' days out of the history, so they do not become the baseline", () => {
    const earlier = { startDate: "2026-05-20", endDate: "2026-06-05" };
    const series = build((_i, date) =>
      date >= earlier.startDate && date <= earlier.endDate ? 1600 : inWindow(date) ? 1300 : 1000,
    );
    const naive = estimate(series);
    const careful = estimateImpact(series, window, { exclude: [earlier] });
    expect(careful.ok && careful.estimate.effect).toBeCloseTo(0.3, 1);
    expect(careful.ok && Math.abs(careful.estimate.effect - 0.3)).toBeLessThan(
      Math.abs(naive.effect - 0.3),
    );
  });

  it("counts only complete days and says the window is partial", () => {
    const series = build(() => 1000);
    const result = estimateImpact(series, { startDate: "2026-06-25", endDate: "2026-07-10" });
    expect(result.ok && result.estimate.days).toBe(6);
    expect(result.ok && result.estimate.partial).toBe(true);
  });

  it("refuses without enough history, and for a window in the future", () => {
    const series = build(() => 1000);
    expect(estimateImpact(series, { startDate: "2025-12-20", endDate: "2025-12-26" })).toEqual({
      ok: false,
      reason: "no_history",
    });
    expect(estimateImpact(series, { startDate: "2026-08-01", endDate: "2026-08-02" })).toEqual({
      ok: false,
      reason: "future",
    });
  });

  it("measures a single day over the days after it, a range over its own days", () => {
    expect(impactWindow({ date: "2026-06-10" })).toEqual({
      startDate: "2026-06-10",
      endDate: "2026-06-16",
    });
    expect(impactWindow({ date: "2026-06-10" }, 3).endDate).toBe("2026-06-12");
    expect(impactWindow({ date: "2026-06-10", endDate: "2026-06-12" })).toEqual({
      startDate: "2026-06-10",
      endDate: "2026-06-12",
    });
  });
});
