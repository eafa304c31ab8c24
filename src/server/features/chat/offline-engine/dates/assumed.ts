/**
 * What a reading of date words assumed that the words did not say, asked of the readers
 * themselves rather than guessed again from the words: every reader takes a day written without
 * its year as the latest one not after today, and that is a guess when this year's is only
 * weeks away.
 */
import {
  compareDates,
  isRealDate,
  type CalendarDate,
} from "../../../../../shared/calendar-date.js";
import { dayNumberOf } from "../../../../../shared/contracts/traffic.js";
import { findDate } from "./days.js";
import { findSpan } from "./ranges.js";

function daysOf(
  words: string,
  today: CalendarDate,
): { start: CalendarDate; end: CalendarDate } | undefined {
  const span = findSpan(words, today);
  if (span) return span.range;
  // A day's name alone ("christmas eve", as a draft keeps its words) reads only after "on": the
  // readers leave it to a title otherwise.
  const day = findDate(words, today) ?? findDate(`on ${words}`, today);
  return day ? { start: day.date, end: day.date } : undefined;
}

const yearOn = (date: CalendarDate) => ({ ...date, year: date.year + 1 });
const same = (a: CalendarDate, b: CalendarDate) => compareDates(a, b) === 0;

/**
 * The day (or first day) the words were read as, when it is last year's only because this year's
 * is still to come and at most `within` days away ("Nov 30" read on Nov 23): the readers, asked
 * again as if it were this year's day, would have taken this year's. A year written ("Nov 30
 * 2025"), or asked for ("Christmas last year"), reads the same either day, and is no guess.
 */
export function lastYearTaken(
  words: string,
  today: CalendarDate,
  within: number,
): { taken: CalendarDate; thisYears: CalendarDate } | undefined {
  const taken = daysOf(words, today);
  if (!taken) return undefined;
  const thisYears = { start: yearOn(taken.start), end: yearOn(taken.end) };
  if (!isRealDate(thisYears.start) || !isRealDate(thisYears.end)) return undefined;
  const ahead = dayNumberOf(thisYears.start) - dayNumberOf(today);
  // "dec 1 to dec 11" on Dec 7: this year's range has begun but not ended, so last year's was
  // taken; as much a guess as a range still weeks away.
  const endAhead = dayNumberOf(thisYears.end) - dayNumberOf(today);
  const straddles = ahead <= 0 && endAhead > 0 && endAhead <= within;
  if (!straddles && (ahead <= 0 || ahead > within)) return undefined;
  const then = daysOf(words, thisYears.end);
  if (!then || !same(then.start, thisYears.start) || !same(then.end, thisYears.end))
    return undefined;
  return { taken: taken.start, thisYears: thisYears.start };
}
