import { describe, expect, it } from "vitest";
import {
  formatCompactNumber,
  formatMonthDay,
  formatMonthDayYear,
  formatNumber,
  formatNumericDate,
  formatWeekdayMonthDayYear,
  localCalendarDate,
  shortMonthName,
  utcCalendarDate,
} from "./english-format.js";

const utc = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" });

/** Every day from 1999 to 2031, as a UTC instant. */
function* days() {
  for (let at = Date.UTC(1999, 0, 1); at < Date.UTC(2032, 0, 1); at += 86_400_000)
    yield new Date(at);
}

describe("US English formatting without Intl", () => {
  it("writes dates as Intl's en-US formats do, on every day of three decades", () => {
    const monthDay = utc({ month: "short", day: "numeric" });
    const monthDayYear = utc({ month: "short", day: "numeric", year: "numeric" });
    const weekday = utc({ weekday: "short", month: "short", day: "numeric", year: "numeric" });
    const numeric = utc({ year: "numeric", month: "numeric", day: "numeric" });
    const month = utc({ month: "short" });
    for (const at of days()) {
      const date = utcCalendarDate(at);
      expect(formatMonthDay(date)).toBe(monthDay.format(at));
      expect(formatMonthDayYear(date)).toBe(monthDayYear.format(at));
      expect(formatWeekdayMonthDayYear(date)).toBe(weekday.format(at));
      expect(formatNumericDate(date)).toBe(numeric.format(at));
      expect(shortMonthName(date.month)).toBe(month.format(at));
    }
  });

  it("reads an instant's local calendar date as the local formatter does", () => {
    const local = new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "numeric",
      day: "numeric",
    });
    for (const iso of ["2026-11-23T23:30:00Z", "2026-01-01T00:30:00Z", "2024-02-29T12:00:00Z"]) {
      const at = new Date(iso);
      expect(formatNumericDate(localCalendarDate(at))).toBe(local.format(at));
    }
  });

  it("refuses a month that does not exist", () => {
    expect(() => shortMonthName(13)).toThrow(RangeError);
    expect(() => shortMonthName(0)).toThrow(RangeError);
  });

  it("writes numbers and compact numbers as Intl's en-US formats do", () => {
    const plain = new Intl.NumberFormat("en-US");
    const compact = new Intl.NumberFormat("en-US", {
      notation: "compact",
      maximumFractionDigits: 1,
    });
    const edges = [
      0,
      -0,
      1,
      1.005,
      0.0005,
      0.0004,
      -0.0004,
      12.3456,
      999.94,
      999.95,
      999.96,
      1000,
      1049,
      1050,
      1234,
      15_500,
      999_940,
      999_950,
      999_960,
      1e6,
      1.25e9,
      999_999_999_999,
      1e12,
      9.99e15,
      2 ** 53,
      1e20,
      1e22,
      123_456_789.987,
      -1234.5,
      0.1 + 0.2,
      5e-7,
      NaN,
      Infinity,
      -Infinity,
    ];
    // A fixed pseudo-random spread of magnitudes, whole and with cents, so a failure repeats.
    let seed = 1;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const spread = Array.from({ length: 5000 }, () => {
      const value = Math.round(next() * 10 ** (next() * 14));
      return next() < 0.5 ? value : value / 100;
    });
    for (const value of [...edges, ...spread]) {
      expect(formatNumber(value), String(value)).toBe(plain.format(value));
      expect(formatCompactNumber(value), String(value)).toBe(compact.format(value));
    }
  });
});
