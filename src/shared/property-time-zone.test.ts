import { describe, expect, it } from "vitest";
import { toIsoDate } from "./calendar-date.js";
import { datesInTimeZone, isKnownTimeZone, propertyToday } from "./property-time-zone.js";

describe("the property's today", () => {
  // Kiritimati (UTC+14) starts its day at 10:00 UTC, Pago Pago (UTC-11) at 11:00 UTC.
  const cases = [
    ["2026-11-27T09:59:00Z", "Pacific/Kiritimati", "2026-11-27"],
    ["2026-11-27T10:00:00Z", "Pacific/Kiritimati", "2026-11-28"],
    ["2026-11-27T10:59:00Z", "Pacific/Pago_Pago", "2026-11-26"],
    ["2026-11-27T11:00:00Z", "Pacific/Pago_Pago", "2026-11-27"],
    ["2026-11-27T13:00:00Z", "Australia/Sydney", "2026-11-28"],
  ] as const;
  it.each(cases)("at %s in %s is %s", (at, zone, today) => {
    expect(toIsoDate(propertyToday(new Date(at), zone))).toBe(today);
  });

  it("falls back to UTC for a zone this runtime does not know", () => {
    expect(toIsoDate(propertyToday(new Date("2026-11-27T23:30:00Z"), "Mars/Olympus"))).toBe(
      "2026-11-27",
    );
    expect(isKnownTimeZone("Mars/Olympus")).toBe(false);
    expect(isKnownTimeZone("")).toBe(false);
    expect(isKnownTimeZone("Australia/Sydney")).toBe(true);
  });

  it("is named once, in one sentence", () => {
    expect(datesInTimeZone("Australia/Sydney")).toBe("Dates in Australia/Sydney");
  });
});
