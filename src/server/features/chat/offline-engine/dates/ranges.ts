/**
 * The period a message is about, read by kind, the most specific first: a holiday's weekend, a
 * span said with its days, a part of a month, a range chrono reads, a day with its period's
 * words, a named period, and last one day.
 */
import {
  compareDates,
  isRealDate,
  type CalendarDate,
} from "../../../../../shared/calendar-date.js";
import { daysFrom, ordered, type FoundRange, type SpanReader } from "./calendar.js";
import { chronoResults, namesADay, resultDate } from "./chrono.js";
import { dayAndDay } from "./day-pairs.js";
import { dayRightAfter, findDate, PERIOD_IN_DAY } from "./days.js";
import { blackFridayWeekend, holidayWeek } from "./holidays.js";
import { halfOfMonth, partOfMonth, weekOfMonth, wholeMonth } from "./month-parts.js";
import { findPeriod, startOfPeriod, toDate, weeksBack } from "./periods.js";
import { firstMatches, remembered } from "./phrases.js";
import {
  dayToDay,
  dottedSpan,
  forSomeDays,
  fromToRange,
  isoSpan,
  monthAndMonth,
  monthDayToDay,
  slashedSpan,
  spanFrom,
  theWeekend,
  unsaidOf,
  weekdayToWeekday,
  weekOf,
} from "./spans.js";

const BETWEEN_PATTERN = /\bbetween\s+/i;
const LONGEST_SLASHED = 92;

const SINCE_PATTERN = /\bsince\s+$/i;

const rangesRead = new Map<string, FoundRange | undefined>();

/**
 * Range phrases read before the engine's older rules, each one bounded. The most specific first:
 * "the first week of November" before "the week of", "Christmas week" before Christmas.
 */
const SPAN_READERS: SpanReader[] = [
  weekOfMonth,
  weeksBack,
  partOfMonth,
  toDate,
  holidayWeek,
  weekOf,
  theWeekend,
  weekdayToWeekday,
  isoSpan,
  dottedSpan,
  forSomeDays,
  slashedSpan,
  monthDayToDay,
  monthAndMonth,
  dayToDay,
  dayAndDay,
  halfOfMonth,
  startOfPeriod,
  wholeMonth,
];

/** The period a list request is about: an explicit range, a named period, a month, a year or one day. */
export function findDateRange(text: string, today: CalendarDate): FoundRange | undefined {
  const found = remembered(rangesRead, text, today, () =>
    sinceThen(readDateRange(text, today), text, today),
  );
  return found && { ...found, range: { ...found.range } };
}

const SINCE_BEFORE = /\bsince\s+$/i;

/**
 * "since the weekend", "since early October", "since Monday last week": from the start of what
 * "since" introduces up to today, whatever kind of phrase that is.
 */
function sinceThen(
  found: FoundRange | undefined,
  text: string,
  today: CalendarDate,
): FoundRange | undefined {
  if (!found) return undefined;
  const before = SINCE_BEFORE.exec(text.slice(Math.max(0, found.index - 8), found.index));
  const leads = /^since\s/i.test(text.slice(found.index, found.end));
  if (!before && !leads) return found;
  if (compareDates(found.range.start, today) > 0) return found;
  return {
    range: { start: found.range.start, end: today },
    index: before ? found.index - before[0].length : found.index,
    end: found.end,
    // Every day from then up to today, as a create covers them.
    spans: true,
  };
}

/** "between 1 and 15 november": a day of the month, then the date whose month it shares. */
const BARE_DAY_AND = /^(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\s*(?:and|&|-|–|to)\s*/i;

function betweenDayAndDate(
  text: string,
  after: number,
  today: CalendarDate,
): FoundRange | undefined {
  const bare = BARE_DAY_AND.exec(text.slice(after));
  if (!bare) return undefined;
  const from = after + bare[0].length;
  const [date] = chronoResults(text.slice(from), today).filter(namesADay);
  if (!date || date.index !== 0) return undefined;
  const end = resultDate(date.start, today);
  if (!end) return undefined;
  const start = { ...end, day: Number(bare[1]) };
  if (!isRealDate(start) || compareDates(start, end) >= 0) return undefined;
  return { range: { start, end }, index: after, end: from + date.text.length };
}

function readDateRange(text: string, today: CalendarDate): FoundRange | undefined {
  const weekend = blackFridayWeekend(text, today);
  if (weekend) return weekend;
  // "from 19/10 until 2/11": days with slashes are read in the one order either side allows.
  const slashed = slashedSpan(text, today);
  // Only a span of a season at most: "from 2/11 until 19/10" is left to the readers that doubt it.
  if (slashed && daysFrom(slashed.range.start, slashed.range.end) <= LONGEST_SLASHED) {
    const from = /\bfrom\s+$/i.exec(text.slice(Math.max(0, slashed.index - 6), slashed.index));
    return from ? { ...slashed, index: slashed.index - from[0].length } : slashed;
  }
  const fromTo = fromToRange(text, today);
  if (fromTo) return fromTo;
  for (const read of SPAN_READERS) {
    const found = read(text, today);
    if (found) return found;
  }
  const between = BETWEEN_PATTERN.exec(text);
  if (between) {
    const after = between.index + between[0].length;
    const bare = betweenDayAndDate(text, after, today);
    if (bare) return { ...bare, index: between.index };
    const results = chronoResults(text.slice(after), today).filter(namesADay);
    const [first, second] = results;
    if (
      first &&
      second &&
      /^\s*(?:and|&|to|-|–)\s*$/i.test(
        text.slice(after + first.index + first.text.length, after + second.index),
      )
    ) {
      const start = resultDate(first.start, today);
      const end = resultDate(second.start, today);
      if (start && end)
        return {
          range: spanFrom(start, end, unsaidOf(first.text)),
          index: between.index,
          end: after + second.index + second.text.length,
        };
    }
  }

  for (const result of chronoResults(text, today)) {
    if (!result.end || !namesADay(result)) continue;
    const start = resultDate(result.start, today);
    const end = resultDate(result.end, today);
    if (!start || !end) continue;
    const before = text.slice(0, result.index);
    const from = /\b(?:from|between)\s+$/i.exec(before);
    const index = from ? from.index : result.index;
    // "Nov 3-5", "21-22 Nov": both days written, the span is said.
    return {
      range: spanFrom(start, end, result.start.isCertain("year") ? undefined : "year"),
      index,
      end: result.index + result.text.length,
      spans: true,
    };
  }

  // "Nov 3 last year", "Monday last week" are days: their period words are no period of their own.
  const dayOfYear = findDate(text, today);
  if (dayOfYear && PERIOD_IN_DAY.test(text.slice(dayOfYear.index, dayOfYear.end)))
    return {
      range: { start: dayOfYear.date, end: dayOfYear.date },
      index: dayOfYear.index,
      end: dayOfYear.end,
    };

  const period = findPeriod(text, today);
  if (period) return period;

  const day = findDate(text, today);
  if (day) {
    const since = SINCE_PATTERN.exec(text.slice(0, day.index));
    // "since the 18th": every day from then up to today, as a create covers them.
    if (since)
      return { range: ordered(day.date, today), index: since.index, end: day.end, spans: true };
    return { range: { start: day.date, end: day.date }, index: day.index, end: day.end };
  }
  return undefined;
}

const STARTS = /\b(?:to\s+)?(?:start|begin)(?:s|ning|ing)?\s+(?:on\s+)?/gi;
const THEN_ENDS = /^\s*,?\s*(?:and\s+)?(?:to\s+)?(?:end|finish)(?:s|ing)?\s+(?:on\s+)?/i;

/** "start July 2 and end July 16", "starting the 3rd, ending the 9th": both days said. */
function startAndEnd(text: string, today: CalendarDate): FoundRange | undefined {
  for (const starts of firstMatches(text, STARTS)) {
    const first = dayRightAfter(text, starts.index + starts[0].length, today);
    const ends = first ? THEN_ENDS.exec(text.slice(first.end, first.end + 30)) : null;
    const last = ends ? dayRightAfter(text, first!.end + ends[0].length, today) : undefined;
    if (!first || !last) continue;
    return {
      range: spanFrom(
        first.date,
        last.date,
        unsaidOf(text.slice(starts.index + starts[0].length, first.end)),
      ),
      index: starts.index,
      end: last.end,
      spans: true,
    };
  }
  return undefined;
}

/**
 * Days a change or a create is to cover, said as a span ("the week of the 2nd", "the 21st-22nd",
 * "start July 2 and end July 16"); undefined for one day or a period that is not a span.
 */
export function findSpan(text: string, today: CalendarDate): FoundRange | undefined {
  const both = startAndEnd(text, today);
  if (both) return both;
  const found = findDateRange(text, today);
  if (!found || compareDates(found.range.end, found.range.start) <= 0) return undefined;
  // Days said from one to another ("from Nov 20 to Nov 25", "march 3 – march 9") are a span as
  // much as "the week of the 2nd"; a period named ("last week") is not.
  const said = text.slice(found.index, found.end);
  return found.spans || SPAN_SAID.test(said) ? found : undefined;
}

const SPAN_SAID = /\s(?:to|till|until|through|thru)\s|\d\s*[-–—]\s*\p{L}*\s*\d|\s[-–—]\s/iu;
