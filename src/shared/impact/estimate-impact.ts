import jStat from "jstat";
import { Matrix, inverse } from "ml-matrix";
import { addDays } from "../contracts/traffic.js";

/** One day of a metric, as the traffic report holds it. */
export interface DailyValue {
  date: string;
  value: number;
}

/** A span of days, both ends inclusive, as YYYY-MM-DD. */
export interface DaySpan {
  startDate: string;
  endDate: string;
}

export interface ImpactEstimate {
  /** Actual against expected over the window: +0.18 is 18 % above what history predicts. */
  effect: number;
  /** The 90 % interval of `effect`. */
  low: number;
  high: number;
  /** Sums over the window's days that have data. */
  actual: number;
  expected: number;
  /** The window's days with data, and the days of history the counterfactual was fitted on. */
  days: number;
  historyDays: number;
  /** "up"/"down" when the whole interval is on one side of zero, else "none". */
  verdict: "up" | "down" | "none";
  /** The window reaches past the last complete day: what is shown is so far. */
  partial: boolean;
}

export type ImpactResult =
  | { ok: true; estimate: ImpactEstimate }
  | { ok: false; reason: "no_history" | "no_window_data" | "future" };

export const impactDefaults = {
  /** Days after a single-day annotation that count as its effect, the day itself included. */
  daysAfter: 7,
  /** Days of history before the window the counterfactual is fitted on. */
  historyDays: 112,
  /** Fewer usable days than this and no estimate is given. */
  minimumHistoryDays: 28,
  level: 0.9,
} as const;

/** Days since 1970-01-01 of a YYYY-MM-DD day: the method counts in numbers, not strings. */
const dayNumber = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);

/** One day of the series as the method works with it. */
interface Day {
  day: number;
  value: number;
}

/** The regressors of one day: level, trend and its square (in 100-day units), weekday. */
function regressors(day: number, origin: number): number[] {
  const weekday = (((day + 4) % 7) + 7) % 7; // 0 = Sunday
  const t = (day - origin) / 100;
  return [
    1,
    t,
    t * t,
    weekday === 1 ? 1 : 0,
    weekday === 2 ? 1 : 0,
    weekday === 3 ? 1 : 0,
    weekday === 4 ? 1 : 0,
    weekday === 5 ? 1 : 0,
    weekday === 6 ? 1 : 0,
  ];
}

/** A series indexed by day number, kept per series so many windows over one series index once. */
const prepared = new WeakMap<
  readonly DailyValue[],
  { byDay: Map<number, number>; firstWithData: number | null }
>();
function prepare(series: readonly DailyValue[]) {
  let found = prepared.get(series);
  if (!found) {
    const byDay = new Map(series.map((entry) => [dayNumber(entry.date), entry.value]));
    const first = series.find((entry) => entry.value > 0);
    found = { byDay, firstWithData: first ? dayNumber(first.date) : null };
    prepared.set(series, found);
  }
  return found;
}

const inSpans = (day: number, spans: readonly { start: number; end: number }[]) =>
  spans.some((span) => day >= span.start && day <= span.end);

/**
 * The change a span of days shows against what the property's own history predicts for it.
 *
 * The counterfactual is a regression fitted on the days before the window — on log(value + 1),
 * with a linear trend and a level per weekday — and carried over the window. The effect is the
 * window's actual total over its predicted total; its 90 % interval comes from the regression's
 * prediction error for the window's mean (residual variance, the fit's own uncertainty, and
 * day-to-day correlation of the residuals), on the t distribution. Days of other annotations'
 * windows are left out of the history when enough remain, so one campaign does not become the
 * next one's baseline. Assumptions: the weekly rhythm and trend hold across the window; season
 * bends slowly enough for a quadratic trend over the history; nothing else changed at the same time
 * (things that overlap are named beside the estimate, not subtracted).
 */
export function estimateImpact(
  series: readonly DailyValue[],
  window: DaySpan,
  options: {
    /** Spans of other annotations and known events, kept out of the history when possible. */
    exclude?: readonly DaySpan[];
    historyDays?: number;
    /** The last day with complete data; later window days are not counted. */
    lastCompleteDate?: string;
  } = {},
): ImpactResult {
  const historyDays = options.historyDays ?? impactDefaults.historyDays;
  const lastComplete = options.lastCompleteDate ?? series.at(-1)?.date ?? window.endDate;
  if (window.startDate > lastComplete) return { ok: false, reason: "future" };
  const { byDay, firstWithData } = prepare(series);
  const start = dayNumber(window.startDate);
  const excluded = (options.exclude ?? []).map((span) => ({
    start: dayNumber(span.startDate),
    end: dayNumber(span.endDate),
  }));

  const historyAll: Day[] = [];
  for (let day = start - historyDays; day < start; day++) {
    const value = byDay.get(day);
    if (value === undefined || firstWithData === null || day < firstWithData) continue;
    historyAll.push({ day, value });
  }
  const withoutOthers = historyAll.filter((entry) => !inSpans(entry.day, excluded));
  const history =
    withoutOthers.length >= impactDefaults.minimumHistoryDays ? withoutOthers : historyAll;
  if (history.length < impactDefaults.minimumHistoryDays)
    return { ok: false, reason: "no_history" };

  const windowDays: Day[] = [];
  const windowEnd = dayNumber(window.endDate < lastComplete ? window.endDate : lastComplete);
  for (let day = start; day <= windowEnd; day++) {
    const value = byDay.get(day);
    if (value !== undefined) windowDays.push({ day, value });
  }
  if (windowDays.length === 0) return { ok: false, reason: "no_window_data" };

  const model = fit(history, start);
  const forecast = forecastOf(model, windowDays, start);
  if (forecast.expected <= 0) return { ok: false, reason: "no_history" };
  const actual = windowDays.reduce((sum, day) => sum + day.value, 0);
  const { expected } = forecast;
  const n = windowDays.length;
  const se = forecast.se * backtestInflation(history, n);
  const t = jStat.studentt.inv(0.5 + impactDefaults.level / 2, model.freedom);
  const center = Math.log(actual / expected);
  const low = Math.exp(center - t * se) - 1;
  const high = Math.exp(center + t * se) - 1;
  return {
    ok: true,
    estimate: {
      effect: actual / expected - 1,
      low,
      high,
      actual,
      expected,
      days: n,
      historyDays: history.length,
      verdict: low > 0 ? "up" : high < 0 ? "down" : "none",
      partial: window.endDate > lastComplete,
    },
  };
}

interface Fit {
  beta: number[];
  /** (X'X)⁻¹, the fit's uncertainty per unit of residual variance. */
  XtXInverse: number[][];
  sigma2: number;
  freedom: number;
  /** Lag-one correlation of the residuals (0 when they do not run in streaks). */
  rho: number;
  /** Duan's smearing factor: the mean of exp(residual), to undo the log without bias. */
  smearing: number;
}

const dot = (a: readonly number[], b: readonly number[]) =>
  a.reduce((sum, x, i) => sum + x * b[i]!, 0);
const quadratic = (m: readonly number[][], v: readonly number[]) =>
  v.reduce((sum, vi, i) => sum + vi * dot(m[i]!, v), 0);

/**
 * Least squares of log(value + 1) on the regressors, with what the interval needs. The normal
 * equations are accumulated by hand (a few hundred rows of nine numbers); the small inverse is
 * ml-matrix's.
 */
function fit(history: readonly Day[], origin: number): Fit {
  const rows = history.map((entry) => regressors(entry.day, origin));
  const y = history.map((day) => Math.log(day.value + 1));
  const p = rows[0]!.length;
  const XtX = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  const Xty = new Array<number>(p).fill(0);
  rows.forEach((x, r) => {
    for (let i = 0; i < p; i++) {
      Xty[i]! += x[i]! * y[r]!;
      for (let j = 0; j < p; j++) XtX[i]![j]! += x[i]! * x[j]!;
    }
  });
  // A weekday missing from the history leaves its column empty; a tiny ridge keeps the normal
  // equations solvable without moving the fit where the data speaks.
  for (let i = 0; i < p; i++) XtX[i]![i]! += 1e-9;
  const XtXInverse = inverse(new Matrix(XtX)).to2DArray();
  const beta = XtXInverse.map((row) => dot(row, Xty));
  const residuals = rows.map((x, r) => y[r]! - dot(x, beta));
  const freedom = Math.max(1, history.length - p);
  const sigma2 = residuals.reduce((sum, e) => sum + e * e, 0) / freedom;
  let lagged = 0;
  for (let i = 1; i < residuals.length; i++) lagged += residuals[i]! * residuals[i - 1]!;
  const rho = sigma2 > 0 ? Math.min(0.9, Math.max(0, lagged / (sigma2 * freedom))) : 0;
  const smearing = residuals.reduce((sum, e) => sum + Math.exp(e), 0) / residuals.length;
  return { beta, XtXInverse, sigma2, freedom, rho, smearing };
}

/**
 * The expected total over some days and the standard error of log(actual / expected): each day
 * counts by its share of the expected total (a quiet weekend day moves the total less than a
 * busy Tuesday); the error adds the days' own noise (inflated when residuals run in streaks) to
 * the fit's uncertainty carried to those days.
 */
function forecastOf(model: Fit, days: readonly Day[], origin: number) {
  const rows = days.map((entry) => regressors(entry.day, origin));
  const levels = rows.map((x) => Math.max(0, Math.exp(dot(x, model.beta)) * model.smearing - 1));
  const expected = levels.reduce((sum, level) => sum + level, 0);
  if (expected <= 0) return { expected, se: Number.POSITIVE_INFINITY };
  const shares = levels.map((level) => level / expected);
  const weighted = model.beta.map((_, j) =>
    rows.reduce((sum, x, i) => sum + x[j]! * shares[i]!, 0),
  );
  const fitVariance = quadratic(model.XtXInverse, weighted) * model.sigma2;
  const noiseVariance =
    model.sigma2 * shares.reduce((sum, w) => sum + w * w, 0) * ((1 + model.rho) / (1 - model.rho));
  return { expected, se: Math.sqrt(noiseVariance + fitVariance) };
}

/**
 * How much wider the interval must be than the model says, learnt from the history itself: the
 * last stretches of history, each as long as the window, are forecast from the days before them,
 * and their errors in units of the forecast's own standard error say whether the model under-
 * states its error there (a season bending, a trend turning). Never narrower than the model.
 */
function backtestInflation(history: readonly Day[], length: number): number {
  const span = Math.min(Math.max(length, 7), 21);
  const squares: number[] = [];
  for (let k = 1; k <= 3; k++) {
    const cut = history.length - k * span;
    if (cut < impactDefaults.minimumHistoryDays) break;
    const train = history.slice(0, cut);
    const test = history.slice(cut, cut + span);
    const origin = test[0]!.day;
    const model = fit(train, origin);
    const forecast = forecastOf(model, test, origin);
    const actual = test.reduce((sum, entry) => sum + entry.value, 0);
    if (!(forecast.expected > 0) || !(forecast.se > 0) || actual <= 0) continue;
    squares.push((Math.log(actual / forecast.expected) / forecast.se) ** 2);
  }
  if (squares.length === 0) return 1;
  return Math.sqrt(Math.max(1, squares.reduce((a, b) => a + b, 0) / squares.length));
}

/** The days an annotation's effect is measured over: its range, or the N days from its day. */
export function impactWindow(
  annotation: { date: string; endDate?: string | null },
  daysAfter: number = impactDefaults.daysAfter,
): DaySpan {
  return annotation.endDate
    ? { startDate: annotation.date, endDate: annotation.endDate }
    : { startDate: annotation.date, endDate: addDays(annotation.date, daysAfter - 1) };
}
