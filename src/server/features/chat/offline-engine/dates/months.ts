/** The words for months and for the years said with them, and which year a month left bare is in. */
import { compareDates, type CalendarDate } from "../../../../../shared/calendar-date.js";

export const MONTHS: Record<string, number> = {
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  mar: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sep: 9,
  sept: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
};

export const MONTH_NAMES = String.raw`(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?`;
export const YEAR_WORDS = String.raw`(?:\s+(?:of\s+)?(?:(last|previous|this)\s+year|(\d{4})))?`;

/** Which year a month (or a day in it) is in: the one written, last year, or the latest not after today. */
export function yearOf(
  month: number,
  written: { relative?: string; year?: string },
  today: CalendarDate,
  day = 1,
): number {
  if (written.year) return Number(written.year);
  if (written.relative) return /^this$/i.test(written.relative) ? today.year : today.year - 1;
  return compareDates({ year: today.year, month, day }, today) <= 0 ? today.year : today.year - 1;
}

/** The most recent such month that is not in the future. */
export function pastMonth(month: number, today: CalendarDate): number {
  return month <= today.month ? today.year : today.year - 1;
}
