import { describe, expect, it } from "vitest";
import { fromIsoDate, toIsoDate } from "../../../../shared/calendar-date.js";
import { findDateRange } from "./extract-dates.js";

const rangeOf = (text: string, today: string) => {
  const found = findDateRange(text, fromIsoDate(today));
  return found && `${toIsoDate(found.range.start)}..${toIsoDate(found.range.end)}`;
};

describe("findDateRange: quarters, fortnights and weekends", () => {
  it.each([
    // Last quarter from January is the previous year's fourth.
    ["show last quarter", "2027-01-15", "2026-10-01..2026-12-31"],
    ["show this quarter so far", "2027-01-15", "2027-01-01..2027-03-31"],
    // A quarter named without a year is the latest that has begun.
    ["anything in Q4?", "2026-05-02", "2025-10-01..2025-12-31"],
    ["anything in Q2?", "2026-05-02", "2026-04-01..2026-06-30"],
    ["annotations from Q3 2024", "2026-05-02", "2024-07-01..2024-09-30"],
    ["during the first quarter", "2026-05-02", "2026-01-01..2026-03-31"],
    ["the last fortnight", "2026-03-05", "2026-02-19..2026-03-05"],
    // On a Saturday, this weekend is today and tomorrow; last weekend is the week before's.
    ["this weekend", "2026-11-28", "2026-11-28..2026-11-29"],
    ["last weekend", "2026-11-28", "2026-11-21..2026-11-22"],
    ["last weekend", "2026-11-29", "2026-11-21..2026-11-22"],
    ["the past couple of days", "2026-11-24", "2026-11-22..2026-11-24"],
    // Each side of "from … to …" is read on its own; months are whole months.
    ["annotations from 1 Nov to 15 Nov", "2026-11-24", "2026-11-01..2026-11-15"],
    ["annotations from October to November", "2026-11-24", "2026-10-01..2026-11-30"],
    ["from March 2025 to May 2025", "2026-11-24", "2025-03-01..2025-05-31"],
    ["between December and February", "2026-11-24", "2025-12-01..2026-02-28"],
    // Up to now ends today; weekday to weekday is the latest such span that has ended.
    ["everything between October and now", "2026-11-24", "2026-10-01..2026-11-24"],
    ["from the 3rd to today", "2026-11-24", "2026-11-03..2026-11-24"],
    ["from Monday to Wednesday", "2026-11-24", "2026-11-16..2026-11-18"],
    ["from Monday to Wednesday", "2026-11-26", "2026-11-23..2026-11-25"],
    ["from Friday to Monday", "2026-11-24", "2026-11-20..2026-11-23"],
    ["everything from Dec 20 to Jan 5", "2026-11-24", "2025-12-20..2026-01-05"],
    ["from the 3rd to the 10th", "2026-11-24", "2026-11-03..2026-11-10"],
  ])("'%s' on %s is %s", (text, today, expected) => {
    expect(rangeOf(text, today)).toBe(expected);
  });

  it.each(["Q4 planning", "the Q3 report", "weekend sale"])("'%s' names no period", (text) => {
    expect(rangeOf(text, "2026-11-24")).toBeUndefined();
  });
});
