/**
 * The calendar every reader of dates shares: what a found date or range is, and the arithmetic
 * of months and weeks.
 */
import {
  addDays,
  compareDates,
  isRealDate,
  type CalendarDate,
} from "../../../../../shared/calendar-date.js";

export interface DateRange {
  start: CalendarDate;
  end: CalendarDate;
}

/** A date found in the text, with where its phrase starts and ends so it can be cut out. */
export interface FoundDate {
  date: CalendarDate;
  index: number;
  end: number;
  /** "thursday the 3rd" where the 3rd is no Thursday: which day was meant is not known. */
  weekdayClash?: true;
}

export interface FoundRange {
  range: DateRange;
  index: number;
  end: number;
  /**
   * The phrase itself says the days run on ("the week of the 9th", "Monday through Thursday",
   * "all of October", "over the weekend"): an annotation made for it covers them all.
   */
  spans?: boolean;
}

export function addMonthsClamped(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(date.day, lastDayOfMonth(year, month)) };
}

export function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function weekdayOf(date: CalendarDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

export function monthRange(year: number, month: number): DateRange {
  return { start: { year, month, day: 1 }, end: { year, month, day: lastDayOfMonth(year, month) } };
}

/** Weeks run Monday to Sunday. */
export function weekRange(containing: CalendarDate): DateRange {
  const start = addDays(containing, -((weekdayOf(containing) + 6) % 7));
  return { start, end: addDays(start, 6) };
}

export function ordered(a: CalendarDate, b: CalendarDate): DateRange {
  return compareDates(a, b) <= 0 ? { start: a, end: b } : { start: b, end: a };
}

/** One kind of range phrase, read from the text against today; undefined when it has none. */
export type SpanReader = (text: string, today: CalendarDate) => FoundRange | undefined;

/**
 * The latest day numbered `day` within a range ("it ended on the 13th" of one running Oct 2 to
 * Nov 20 is Nov 13), if any falls in it.
 */
export function latestNumberedIn(day: number, range: DateRange): CalendarDate | undefined {
  const first = range.start.year * 12 + range.start.month;
  for (let month = { ...range.end, day: 1 }; month.year * 12 + month.month >= first;) {
    const date = { ...month, day };
    if (
      isRealDate(date) &&
      compareDates(date, range.start) >= 0 &&
      compareDates(date, range.end) <= 0
    )
      return date;
    month = addMonthsClamped(month, -1);
  }
  return undefined;
}

/** The days from one date to another (0 for the same day, negative for an earlier one). */
export function daysFrom(start: CalendarDate, end: CalendarDate): number {
  return (
    (Date.UTC(end.year, end.month - 1, end.day) -
      Date.UTC(start.year, start.month - 1, start.day)) /
    86_400_000
  );
}
