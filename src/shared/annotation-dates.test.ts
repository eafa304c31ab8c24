import { describe, expect, it } from "vitest";
import {
  formatAnnotationDate,
  formatDateAdded,
  formatDateRange,
  formatLocalDay,
  formatMoment,
} from "./annotation-dates.js";

const day = (year: number, month: number, date: number) => ({ year, month, day: date });

describe("annotation dates as a person reads them", () => {
  it("writes a day as YYYY-MM-DD and a range as two of them", () => {
    expect(formatAnnotationDate({ annotationDate: day(2026, 11, 3) })).toBe("2026-11-03");
    expect(
      formatAnnotationDate({
        annotationDate: day(2026, 11, 20),
        annotationDateRange: { startDate: day(2026, 11, 20), endDate: day(2026, 11, 30) },
      }),
    ).toBe("2026-11-20 – 2026-11-30");
    expect(formatDateRange(day(2026, 12, 28), day(2027, 1, 4))).toBe("2026-12-28 – 2027-01-04");
  });

  it("writes Date Added as YYYY-MM-DD on the property's calendar", () => {
    const at = "2026-11-27T13:30:00Z";
    expect(formatDateAdded(at, "Australia/Sydney")).toBe("2026-11-28");
    expect(formatDateAdded(at, "America/Los_Angeles")).toBe("2026-11-27");
    expect(formatDateAdded("2026-11-27T10:30:00Z", "Pacific/Kiritimati")).toBe("2026-11-28");
    expect(formatDateAdded("2026-11-27T10:30:00Z", "Pacific/Pago_Pago")).toBe("2026-11-26");
    expect(formatDateAdded(at, null)).toBe("2026-11-27");
    expect(formatDateAdded(null, "Australia/Sydney")).toBe("—");
    expect(formatDateAdded("not a date", "UTC")).toBe("—");
  });

  it("writes a moment as its day and 24-hour time on the zone's clock, the zone named", () => {
    const at = "2026-11-27T21:05:00Z";
    expect(formatMoment(at, "America/New_York")).toBe("2026-11-27 16:05 EST");
    expect(formatMoment(at, "Australia/Sydney")).toBe("2026-11-28 08:05 GMT+11");
    expect(formatMoment("2026-07-01T00:30:00Z", "America/Los_Angeles")).toBe(
      "2026-06-30 17:30 PDT",
    );
    expect(formatMoment(at, null)).toBe("2026-11-27 21:05 UTC");
    expect(formatMoment(at, "Not/AZone")).toBe("2026-11-27 21:05 UTC");
    expect(formatMoment("soon", "UTC")).toBe("—");
  });

  it("writes the reader's own day as YYYY-MM-DD", () => {
    const at = new Date(2026, 0, 5, 23, 59);
    expect(formatLocalDay(at)).toBe("2026-01-05");
    expect(formatLocalDay(at.toISOString())).toBe("2026-01-05");
    expect(formatLocalDay("never")).toBe("—");
  });
});
