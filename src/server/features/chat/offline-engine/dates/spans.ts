/**
 * Spans said with their days: "from 1 Nov to 15 Nov", "the week of the 9th", "over the weekend",
 * "Monday through Thursday", "the 21st-22nd". Each end is read as a day, and a span is the latest
 * one not after today.
 */
import {
  addDays,
  compareDates,
  isRealDate,
  type CalendarDate,
} from "../../../../../shared/calendar-date.js";
import { addMonthsClamped, monthRange, ordered, weekdayOf, weekRange } from "./calendar.js";
import type { DateRange, FoundRange, SpanReader } from "./calendar.js";
import { MONTHS, MONTH_NAMES, pastMonth, yearOf, YEAR_WORDS } from "./months.js";
import { parseCount } from "../count-words.js";
import { dayOfMonth, dayRightAfter, findDate } from "./days.js";
import {
  firstMatches,
  LONGEST_DAY,
  nothingBut,
  opening,
  RANGE_END_READS,
  RANGE_STARTS,
  CHRONO_READS,
} from "./phrases.js";
import { findWeekdays, WEEKDAY_ONLY } from "./weekdays.js";

const FROM_OR_BETWEEN = /\b(?:from|between)\s+/gi;
const RANGE_CONNECTOR = /\s+(?:to|and|until|till|through|thru|-|–)\s+/gi;
const UP_TO_NOW = /^(?:(?:right\s+)?now|today|the\s+present|present|date)\b/i;
const WHOLE_MONTH =
  /^(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?(?:\s+(\d{4}))?/i;

/** A day that is the whole of a phrase ("1 Nov", "the 3rd", "2025-03-01"). */
function wholeDay(phrase: string, today: CalendarDate): CalendarDate | undefined {
  if (phrase.length > LONGEST_DAY) return undefined;
  const found = findDate(phrase, today);
  if (!found || !nothingBut(phrase.slice(0, found.index))) return undefined;
  return phrase.slice(found.end).trim() === "" ? found.date : undefined;
}

/**
 * "from 1 Nov to 15 Nov", "between October and November", "from March 2025 to May 2025": each
 * side read on its own (chrono takes "from 1" for one o'clock), months as whole months.
 */
export function fromToRange(text: string, today: CalendarDate): FoundRange | undefined {
  let starts = 0;
  for (const from of text.matchAll(FROM_OR_BETWEEN)) {
    starts += 1;
    if (starts > RANGE_STARTS) break;
    const after = from.index + from[0].length;
    const rest = text.slice(after);
    for (const connector of rest.matchAll(RANGE_CONNECTOR)) {
      const left = rest.slice(0, connector.index);
      if (left.split(/\s+/).length > 4) break;
      const rightStart = connector.index + connector[0].length;
      const right = rest.slice(rightStart);
      const firstMonth = WHOLE_MONTH.exec(left);
      const toNow = UP_TO_NOW.exec(right);
      if (toNow) {
        // "from October to now", "between 1 Nov and today": up to and including today.
        const month =
          firstMonth && firstMonth[0].length === left.trim().length ? firstMonth : undefined;
        const m = month ? MONTHS[(month[1] ?? "").toLowerCase()]! : 0;
        const start = month
          ? monthRange(month[2] ? Number(month[2]) : pastMonth(m, today), m).start
          : wholeDay(left, today);
        if (start && compareDates(start, today) <= 0)
          return {
            range: { start, end: today },
            index: from.index,
            end: after + rightStart + toNow[0].length,
          };
        continue;
      }
      const lastMonth = WHOLE_MONTH.exec(right);
      if (firstMonth && firstMonth[0].length === left.trim().length && lastMonth) {
        const [m1, m2] = [firstMonth, lastMonth].map((m) => MONTHS[(m[1] ?? "").toLowerCase()]!);
        const endYear = lastMonth[2]
          ? Number(lastMonth[2])
          : firstMonth[2]
            ? Number(firstMonth[2]) + (m2! < m1! ? 1 : 0)
            : pastMonth(m2!, today);
        const startYear = firstMonth[2] ? Number(firstMonth[2]) : endYear - (m1! > m2! ? 1 : 0);
        return {
          range: {
            start: monthRange(startYear, m1!).start,
            end: monthRange(endYear, m2!).end,
          },
          index: from.index,
          end: after + rightStart + lastMonth[0].length,
        };
      }
      const start = wholeDay(left, today);
      const found = start ? findDate(opening(right, RANGE_END_READS), today) : undefined;
      if (!start || !found || !nothingBut(right.slice(0, found.index))) continue;
      const bareWeekdays =
        WEEKDAY_ONLY.test(left.trim()) &&
        WEEKDAY_ONLY.test(right.slice(found.index, found.end).trim());
      return {
        range: bareWeekdays
          ? weekdaySpan(start, found.date, today)
          : spanFrom(start, found.date, unsaidOf(left)),
        index: from.index,
        end: after + rightStart + found.end,
      };
    }
  }
  return undefined;
}

const WEEK_OF =
  /(?:\b(?:in|during|for|over|from|of)\s+)?(?:\b(?:the\s+|a\s+|one\s+)?week\s+(of|starting|beginning|commencing|from)|\b(?:w\/[cb]|wc|wb)\.?)\s+/gi;

/**
 * "the week of the 9th": its Monday-to-Sunday week; "the week starting the 9th", "w/c 26 oct" (week
 * commencing), "for a week from the 9th": seven days from it.
 */
export const weekOf: SpanReader = (text, today) => {
  for (const match of firstMatches(text, WEEK_OF)) {
    const day = dayRightAfter(text, match.index + match[0].length, today);
    if (!day) continue;
    const range = /^of$/i.test(match[1] ?? "")
      ? weekRange(day.date)
      : { start: day.date, end: addDays(day.date, 6) };
    return { range, index: match.index, end: day.end, spans: true };
  }
  return undefined;
};

const FOR_SOME_DAYS =
  /\bfor\s+(?:the\s+(?:next|following)\s+)?(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,3})\s+(days?|weeks?)\b/gi;
const FIRST_DAY_AFTER = /^\s*(?:from|starting(?:\s+on)?|beginning(?:\s+on)?|as\s+of)\s+/i;
const FIRST_DAY_BEFORE = /^[\s,]*(?:and\s+)?(?:ran\s+|running\s+|lasted\s+|lasting\s+)?$/i;

/**
 * "for 3 days from the 12th", "starting Nov 4, for 5 days": a first day and how many days (or
 * weeks) from it. The day must be said right beside the count; a count alone names no days.
 */
export const forSomeDays: SpanReader = (text, today) => {
  for (const match of firstMatches(text, FOR_SOME_DAYS)) {
    const count = /^an?$/i.test(match[1] ?? "") ? 1 : parseCount(match[1] ?? "");
    const days = (count ?? 0) * (/^week/i.test(match[2] ?? "") ? 7 : 1);
    if (days < 2 || days > 366) continue;
    const end = match.index + match[0].length;
    const lead = FIRST_DAY_AFTER.exec(text.slice(end));
    const after = lead ? dayRightAfter(text, end + lead[0].length, today) : undefined;
    if (after)
      return {
        range: { start: after.date, end: addDays(after.date, days - 1) },
        index: match.index,
        end: after.end,
        spans: true,
      };
    const before = text.slice(0, match.index);
    const first = findDate(before, today);
    if (!first || !FIRST_DAY_BEFORE.test(before.slice(first.end))) continue;
    return {
      range: { start: first.date, end: addDays(first.date, days - 1) },
      index: first.index,
      end,
      spans: true,
    };
  }
  return undefined;
};

const THE_WEEKEND =
  /(?:\b(?:over|during|on|at|for|from|across|throughout|through|in|since)\s+)?\bthe\s+weekend\b(?:\s+of\s+)?/gi;

/**
 * "over the weekend": the latest weekend that has begun; "the weekend of the 14th": the Saturday
 * and Sunday of that day's week. A bare "weekend" is a title's word ("Free shipping weekend").
 */
export const theWeekend: SpanReader = (text, today) => {
  for (const match of firstMatches(text, THE_WEEKEND)) {
    const end = match.index + match[0].length;
    if (/of\s*$/i.test(match[0])) {
      const day = dayRightAfter(text, end, today);
      if (!day) continue;
      const saturday = addDays(day.date, 6 - ((weekdayOf(day.date) + 6) % 7) - 1);
      return {
        range: { start: saturday, end: addDays(saturday, 1) },
        index: match.index,
        end: day.end,
        spans: true,
      };
    }
    // "annotate the weekend as …": the weekend is what the request starts with, named as the days.
    const named = match.index === 0 && /^(?:\s+as\b|\s*[,:;]|\s*$)/i.test(text.slice(end));
    if (!/^\S+\s+the/i.test(match[0]) && !named) continue;
    const saturday = addDays(today, -((weekdayOf(today) + 1) % 7));
    return {
      range: { start: saturday, end: addDays(saturday, 1) },
      index: match.index,
      end,
      spans: true,
    };
  }
  return undefined;
};

const SPAN_CONNECTOR = /^\s*(?:to|through|thru|until|till|-|–)\s*$/i;

/**
 * "Monday through Thursday", "tues-thurs last week": the days from one weekday to the next. With
 * a week named, its days; without, the latest such span that has ended by today.
 */
export const weekdayToWeekday: SpanReader = (text, today) => {
  const weekdays = findWeekdays(opening(text, CHRONO_READS), today);
  for (let at = 0; at + 1 < weekdays.length; at += 1) {
    const [first, second] = [weekdays[at]!, weekdays[at + 1]!];
    if (!SPAN_CONNECTOR.test(text.slice(first.end, second.index))) continue;
    const from = /\bfrom\s+$/i.exec(text.slice(Math.max(0, first.index - 6), first.index));
    const index = from ? first.index - from[0].length : first.index;
    // A week named on either side ("last week Monday to Thursday", "Mon-Thu this week") holds both.
    const named = second.inWeek ? second : first.inWeek ? first : undefined;
    let range: DateRange;
    if (named) {
      const monday = weekRange(named.date).start;
      const offset = (day: number) => (day + 6) % 7;
      range = ordered(
        addDays(monday, offset(first.weekday)),
        addDays(monday, offset(second.weekday)),
      );
    } else range = weekdaySpan(first.date, second.date, today);
    return { range, index, end: second.end, spans: true };
  }
  return undefined;
};

const ORDINAL = String.raw`([12]?\d|3[01])`;
const DAY_TO_DAY = new RegExp(
  String.raw`(?<![\d.,:/])\b(the\s+)?${ORDINAL}(st|nd|rd|th)?\s*(?:-|–|to|through|thru|until|till)\s*(?:the\s+)?${ORDINAL}(st|nd|rd|th)?\b(?![.,:/]\d)(?:\s+(?:of\s+)?${MONTH_NAMES}${YEAR_WORDS})?`,
  "gi",
);

/** "the 21st-22nd", "the 1st to the 8th", "3rd-5th of October": days of one month. */
export const dayToDay: SpanReader = (text, today) => {
  for (const match of firstMatches(text, DAY_TO_DAY)) {
    // An ordinal or a month named after them ("from 5 to 8 oct") is what makes "4-5" days rather
    // than a count or a score, and the first must be said as a day ("the 2nd", "21st",
    // "21-22nd") or in a month named: "v2 to the 3rd" is none.
    if (!match[3] && !match[5] && !match[6]) continue;
    if (!match[1] && !match[3] && !match[6] && !/^\d{1,2}[-–]/.test(match[0])) continue;
    const [first, last] = [Number(match[2]), Number(match[4])];
    const named = match[6] ? MONTHS[match[6].toLowerCase()] : undefined;
    let start: CalendarDate | undefined;
    let end: CalendarDate | undefined;
    if (named) {
      // "from 28 to 3 nov": the month said after the last day is its month; the first day is in
      // the month before when it is the larger.
      const year = yearOf(named, { relative: match[7], year: match[8] }, today, last);
      end = { year, month: named, day: last };
      start =
        last < first
          ? { ...addMonthsClamped({ ...end, day: 1 }, -1), day: first }
          : { ...end, day: first };
    } else {
      start = dayOfMonth(first, today);
      if (!start) continue;
      end = { ...start, day: last };
      if (last < first) end = { ...addMonthsClamped({ ...start, day: 1 }, 1), day: last };
    }
    if (!start) continue;
    const found = spanSaid(text, match, start, end);
    if (found) return found;
  }
  return undefined;
};

const SLASHED_SPAN =
  /(?<![\d/])(\d{1,2})\/(\d{1,2})\s*(?:-|–|—|to|till|until|through|thru)\s*(\d{1,2})\/(\d{1,2})(?![\d/])/gi;

/** A day written with slashes, its year if any: "2/11", "6/11/2026" (dots are day-first). */
const SLASHED_DAY = /(?<![\d/])(\d{1,2})\/(\d{1,2})(?:\/(?:\d{4}|\d{2}))?(?![\d/])/g;

/**
 * How days written with slashes are read: all day-first when a first number is over 12, all
 * month-first when a second is, and undecided when neither says (or both do). Undecided days are
 * left to chrono, which reads them month-first.
 */
function slashOrder(days: readonly (readonly [number, number])[]): "day" | "month" | undefined {
  const dayFirst = days.some(([first]) => first > 12);
  const monthFirst = days.some(([, second]) => second > 12);
  if (dayFirst === monthFirst) return undefined;
  return dayFirst ? "day" : "month";
}

/**
 * The first day written with slashes when the days so written in `text` read either way round
 * and nothing in them says which ("2/11 to 6/11": 2 November or February 11): the reading took
 * one order, which a draft shows to be checked. A day that reads the same both ways ("5/5")
 * decides nothing.
 */
export function slashesEitherWay(text: string): string | undefined {
  const days = [...text.slice(0, 400).matchAll(SLASHED_DAY)].map(
    (match) => [Number(match[1]), Number(match[2])] as const,
  );
  if (days.length === 0 || slashOrder(days) !== undefined) return undefined;
  const differs = days.find(([first, second]) => first !== second && first <= 12 && second <= 12);
  return differs ? differs.join("/") : undefined;
}

/**
 * "12/11 - 14/11": two days written with slashes, read in the order either side says (see
 * `slashOrder`); undecided, the older readers decide. The span is the latest that has ended by
 * today.
 */
export const slashedSpan: SpanReader = (text, today) => {
  for (const match of firstMatches(text, SLASHED_SPAN)) {
    const [a, b, c, d] = [1, 2, 3, 4].map((at) => Number(match[at]));
    // Undecided ("3/11-6/11"), the days are still these words, read in the order that makes the
    // shorter span (days apart, not months); the write gate asks which was meant.
    const order =
      slashOrder([
        [a!, b!],
        [c!, d!],
      ]) ?? (Math.abs(d! - b!) <= Math.abs(c! - a!) ? "day" : "month");
    const [startDay, startMonth, endDay, endMonth] = order === "day" ? [a, b, c, d] : [b, a, d, c];
    const year = yearOf(endMonth!, {}, today, endDay);
    const end = { year, month: endMonth!, day: endDay! };
    const start = {
      year: startMonth! > endMonth! ? year - 1 : year,
      month: startMonth!,
      day: startDay!,
    };
    const found = spanSaid(text, match, start, end);
    if (found) return found;
  }
  return undefined;
};

/**
 * A span whose two days a match wrote out: both real, the last not before the first, read from a
 * "from" just before it when there is one.
 */
function spanSaid(
  text: string,
  match: RegExpExecArray,
  start: CalendarDate,
  end: CalendarDate,
): FoundRange | undefined {
  if (!isRealDate(start) || !isRealDate(end) || compareDates(end, start) < 0) return undefined;
  const from = /\bfrom\s+$/i.exec(text.slice(Math.max(0, match.index - 6), match.index));
  return {
    range: { start, end },
    index: from ? match.index - from[0].length : match.index,
    end: match.index + match[0].length,
    spans: true,
  };
}

const ISO_DAY = String.raw`(\d{4})-(\d{2})-(\d{2})`;
const ISO_SPAN = new RegExp(
  String.raw`(?<![\d-])${ISO_DAY}\s*(?:\.\.\.?|→|->|–|—|\s-\s|to|till|until|through|thru)\s*${ISO_DAY}(?![\d-])`,
  "gi",
);

/** "2026-11-02..2026-11-08", "2026-09-07 → 2026-09-13": two ISO days, both said in full. */
export const isoSpan: SpanReader = (text) => {
  for (const match of firstMatches(text, ISO_SPAN)) {
    const [y1, m1, d1, y2, m2, d2] = [1, 2, 3, 4, 5, 6].map((at) => Number(match[at]));
    const found = spanSaid(
      text,
      match,
      { year: y1!, month: m1!, day: d1! },
      {
        year: y2!,
        month: m2!,
        day: d2!,
      },
    );
    if (found) return found;
  }
  return undefined;
};

const DOTTED_DAY = String.raw`(\d{1,2})\.(\d{1,2})\.(\d{4})?`;
/** The first day may leave its month to the last: "21.-22.11.", "21–22.11.". */
const FIRST_DOTTED_DAY = String.raw`(\d{1,2})(?:\.(?:(\d{1,2})\.(\d{4})?)?)?`;
const DOTTED_SPAN = new RegExp(
  String.raw`(?<![\d.])${FIRST_DOTTED_DAY}\s*(?:–|—|-|to|till|until|through|thru|bis)\s*${DOTTED_DAY}(?!\d)`,
  "gi",
);

/**
 * "16.11.–22.11.", "27.10. to 29.10.", "2.11.2026 - 8.11.2026", "21.-22.11.": days written day-first with dots,
 * as much of Europe writes them. Without a year, the span is the latest that has ended by today.
 */
export const dottedSpan: SpanReader = (text, today) => {
  for (const match of firstMatches(text, DOTTED_SPAN)) {
    const [d1, , , d2, m2] = [1, 2, 3, 4, 5].map((at) => Number(match[at]));
    const m1 = match[2] === undefined ? m2 : Number(match[2]);
    const endYear = match[6]
      ? Number(match[6])
      : match[3]
        ? Number(match[3])
        : yearOf(m2!, {}, today, d2);
    const end = { year: endYear, month: m2!, day: d2! };
    const start = {
      year: match[3] ? Number(match[3]) : m1! > m2! ? endYear - 1 : endYear,
      month: m1!,
      day: d1!,
    };
    const found = spanSaid(text, match, start, end);
    if (found) return found;
  }
  return undefined;
};

const MONTH_DAY_TO_DAY = new RegExp(
  String.raw`\b${MONTH_NAMES}\s+${ORDINAL}(?:st|nd|rd|th)?\s*(?:-|–|—|to|through|thru|until|till)\s*${ORDINAL}(?:st|nd|rd|th)?\b(?![.,:/]\d|\s*(?:am|pm)\b|\s+${MONTH_NAMES})(?:,?\s+(\d{4}))?`,
  "gi",
);

/**
 * "Dec 1–4", "Nov 3-5", "November 20 through 25": days of the month named first. The year is the
 * latest in which the span has ended by today (annotations mark what happened).
 */
export const monthDayToDay: SpanReader = (text, today) => {
  for (const match of firstMatches(text, MONTH_DAY_TO_DAY)) {
    const month = MONTHS[(match[1] ?? "").toLowerCase()]!;
    const [first, last] = [Number(match[2]), Number(match[3])];
    if (last <= first) continue;
    // A span is the latest that has ended by today: "Nov 22-27" said on the 25th is last year's.
    const year = yearOf(month, { year: match[5] }, today, last);
    const found = spanSaid(text, match, { year, month, day: first }, { year, month, day: last });
    if (found) return found;
  }
  return undefined;
};

/**
 * "from Monday to Wednesday": the end is the first such weekday after the start, and the span is
 * the latest one that has ended by today (annotations record what happened), never the days
 * between two weeks' Mondays and Wednesdays.
 */
function weekdaySpan(start: CalendarDate, end: CalendarDate, today: CalendarDate): DateRange {
  const length = (weekdayOf(end) - weekdayOf(start) + 7) % 7;
  let first = start;
  while (compareDates(addDays(first, length), today) > 0) first = addDays(first, -7);
  return { start: first, end: addDays(first, length) };
}

/**
 * The span from a first day to a last one, each read as the latest such day not after today: when
 * the last was pulled back past the first ("from the 20th to the 29th" on the 23rd), the first is
 * pulled back the month or year left unsaid, never swapped into a span of nearly a year.
 */
export function spanFrom(
  first: CalendarDate,
  last: CalendarDate,
  unsaid: "week" | "month" | "year" | undefined,
): DateRange {
  // "between the 1st and 4th of sept": a first day without its month is in the last day's month
  // (or the one before it, "the 28th to the 3rd of dec").
  if (unsaid === "month") {
    const inMonth = { year: last.year, month: last.month, day: first.day };
    const before = { ...addMonthsClamped({ ...last, day: 1 }, -1), day: first.day };
    for (const start of [inMonth, before])
      if (isRealDate(start) && compareDates(start, last) <= 0) return { start, end: last };
  }
  if (compareDates(first, last) <= 0) return { start: first, end: last };
  const earlier =
    unsaid === "week"
      ? addDays(first, -7)
      : unsaid === "month"
        ? addMonthsClamped(first, -1)
        : unsaid === "year"
          ? { ...first, year: first.year - 1 }
          : undefined;
  if (
    earlier &&
    (unsaid === "week" || earlier.day === first.day) &&
    compareDates(earlier, last) <= 0
  )
    return { start: earlier, end: last };
  return ordered(first, last);
}

/**
 * What a written first day leaves unsaid: its week ("Monday" through Thursday last week), its
 * month ("the 20th"), its year ("Nov 20"), or nothing.
 */
export function unsaidOf(phrase: string): "week" | "month" | "year" | undefined {
  if (/^\s*(?:on\s+)?(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\s*$/i.test(phrase)) return "week";
  if (/^\s*(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s*$/i.test(phrase)) return "month";
  return /\b\d{4}\b/.test(phrase) ? undefined : "year";
}

const MONTH_AND_MONTH = new RegExp(
  String.raw`(?<![\d/])\b(?:(?:in|for|during|over|across)\s+)?${MONTH_NAMES}\s*(?:and|&|\+|\/|-|–|to|thru|through|till|until)\s*${MONTH_NAMES}(?!\s*\d)`,
  "gi",
);

/** "sept and oct", "sep-oct": two whole months, the second the most recent one begun. */
export const monthAndMonth: SpanReader = (text, today) => {
  for (const match of firstMatches(text, MONTH_AND_MONTH)) {
    const [first, last] = [match[1], match[2]].map((name) => MONTHS[(name ?? "").toLowerCase()]!);
    // Months said the other way round ("nov-feb") run over a new year: left to other readers.
    if (first! >= last!) continue;
    const year = pastMonth(last!, today);
    return {
      range: { start: monthRange(year, first!).start, end: monthRange(year, last!).end },
      index: match.index,
      end: match.index + match[0].length,
      spans: true,
    };
  }
  return undefined;
};
