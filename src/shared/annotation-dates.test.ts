import { describe, expect, it } from "vitest";
import { formatAnnotationDate, formatDateAdded, formatDateRange } from "./annotation-dates.js";

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

  it("writes Date Added as a short US date on the property's calendar", () => {
    const at = "2026-11-27T13:30:00Z";
    expect(formatDateAdded(at, "Australia/Sydney")).toBe("11/28/2026");
    expect(formatDateAdded(at, "America/Los_Angeles")).toBe("11/27/2026");
    expect(formatDateAdded("2026-11-27T10:30:00Z", "Pacific/Kiritimati")).toBe("11/28/2026");
    expect(formatDateAdded("2026-11-27T10:30:00Z", "Pacific/Pago_Pago")).toBe("11/26/2026");
    expect(formatDateAdded(at, null)).toBe("11/27/2026");
    expect(formatDateAdded(null, "Australia/Sydney")).toBe("—");
    expect(formatDateAdded("not a date", "UTC")).toBe("—");
  });
});
