/**
 * One day named in a message: a written or relative date (read by chrono), the engine's own
 * phrases chrono misses ("the 14th", "a fortnight ago", "the day before yesterday"), a weekday or
 * a holiday, with a time of day beside it taken as part of its phrase.
 */
import { parseCount } from "../count-words.js";
import {
  addDays,
  compareDates,
  isRealDate,
  type CalendarDate,
} from "../../../../../shared/calendar-date.js";
import { addMonthsClamped, weekdayOf, type FoundDate } from "./calendar.js";
import { chronoResults, namesADay, resultDate } from "./chrono.js";
import { findHoliday } from "./holidays.js";
import { startOfPeriod } from "./periods.js";
import { CHRONO_READS, LONGEST_DAY, nothingBut, opening, remembered } from "./phrases.js";
import { yearOf } from "./months.js";
import { findWeekdays, type FoundWeekday } from "./weekdays.js";

/** "the day before yesterday", which chrono reads as just "yesterday". */
const DAY_BEFORE_YESTERDAY = /\b(?:the\s+)?day\s+before\s+yesterday\b/i;

/**
 * "the day before", "the week after": counted from a day the conversation is about, never from
 * today as chrono reads them. The reader of that day (a change of an annotation, a question asked
 * again) counts them itself.
 */
const UNANCHORED = /^\s*(?:the\s+)?(?:day|week|month)\s+(?:before|after)\s*$/i;

/** "a fortnight ago", which chrono does not read. */
const FORTNIGHTS_AGO = /\b(a|an|one|two|three|\d{1,2})\s+fortnights?\s+ago\b/i;

/** Parts of today that chrono reads as times of day only. */
const PART_OF_TODAY = /\b(?:this\s+(?:morning|afternoon|evening)|earlier\s+today)\b/i;

/** "the 14th", "on the 3rd": a day of a month left unsaid, which is the latest such day not after today. */
const DAY_OF_MONTH =
  /\b(?:the\s+)?([12]?\d|3[01])(?:st|nd|rd|th)\b(?!\s*(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\s+(?:week|weekend|half|quarter)\b)/i;

export function dayOfMonth(day: number, today: CalendarDate): CalendarDate | undefined {
  for (let back = 0; back < 12; back += 1) {
    const month = addMonthsClamped({ ...today, day: 1 }, -back);
    const date = { ...month, day };
    if (isRealDate(date) && compareDates(date, today) <= 0) return date;
  }
  return undefined;
}

/** "Nov 3 last year", "the 5th of December this year": a day whose year is said in words. */
const YEAR_IN_WORDS = /^\s*,?\s*(?:of\s+)?(last|this)\s+year\b/i;
/** A day phrase that holds a period's words ("Nov 3 last year", "Monday last week"). */
export const PERIOD_IN_DAY = /\b(?:last|past|previous|this)\s+(?:year|week)\b/i;

function withYearInWords(found: FoundDate, text: string, today: CalendarDate): FoundDate {
  const words = YEAR_IN_WORDS.exec(text.slice(found.end, found.end + 20));
  if (!words) return found;
  const year = /^this$/i.test(words[1] ?? "") ? today.year : today.year - 1;
  const date = { ...found.date, year };
  return isRealDate(date) ? { ...found, date, end: found.end + words[0].length } : found;
}

const daysRead = new Map<string, FoundDate | undefined>();

/** The first day named in the text, if any. */
/**
 * "on 13.11.", "am 19.11", "for 9.11.": a day and month written the European way, without a year,
 * read only after a word that leads to a date, a quoted title or a comma ('"Returns spike" 17.10'),
 * so "Release 4.2" stays a name; "03.11.2026", with
 * its year, is a day wherever it stands.
 */
const DOTTED_DAY =
  /(?:^|\b(?:on|am|dated|since|till|until|for|from|by)\s+|(?:⟪\d+⟫|["”'’]),?\s+|,\s*)([12]?\d|3[01])\.(0?[1-9]|1[0-2])(\.?)(?![\d.]*\d)|(?<![\w.])(0?[1-9]|[12]\d|3[01])\.(0?[1-9]|1[0-2])\.((?:19|20)\d{2})(?![\d.]*\d)/i;

function dottedDay(text: string, today: CalendarDate): FoundDate | undefined {
  const match = DOTTED_DAY.exec(text);
  if (!match) return undefined;
  if (match[4] !== undefined) {
    const date = { year: Number(match[6]), month: Number(match[5]), day: Number(match[4]) };
    if (!isRealDate(date)) return undefined;
    return { date, index: match.index, end: match.index + match[0].length };
  }
  const [day, month] = [Number(match[1]), Number(match[2])];
  // "4.2" alone may be a version; "4.2.", "13.11" or one led to as a day ("for 9.11") is a day.
  if (!match[3] && day <= 12 && !/^\s*\p{L}/u.test(match[0])) return undefined;
  const date = { year: yearOf(month, {}, today, day), month, day };
  if (!isRealDate(date)) return undefined;
  const index = match.index + match[0].lastIndexOf(`${match[1]}.${match[2]}`);
  return { date, index, end: match.index + match[0].length };
}

const ORDINAL_AFTER = /^\s*,?\s*(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\b/i;

export function findDate(text: string, today: CalendarDate): FoundDate | undefined {
  const found = remembered(daysRead, text, today, () => readDay(text, today));
  return found && { ...found };
}

function readDay(text: string, today: CalendarDate): FoundDate | undefined {
  const candidates: FoundDate[] = [];
  const ordinal = DAY_OF_MONTH.exec(text);
  const ordinalDate = ordinal ? dayOfMonth(Number(ordinal[1]), today) : undefined;
  if (ordinal && ordinalDate)
    candidates.push({
      date: ordinalDate,
      index: ordinal.index,
      end: ordinal.index + ordinal[0].length,
    });
  const partOfToday = PART_OF_TODAY.exec(text);
  if (partOfToday)
    candidates.push({
      date: today,
      index: partOfToday.index,
      end: partOfToday.index + partOfToday[0].length,
    });
  const fortnights = FORTNIGHTS_AGO.exec(text);
  if (fortnights) {
    const count = /^(?:a|an)$/i.test(fortnights[1] ?? "")
      ? 1
      : (parseCount(fortnights[1] ?? "") ?? 1);
    candidates.push({
      date: addDays(today, -14 * count),
      index: fortnights.index,
      end: fortnights.index + fortnights[0].length,
    });
  }
  const dayBefore = DAY_BEFORE_YESTERDAY.exec(text);
  if (dayBefore) {
    candidates.push({
      date: addDays(today, -2),
      index: dayBefore.index,
      end: dayBefore.index + dayBefore[0].length,
    });
  }
  for (const result of chronoResults(text, today)) {
    if (!namesADay(result) || UNANCHORED.test(result.text)) continue;
    const date = resultDate(result.start, today);
    const end = result.index + result.text.length;
    if (date && result.start.isCertain("year")) candidates.push({ date, index: result.index, end });
    else if (date)
      candidates.push(withYearInWords({ date, index: result.index, end }, text, today));
  }
  // A day written with dots is day first: chrono's month-first reading of the same words goes.
  const dotted = dottedDay(text, today);
  if (dotted) {
    const apart = candidates.filter(
      (other) => other.end <= dotted.index || other.index >= dotted.end,
    );
    candidates.splice(0, candidates.length, ...apart, dotted);
  }
  const holiday = findHoliday(text, today);
  if (holiday) candidates.push(holiday);
  // "since the start of the month" began on that day, as "since Tuesday" began on Tuesday.
  const startOf = startOfPeriod(text, today);
  if (startOf)
    candidates.push({ date: startOf.range.start, index: startOf.index, end: startOf.end });
  // A weekday inside a fuller date ("Friday, Nov 28") defers to that date. Weekdays never overlap
  // one another, and both lists are walked in text order: a message of weekdays and dates is
  // not compared all to all.
  const dates = [...candidates].sort((a, b) => a.index - b.index);
  let started = 0;
  let furthest = -1;
  const describing: FoundWeekday[] = [];
  for (const weekday of findWeekdays(opening(text, CHRONO_READS), today)) {
    while (started < dates.length && dates[started]!.index < weekday.end)
      furthest = Math.max(furthest, dates[started++]!.end);
    // "Friday the 13th": the weekday only describes the day of the month written after it.
    if (furthest > weekday.index) continue;
    if (ORDINAL_AFTER.test(text.slice(weekday.end))) describing.push(weekday);
    else candidates.push(weekday);
  }
  const inside = (candidate: FoundDate) =>
    candidates.some(
      (other) =>
        other !== candidate &&
        other.index <= candidate.index &&
        candidate.end <= other.end &&
        other.end - other.index > candidate.end - candidate.index,
    );
  // The first that no longer phrase contains; a message of dates is not compared all to all.
  const first = [...candidates]
    .sort((a, b) => a.index - b.index)
    .find((candidate) => !inside(candidate));
  if (!first) return undefined;
  // The weekday that describes the day is part of its words.
  const weekday = describing.find((day) => /^\s*,?\s*$/.test(text.slice(day.end, first.index)));
  const clash = weekday && weekdayOf(first.date) !== weekday.weekday;
  return withTimeOfDay(
    weekday ? { ...first, index: weekday.index, ...(clash ? { weekdayClash: true } : {}) } : first,
    text,
  );
}

const PART_OF_DAY = String.raw`(?:early\s+|late\s+|mid-?)?(?:morning|afternoon|evening|night|lunchtime|noon|midday|midnight)`;
// Meals are titles' words ("Team dinner on Friday") unless a preposition makes them a time.
const LED_TIME = String.raw`(?:at|around|about|by|during|over|in\s+the|(?:at|around|about)\s+the)\s+(?:${PART_OF_DAY}|lunch|dinner(?:time)?|breakfast)`;
/** "friday afternoon", "the 3rd, around lunch", "yesterday at about 3pm", "yesterday's date". */
const TIME_AFTER = new RegExp(
  String.raw`^(?:\s+${PART_OF_DAY}|\s*,?\s*${LED_TIME}|\s*,?\s*(?:at|around|about)\s+(?:about\s+|around\s+)?\d{1,2}(?::\d{2})?\s*(?:am|pm)|['’]s\s+(?:date|day))\b`,
  "i",
);
/** "late on the 5th", "first thing Monday", "around lunchtime on the 3rd", "the morning of the 5th". */
const TIME_BEFORE = new RegExp(
  String.raw`(?:\b(?:early|late|first\s+thing|last\s+thing)\s+(?:on\s+)?|\b(?:${LED_TIME}|the\s+${PART_OF_DAY})\s+(?:on|of)\s+)$`,
  "i",
);

/**
 * A time of day beside a day is part of its phrase: it says when in the day, and is no title's
 * word. Only the few characters either side are read.
 */
function withTimeOfDay(found: FoundDate, text: string): FoundDate {
  const after = TIME_AFTER.exec(text.slice(found.end, found.end + 40));
  const before = TIME_BEFORE.exec(text.slice(Math.max(0, found.index - 40), found.index));
  if (!after && !before) return found;
  return {
    ...found,
    index: before ? found.index - before[0].length : found.index,
    end: after ? found.end + after[0].length : found.end,
  };
}

/** A bounded look at the day phrase right after `at` ("the 9th", "Nov 14"), if it leads there. */
export function dayRightAfter(
  text: string,
  at: number,
  today: CalendarDate,
  afterWeekday = false,
): { date: CalendarDate; end: number } | undefined {
  // After a weekday ("fri and sat", "sat/sun") a short form that is also a word is a weekday too.
  const lead = afterWeekday ? "on " : "";
  const after = lead + opening(text.slice(at), LONGEST_DAY);
  const found = findDate(after, today);
  if (!found || found.index < lead.length || !nothingBut(after.slice(lead.length, found.index)))
    return undefined;
  return { date: found.date, end: at + found.end - lead.length };
}
