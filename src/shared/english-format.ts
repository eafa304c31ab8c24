import type { CalendarDate } from "./calendar-date.js";

// US English dates and numbers, written out rather than asked of Intl. The product speaks only
// US English, and a browser tab's first Intl formatter loads the ICU locale data: 100-300 ms of
// blocked main thread on a mid-range phone, which the dashboard paid while drawing its table and
// chart. Each function here gives exactly what its Intl "en-US" counterpart (named beside it)
// gives; english-format.test.ts holds them to it.

const monthNames = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
];
const weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** 'Nov' ({ month: "short" }) */
export function shortMonthName(month: number): string {
  const name = monthNames[month - 1];
  if (!name) throw new RangeError(`no month ${month}`);
  return name;
}

/** 'Nov 3' ({ month: "short", day: "numeric" }) */
export function formatMonthDay({ month, day }: CalendarDate): string {
  return `${shortMonthName(month)} ${day}`;
}

/** 'Nov 3, 2026' ({ month: "short", day: "numeric", year: "numeric" }) */
export function formatMonthDayYear(date: CalendarDate): string {
  return `${formatMonthDay(date)}, ${date.year}`;
}

/** 'Mon, Nov 23, 2026' ({ weekday: "short", month: "short", day: "numeric", year: "numeric" }) */
export function formatWeekdayMonthDayYear(date: CalendarDate): string {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return `${weekdayNames[weekday]}, ${formatMonthDayYear(date)}`;
}

/** '11/23/2026' ({ year: "numeric", month: "numeric", day: "numeric" }) */
export function formatNumericDate({ year, month, day }: CalendarDate): string {
  return `${month}/${day}/${year}`;
}

/** The calendar date a UTC instant falls on. */
export function utcCalendarDate(at: Date): CalendarDate {
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
}

/** The calendar date an instant falls on in the browser's (or server's) own time zone. */
export function localCalendarDate(at: Date): CalendarDate {
  return { year: at.getFullYear(), month: at.getMonth() + 1, day: at.getDate() };
}

/** '1,234,567.891' (new Intl.NumberFormat("en-US"): at most three decimals, grouped thousands) */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? "NaN" : value > 0 ? "∞" : "-∞";
  // Beyond 1e21 a number's text is exponential; no count of ours gets there, Intl still can.
  if (Math.abs(value) >= 1e21) return new Intl.NumberFormat("en-US").format(value);
  const [whole = "0", fraction = ""] = roundTo(Math.abs(value), 3).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  // Intl keeps the sign of a negative figure that rounds to zero ('-0').
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  return `${sign}${grouped}${fraction ? `.${fraction}` : ""}`;
}

const compactUnits = [
  { size: 1, suffix: "" },
  { size: 1e3, suffix: "K" },
  { size: 1e6, suffix: "M" },
  { size: 1e9, suffix: "B" },
  { size: 1e12, suffix: "T" },
];

/** '1.2K', '15M' ({ notation: "compact", maximumFractionDigits: 1 }) */
export function formatCompactNumber(value: number): string {
  const size = Math.abs(value);
  if (!Number.isFinite(value)) return formatNumber(value);
  // The unit of the figure's magnitude, or the next one when rounding reaches a thousand of it
  // (999,960 is '1M', not '1000K').
  let index = compactUnits.findLastIndex((unit) => unit.size <= size);
  if (index < 0) index = 0;
  if (Number(roundTo(size / compactUnits[index]!.size, 1)) >= 1000 && index < 4) index += 1;
  const unit = compactUnits[index]!;
  const figure = roundTo(size / unit.size, 1);
  // Compact figures are grouped only from five digits on ('9990T', '10,000T').
  const shown = /^\d{5}/.test(figure) ? formatNumber(Number(figure)) : figure;
  return `${value < 0 || Object.is(value, -0) ? "-" : ""}${shown}${unit.suffix}`;
}

/** The number rounded half away from zero to at most `digits` decimals, without trailing zeros. */
function roundTo(value: number, digits: number): string {
  // From 2^53 up a double holds no fractions to round.
  if (value >= Number.MAX_SAFE_INTEGER) return String(value);
  // Shifting the decimal text rather than multiplying, which is off for values like 1.005.
  const shifted = Number(`${value}e${digits}`);
  const rounded = Number.isFinite(shifted)
    ? Number(`${Math.round(shifted)}e-${digits}`)
    : Math.round(value * 10 ** digits) / 10 ** digits;
  return String(rounded);
}
