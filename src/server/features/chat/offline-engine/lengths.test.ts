import { describe, expect, it } from "vitest";
import { findLength, lastDayOf } from "./lengths.js";
import { readValuesAlone } from "./values-alone.js";

const today = { year: 2026, month: 11, day: 23 };

describe("a length said of an annotation", () => {
  it.each([
    ["ran for 3 days", { totalDays: 3 }],
    ["it lasted two weeks in total", { totalDays: 14 }],
    ["a week long", { totalDays: 7 }],
    ["ran a day longer", { moreDays: 1 }],
    ["a week more", { moreDays: 7 }],
    ["two days shorter", { moreDays: -2 }],
    ["the code died two days early", { moreDays: -2 }],
    ["it finished a day late", { moreDays: 1 }],
    ["extend it by a week", { moreDays: 7 }],
    ["shorten it by 2 days", { moreDays: -2 }],
    ["add two more days", { moreDays: 2 }],
  ])("reads “%s”", (text, length) => {
    expect(findLength(text)?.length).toEqual(length);
  });

  it("is never how often: “3 days a week”", () => {
    expect(findLength("the pinterest campaign ran 3 days a week")).toBeUndefined();
  });

  it("needs a verb, “for” or “long” for a count in a sentence: “two weeks ago” is a day", () => {
    expect(findLength("it was two weeks ago")).toBeUndefined();
    expect(findLength("two weeks")).toBeUndefined();
    expect(findLength("two weeks", true)?.length).toEqual({ totalDays: 14 });
  });

  it("counts from the first day, or from the last for days more", () => {
    const first = { year: 2026, month: 11, day: 2 };
    const last = { year: 2026, month: 11, day: 8 };
    expect(lastDayOf({ totalDays: 10 }, first, last)).toEqual({ year: 2026, month: 11, day: 11 });
    expect(lastDayOf({ moreDays: -2 }, first, last)).toEqual({ year: 2026, month: 11, day: 6 });
    expect(lastDayOf({ moreDays: 1 }, first)).toEqual({ year: 2026, month: 11, day: 3 });
  });

  it("is a value alone after an annotation was made, with “it” or “make it” before it", () => {
    for (const [message, length] of [
      ["it ran for a week actually", { totalDays: 7 }],
      ["make it 10 days", { totalDays: 10 }],
      ["it ran a day longer", { moreDays: 1 }],
      ["it ended two days early", { moreDays: -2 }],
    ] as const)
      expect(readValuesAlone(message, today, [])?.lengthSaid, message).toEqual(length);
    // A shift is no length, and a length with a word of its own is no value alone.
    expect(readValuesAlone("two days earlier", today, [])?.lengthSaid).toBeUndefined();
    expect(readValuesAlone("it ran for 3 days at the warehouse", today, [])).toBeUndefined();
    // A count alone may answer anything (after a traffic answer, say): no length of "it".
    expect(readValuesAlone("2 weeks", today, [])).toBeUndefined();
    expect(readValuesAlone("for 2 weeks", today, [])).toBeUndefined();
  });
});
