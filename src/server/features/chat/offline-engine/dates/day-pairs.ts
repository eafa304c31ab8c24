/**
 * Two days joined into a span, whatever reads each of them: "nov 6 to the 8th", "monday 2nd
 * through friday 13th nov", "oct 28 thru nov 1", "nov 9 → nov 11", "the 19th and 20th", "sat and
 * sun", "sat 14 and sun 15 nov". A day written without its month takes the other's; "and" or "+"
 * joins only days that follow one another ("the 3rd and the 9th" are two days, not a week).
 */
import {
  addDays,
  compareDates,
  isRealDate,
  type CalendarDate,
} from "../../../../../shared/calendar-date.js";
import {
  addMonthsClamped,
  daysFrom,
  type FoundDate,
  type FoundRange,
  type SpanReader,
} from "./calendar.js";
import { dayRightAfter, findDate } from "./days.js";
import { WEEKDAY_ONLY } from "./weekdays.js";

const JOINED =
  /^\s*(?:(to|till|til|until|through|thru|-|–|—|→|->)|(and|&|\+|\/))\s*(?:(?:on\s+)?the\s+)?/i;
const MONTH_SAID =
  /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|\d{1,4}[/.-]\d{1,2}|\b(?:yesterday|today)\b/i;
/** "the 8th", "20", "friday 13th", "sat 14": a day of the month and at most its weekday. */
const DAY_NUMBER =
  /^(?:(?:on\s+)?the\s+)?(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?,?\s+(?:the\s+)?)?(\d{1,2})(?:st|nd|rd|th)?$/i;
/** A span longer than this is no pair of days someone joined. */
const LONGEST = 92;

/** The day of the month a phrase says, when it says no month. */
function dayNumber(words: string): number | undefined {
  if (MONTH_SAID.test(words)) return undefined;
  const number = DAY_NUMBER.exec(words.trim());
  return number ? Number(number[1]) : undefined;
}

/** The first day with the month of the last ("monday 2nd through friday 13th nov"). */
function inMonthOf(day: number, last: CalendarDate): CalendarDate | undefined {
  const same = { ...last, day };
  if (isRealDate(same) && compareDates(same, last) <= 0) return same;
  const before = { ...addMonthsClamped({ ...last, day: 1 }, -1), day };
  return isRealDate(before) ? before : undefined;
}

/** The last day with the month of the first ("nov 6 to the 8th", "the 30th to the 2nd"). */
function afterIn(day: number, first: CalendarDate): CalendarDate | undefined {
  const same = { ...first, day };
  if (isRealDate(same) && compareDates(same, first) >= 0) return same;
  const next = { ...addMonthsClamped({ ...first, day: 1 }, 1), day };
  return isRealDate(next) ? next : undefined;
}

/** "sat 14 and ", "the 2nd to ": a day of the month and a joining word, before a fuller day. */
const NUMBER_BEFORE =
  /(?:^|\s)((?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?,?\s+)?(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\s*(?:(to|till|til|until|through|thru|-|–|—|→|->)|(and|&|\+))\s*(?:the\s+)?)$/i;
/** "sat and sun", "sat+sun", "sat–sun": the weekend, whose short names read as words alone. */
const WEEKEND_SHORT = /\bsat(?:urday)?\s*(?:and|n|&|\+|\/|-|–|to)\s*sun(?:day)?\b/i;

/** The span a number before a fuller day opens ("sat 14 and sun 15 nov"), if one does. */
function numberBefore(text: string, last: FoundDate): FoundRange | undefined {
  const before = NUMBER_BEFORE.exec(text.slice(Math.max(0, last.index - 40), last.index));
  if (!before) return undefined;
  const start = inMonthOf(Number(before[2]), last.date);
  if (!start || !joins(start, last.date, before[4] !== undefined)) return undefined;
  return {
    range: { start, end: last.date },
    index: last.index - before[1]!.length,
    end: last.end,
    spans: true,
  };
}

/** The latest Saturday and Sunday that have both begun ("sat and sun", "we ran it sat+sun"). */
function weekendShort(text: string, today: CalendarDate): FoundRange | undefined {
  const said = WEEKEND_SHORT.exec(text);
  const saturday = said ? findDate("saturday", addDays(today, -1)) : undefined;
  if (!said || !saturday) return undefined;
  return {
    range: { start: saturday.date, end: addDays(saturday.date, 1) },
    index: said.index,
    end: said.index + said[0].length,
    spans: true,
  };
}

/** Whether two days make a span: "and" only for days that follow one another. */
function joins(start: CalendarDate, end: CalendarDate, byAnd: boolean): boolean {
  if (compareDates(start, end) >= 0) return false;
  if (byAnd) return compareDates(addDays(start, 1), end) === 0;
  return daysFrom(start, end) <= LONGEST;
}

export const dayAndDay: SpanReader = (text, today) => {
  const weekend = weekendShort(text, today);
  if (weekend) return weekend;
  const first = findDate(text, today);
  if (!first) return undefined;
  const opened = numberBefore(text, first);
  if (opened) return opened;
  const joined = JOINED.exec(text.slice(first.end, first.end + 12));
  if (!joined) return undefined;
  const firstWords = text.slice(first.index, first.end);
  const second = dayRightAfter(
    text,
    first.end + joined[0].length,
    today,
    WEEKDAY_ONLY.test(firstWords.trim()),
  );
  if (!second) return undefined;
  const secondWords = text.slice(first.end + joined[0].length, second.end);
  const firstNumber = dayNumber(firstWords);
  const secondNumber = dayNumber(secondWords);
  // "on a Tuesday — the 10th": a weekday then a day of the month names one day, twice.
  if (secondNumber !== undefined && WEEKDAY_ONLY.test(firstWords.trim())) return undefined;
  let start: CalendarDate | undefined = first.date;
  let end: CalendarDate | undefined = second.date;
  if (secondNumber !== undefined && firstNumber === undefined) end = afterIn(secondNumber, start);
  else if (firstNumber !== undefined && secondNumber === undefined)
    start = inMonthOf(firstNumber, end);
  // "and" joins days that follow one another; "to" any days up to a season's length.
  if (!start || !end || !joins(start, end, joined[2] !== undefined)) return undefined;
  const from = /\bfrom\s+$/i.exec(text.slice(Math.max(0, first.index - 6), first.index));
  return {
    range: { start, end },
    index: from ? first.index - from[0].length : first.index,
    end: second.end,
    spans: true,
  } satisfies FoundRange;
};
