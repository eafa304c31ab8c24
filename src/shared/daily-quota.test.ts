import { describe, expect, it } from "vitest";
import { annotationLimitReason, dailyResetText } from "./daily-quota.js";
import { moreAnnotationsOffer } from "./plans.js";

// 15:00 UTC: the day's allowance comes back at midnight UTC, nine hours on.
const afternoon = new Date("2026-11-23T15:00:00Z");

describe("when the day's allowance resets", () => {
  it("is named on the property's clock, with the UTC midnight it is", () => {
    expect(dailyResetText(afternoon, "America/New_York")).toBe(
      "Resets at 2026-11-23 19:00 EST (midnight UTC) — in 9 h",
    );
    // Sydney is a day ahead: its reset is on the next morning of its own calendar.
    expect(dailyResetText(afternoon, "Australia/Sydney")).toBe(
      "Resets at 2026-11-24 11:00 GMT+11 (midnight UTC) — in 9 h",
    );
  });

  it("is midnight UTC for a UTC property, an unknown zone or none", () => {
    for (const zone of ["UTC", "Nowhere/Atlantis", null])
      expect(dailyResetText(afternoon, zone)).toBe("Resets at midnight UTC — in 9 h");
    expect(dailyResetText(new Date("2026-11-23T23:35:00Z"), null)).toBe(
      "Resets at midnight UTC — in 25 min",
    );
  });

  it("names no time without a clock (a page drawn before the browser's clock is known)", () => {
    expect(dailyResetText(null, "America/New_York")).toBe("Resets at midnight UTC");
  });

  it("is part of the one sentence every limit shows", () => {
    expect(annotationLimitReason({ used: 4, quota: 5 }, afternoon, "America/New_York")).toBeNull();
    expect(annotationLimitReason({ used: 5, quota: 5 }, afternoon, "America/New_York")).toBe(
      "Daily limit reached: all 5 of today's annotations are added. Resets at 2026-11-23 19:00 EST (midnight UTC) — in 9 h.",
    );
  });
});

describe("what more a day would be on Premium", () => {
  it("is offered on the free plan (and before a plan is chosen), never on Premium", () => {
    expect(moreAnnotationsOffer("freemium")).toBe("Premium has 50 annotations per day.");
    expect(moreAnnotationsOffer(null)).toBe("Premium has 50 annotations per day.");
    expect(moreAnnotationsOffer("premium")).toBeNull();
  });
});
