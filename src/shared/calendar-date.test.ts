import { describe, expect, it } from "vitest";
import { addDays, parseIsoDate, todayIn } from "./calendar-date.js";

describe("the shared calendar", () => {
  it("parses only strict YYYY-MM-DD dates that exist", () => {
    expect(parseIsoDate("2024-02-29")).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseIsoDate("2026-02-29")).toBeNull();
    expect(parseIsoDate("2026-2-3")).toBeNull();
    expect(parseIsoDate("2026-11-03T00:00")).toBeNull();
    expect(parseIsoDate("")).toBeNull();
  });

  it("adds days across months, years and leap days", () => {
    expect(addDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({
      year: 2027,
      month: 1,
      day: 1,
    });
    expect(addDays({ year: 2024, month: 3, day: 1 }, -1)).toEqual({
      year: 2024,
      month: 2,
      day: 29,
    });
    expect(addDays({ year: 2026, month: 11, day: 3 }, 0)).toEqual({
      year: 2026,
      month: 11,
      day: 3,
    });
  });

  it("knows today in a time zone and falls back to UTC for an unknown one", () => {
    const lateEvening = new Date("2026-11-23T23:30:00Z");
    expect(todayIn(lateEvening, "Pacific/Kiritimati")).toEqual({ year: 2026, month: 11, day: 24 });
    expect(todayIn(lateEvening, "America/Los_Angeles")).toEqual({ year: 2026, month: 11, day: 23 });
    expect(todayIn(lateEvening, "Not/AZone")).toEqual({ year: 2026, month: 11, day: 23 });
  });
});
