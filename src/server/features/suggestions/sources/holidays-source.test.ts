import { describe, expect, it } from "vitest";
import {
  createHolidaysSource,
  holidayCountries,
  isKnownCalendar,
  publicHolidays,
} from "./holidays-source.js";
import type { SourceRun } from "./source.js";

const run = (now: string, propertyId = "123"): SourceRun => ({
  propertyId,
  reader: null,
  now: new Date(now),
  earliest: { year: 2026, month: 4, day: 11 },
});

describe("public holidays", () => {
  it("answers the observed day beside the legal one when a holiday falls on a weekend", () => {
    // 25 and 26 December 2027 are a Saturday and a Sunday: England's days off are the 27th and 28th.
    const days = publicHolidays(
      { country: "GB", region: "ENG" },
      { year: 2027, month: 12, day: 20 },
      { year: 2027, month: 12, day: 31 },
    ).map((holiday) => [holiday.date.day, holiday.observed]);
    expect(days).toEqual([
      [25, false],
      [26, false],
      [27, true],
      [28, true],
    ]);
  });

  it("knows a region only within its country", () => {
    expect(isKnownCalendar("DE", "BY")).toBe(true);
    expect(isKnownCalendar("DE", "CA")).toBe(false);
    expect(isKnownCalendar("ZZ", null)).toBe(false);
  });
});

describe("the holidays source", () => {
  const source = createHolidaysSource({
    holidayCalendars: {
      holidayCalendar: async (propertyId) =>
        propertyId === "123" ? { country: "US", region: null } : null,
    },
  });

  it("reads the last 90 days on its first read, up to today, then only what is new", async () => {
    const first = await source.fetchSince(run("2026-07-10T12:00:00Z"), null);
    expect(first.suggestions.map((s) => s.itemKey)).toEqual([
      "holiday:US:2026-05-25:Memorial Day",
      "holiday:US:2026-06-19:Juneteenth",
      "holiday:US:2026-07-03:Independence Day (substitute day)",
      "holiday:US:2026-07-04:Independence Day",
    ]);
    expect(first.cursor).toBe("2026-07-10");
    const later = await source.fetchSince(run("2026-09-08T12:00:00Z"), first.cursor);
    expect(later.suggestions.map((s) => s.title)).toEqual(["Labor Day"]);
  });

  it("answers nothing, keeping its cursor, for a property without a calendar", async () => {
    const batch = await source.fetchSince(run("2026-07-10T12:00:00Z", "999"), "2026-07-01");
    expect(batch).toEqual({ suggestions: [], cursor: "2026-07-01", more: false });
  });
});

describe("the country list", () => {
  it("names every country in one style, in name order", () => {
    const countries = holidayCountries();
    expect(countries.US).toBe("United States");
    expect(countries.IT).toBe("Italy");
    expect(countries.BD).toBe("Bangladesh");
    expect(countries.DE).toBe("Germany");
    const names = Object.values(countries);
    expect(names.length).toBeGreaterThan(100);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(names.filter((name) => /Republic of|Kingdom of/.test(name))).toEqual([]);
  });
});
