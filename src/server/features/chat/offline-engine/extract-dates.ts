/**
 * Finds the date or period a message talks about, against "today" in the person's time zone.
 * chrono-node reads written and relative dates; the engine adds what chrono gets wrong for an
 * annotations product: weekdays and year-less dates resolve to the past (an annotation marks
 * something that happened), "Black Friday" is a title rather than a date, and periods ("last
 * month", "in March", "this week") are whole calendar periods.
 */
import * as chrono from "chrono-node";
import type { ParsedResult } from "chrono-node";
import { parseCount } from "./count-words.js";
import { isSpace } from "./cut-text.js";
import {
  addDays,
  compareDates,
  isRealDate,
  toIsoDate,
  type CalendarDate,
} from "../../../../shared/calendar-date.js";

export interface DateRange {
  start: CalendarDate;
  end: CalendarDate;
}

/** A date found in the text, with where its phrase starts and ends so it can be cut out. */
export interface FoundDate {
  date: CalendarDate;
  index: number;
  end: number;
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

function addMonthsClamped(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(date.day, lastDayOfMonth(year, month)) };
}

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function weekdayOf(date: CalendarDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

function monthRange(year: number, month: number): DateRange {
  return { start: { year, month, day: 1 }, end: { year, month, day: lastDayOfMonth(year, month) } };
}

/** Weeks run Monday to Sunday. */
function weekRange(containing: CalendarDate): DateRange {
  const start = addDays(containing, -((weekdayOf(containing) + 6) % 7));
  return { start, end: addDays(start, 6) };
}

const weekdayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

// A weekday after these words names a day in a title ("Black Friday sale"), not a date.
const HOLIDAY_BEFORE =
  /\b(?:black|cyber|good|giving|super|ash|fat|holy|easter|palm|blue|travel|maundy|shrove|boxing|small business)$/i;

/**
 * Whether one of those words stands right before `index`, spaces between. Only the few characters
 * before it are read: read from the start of the message for every weekday, a message of weekdays
 * would be read once per weekday.
 */
function afterHolidayWord(text: string, index: number): boolean {
  let end = index;
  while (end > 0 && isSpace(text.charCodeAt(end - 1))) end -= 1;
  // The longest word is 14 characters; one more is read so that \b sees what precedes it.
  return end < index && HOLIDAY_BEFORE.test(text.slice(Math.max(0, end - 16), end));
}

// A word joined to the next by a hyphen ("Fri-yay", "Sat-nav") is another word, unless the next
// is a weekday ("Mon-Wed"); "Friday's" is still Friday.
const WEEKDAY_PATTERN =
  /\b(?:(last|this\s+past|past|previous|this|next)\s+)?([a-z]{3,10})\b(?![-–](?!(?:sun|mon|tue|wed|thu|fri|sat))[a-z])(?:\.(?=\s|$))?/gi;
const WEEKDAY_ONLY =
  /^(?:(?:last|this\s+past|past|previous|this|next|on)\s+)?(?:sun|mon|tue|tues|wed|thu|thur|thurs|fri|sat)(?:[a-z]*)?\.?$/i;

/** Short forms that are no other word: read as the weekday wherever they stand. */
const WEEKDAY_SHORT: Record<string, number> = {
  // Misspellings further than one slip, common enough to know.
  wensday: 3,
  wendsday: 3,
  thirsday: 4,
  tue: 2,
  tues: 2,
  weds: 3,
  thu: 4,
  thur: 4,
  thurs: 4,
  fri: 5,
};
/** Short forms that are also words ("sat", "sun", "wed", "mon"): a weekday only after a cue. */
const WEEKDAY_SHORT_CUED: Record<string, number> = { sun: 0, mon: 1, wed: 3, sat: 6 };
const WEEKDAY_CUE =
  /(?:\b(?:on|for|since|from|until|till|to|through|thru|by|last|past|previous|this|next)\s+|[-–]\s*)$/i;
/** "sat - mon", "wed thru fri": a short form that runs to another weekday is one too. */
const RUNS_TO_WEEKDAY =
  /^\.?\s*(?:-|–|to\s|thru\s|through\s|till\s|until\s)\s*(?:sun|mon|tue|wed|thu|fri|sat)/i;

/**
 * Whether a word is a weekday's name with one slip (a letter swapped with the next, added,
 * dropped or mistyped): "thursady", "wendesday", "satuday". The first letter must be right, so
 * that another word ("someday", "funday") is not taken for one.
 */
function oneSlipFrom(word: string, name: string): boolean {
  if (word[0] !== name[0] || Math.abs(word.length - name.length) > 1) return false;
  let at = 0;
  while (at < word.length && word[at] === name[at]) at += 1;
  const [a, b] = [word.slice(at), name.slice(at)];
  return (
    a.slice(1) === b.slice(1) ||
    a.slice(1) === b ||
    a === b.slice(1) ||
    (a[0] === b[1] && a[1] === b[0] && a.slice(2) === b.slice(2))
  );
}

/** The weekday (0 Sunday … 6 Saturday) a word names, slips and short forms allowed. */
function weekdayOfWord(word: string, cued: boolean): number | undefined {
  const lower = word.toLowerCase();
  const exact = weekdayNames.indexOf(lower);
  if (exact >= 0) return exact;
  if (lower in WEEKDAY_SHORT) return WEEKDAY_SHORT[lower];
  if (lower in WEEKDAY_SHORT_CUED) return cued ? WEEKDAY_SHORT_CUED[lower] : undefined;
  // "fridays" is every Friday, not one.
  if (lower.length < 6 || lower.endsWith("days")) return undefined;
  const slipped = weekdayNames.findIndex((name) => oneSlipFrom(lower, name));
  return slipped >= 0 ? slipped : undefined;
}

const WEEKDAY_INITIAL = /^[smtwf]/i;

const OF_WEEK_AFTER = /^\s*,?\s*(?:of\s+|in\s+)?(?:the\s+)?(last|past|previous|this)\s+week\b/i;
const OF_WEEK_BEFORE = /\b(last|past|previous|this)\s+week\s*,?\s*(?:on\s+)?(?:the\s+)?$/i;

/**
 * "Monday last week", "last week on Thursday", "Wednesday of this week": the weekday in the week
 * named, with where the whole phrase runs. Only the few characters either side are read.
 */
function weekNamed(
  text: string,
  index: number,
  end: number,
  today: CalendarDate,
): { monday: CalendarDate; index: number; end: number } | undefined {
  const after = OF_WEEK_AFTER.exec(text.slice(end, end + 30));
  const before = after ? null : OF_WEEK_BEFORE.exec(text.slice(Math.max(0, index - 30), index));
  const which = (after ?? before)?.[1];
  if (!which) return undefined;
  const monday = weekRange(/^this$/i.test(which) ? today : addDays(today, -7)).start;
  return {
    monday,
    index: before ? index - before[0].length : index,
    end: after ? end + after[0].length : end,
  };
}

interface FoundWeekday extends FoundDate {
  weekday: number;
  /** The week was named with it ("Monday last week"). */
  inWeek?: boolean;
}

/** "Friday" and "last Friday" are the most recent Friday before today (or today for a bare name). */
function findWeekdays(text: string, today: CalendarDate): FoundWeekday[] {
  const found: FoundWeekday[] = [];
  for (const match of text.matchAll(WEEKDAY_PATTERN)) {
    // Every word is looked at: most are let go by their first letter.
    if (!WEEKDAY_INITIAL.test(match[2] ?? "")) continue;
    const modifier = match[1]?.toLowerCase().replace(/\s+/g, " ");
    const end = match.index + match[0].length;
    const cued =
      modifier !== undefined ||
      WEEKDAY_CUE.test(text.slice(Math.max(0, match.index - 9), match.index)) ||
      RUNS_TO_WEEKDAY.test(text.slice(end, end + 12));
    const target = weekdayOfWord(match[2] ?? "", cued);
    if (target === undefined) continue;
    if (!modifier && afterHolidayWord(text, match.index)) continue;
    const back = (weekdayOf(today) - target + 7) % 7;
    let date: CalendarDate;
    if (modifier === "next") date = addDays(today, (target - weekdayOf(today) + 7) % 7 || 7);
    else if (
      modifier === "last" ||
      modifier === "past" ||
      modifier === "previous" ||
      modifier === "this past"
    ) {
      date = addDays(today, -(back || 7));
    } else date = addDays(today, -back);
    const inWeek = modifier ? undefined : weekNamed(text, match.index, end, today);
    if (inWeek) {
      const day = addDays(inWeek.monday, (target + 6) % 7);
      found.push({
        date: day,
        index: inWeek.index,
        end: inWeek.end,
        weekday: target,
        inWeek: true,
      });
    } else found.push({ date, index: match.index, end, weekday: target });
  }
  return found;
}

const PERIOD_WORDS =
  /^(?:(?:last|this|next|past|previous|current)\s+(?:week|month|year|quarter)|(?:right\s+)?now)$/i;

/**
 * How much of a phrase chrono reads: its first 1,000 characters, ending at a space. chrono costs
 * a few microseconds a character, and a date is never that far into a request.
 */
const CHRONO_READS = 1000;

/**
 * The phrases chrono read last, with what it found. One message asks about the same phrase
 * several times (a period, then a day, then whether a day was written at all); chrono is pure, so
 * its answer is kept for the next question rather than worked out again.
 */
const chronoRead = new Map<string, ParsedResult[]>();
const CHRONO_REMEMBERS = 16;

/**
 * The days and ranges found in the texts read last. The stages ask about the same text several
 * times (the request, then its slots, then whether a day was written at all); each answer is
 * worked out once. Callers get copies, so nothing they change is remembered.
 */
const daysRead = new Map<string, FoundDate | undefined>();
const rangesRead = new Map<string, FoundRange | undefined>();

function remembered<T>(
  read: Map<string, T | undefined>,
  text: string,
  today: CalendarDate,
  work: () => T | undefined,
): T | undefined {
  const key = `${toIsoDate(today)} ${text}`;
  if (read.has(key)) return read.get(key);
  const found = work();
  if (read.size >= CHRONO_REMEMBERS) read.delete(read.keys().next().value!);
  read.set(key, found);
  return found;
}

/** The start of a long text, ending at a space: as much of it as is read. */
function opening(text: string, length: number): string {
  if (text.length <= length) return text;
  const space = text.lastIndexOf(" ", length);
  return text.slice(0, space > 0 ? space : length);
}

/** chrono reads the text as if it were noon UTC on the zone's today, so "yesterday" is the zone's. */
function chronoResults(text: string, today: CalendarDate): ParsedResult[] {
  const read = opening(text, CHRONO_READS);
  const key = `${toIsoDate(today)} ${read}`;
  const known = chronoRead.get(key);
  if (known) return known;
  const instant = new Date(Date.UTC(today.year, today.month - 1, today.day, 12));
  const results = chrono.parse(read, { instant, timezone: 0 }, { forwardDate: false });
  if (chronoRead.size >= CHRONO_REMEMBERS) chronoRead.delete(chronoRead.keys().next().value!);
  chronoRead.set(key, results);
  return results;
}

/** A chrono result as a calendar date, pulled into the past when the person gave no year. */
function resultDate(
  components: ParsedResult["start"],
  today: CalendarDate,
): CalendarDate | undefined {
  const year = components.get("year");
  const month = components.get("month");
  const day = components.get("day");
  if (year === null || month === null || day === null) return undefined;
  let date: CalendarDate = { year, month, day };
  if (!components.isCertain("year") && compareDates(date, today) > 0) {
    const lastYear = { ...date, year: year - 1 };
    if (isRealDate(lastYear)) date = lastYear;
  }
  return isRealDate(date) ? date : undefined;
}

/** Whether a chrono result names one day (not a bare time, a weekday, a month or a period). */
function namesADay(result: ParsedResult): boolean {
  const text = result.text.trim();
  if (PERIOD_WORDS.test(text) || WEEKDAY_ONLY.test(text)) return false;
  // "the end of October" is its last days, not the 31st.
  if (/^(?:the\s+)?(?:end|middle)\s+of\b/i.test(text)) return false;
  // "a few days ago" names no one day: chrono's three would be a guess.
  if (VAGUE_COUNT.test(text)) return false;
  return result.start.isCertain("day") || /\bago\b/i.test(text);
}

const VAGUE_COUNT = /\b(?:few|couple|several|some|many)\b/i;

/** "the day before yesterday", which chrono reads as just "yesterday". */
const DAY_BEFORE_YESTERDAY = /\b(?:the\s+)?day\s+before\s+yesterday\b/i;

/** "a fortnight ago", which chrono does not read. */
const FORTNIGHTS_AGO = /\b(a|an|one|two|three|\d{1,2})\s+fortnights?\s+ago\b/i;

/** Parts of today that chrono reads as times of day only. */
const PART_OF_TODAY = /\b(?:this\s+(?:morning|afternoon|evening)|earlier\s+today)\b/i;

/** "the 14th", "on the 3rd": a day of a month left unsaid, which is the latest such day not after today. */
const DAY_OF_MONTH =
  /\b(?:the\s+)?([12]?\d|3[01])(?:st|nd|rd|th)\b(?!\s*(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\s+(?:week|weekend|half|quarter)\b)/i;

function dayOfMonth(day: number, today: CalendarDate): CalendarDate | undefined {
  for (let back = 0; back < 12; back += 1) {
    const month = addMonthsClamped({ ...today, day: 1 }, -back);
    const date = { ...month, day };
    if (isRealDate(date) && compareDates(date, today) <= 0) return date;
  }
  return undefined;
}

/** Holidays on the same day every year, as month and day. */
const FIXED_HOLIDAYS: [RegExp, number, number][] = [
  [/^(?:christmas|xmas)\s+eve$/i, 12, 24],
  [/^(?:christmas|xmas)(?:\s+day)?$/i, 12, 25],
  [/^new\s+year'?s?\s+eve$/i, 12, 31],
  [/^new\s+year'?s?(?:\s+day)?$/i, 1, 1],
  [/^hall?owe'?en$/i, 10, 31],
  [/^boxing\s+day$/i, 12, 26],
  [/^valentine'?s?(?:\s+day)?$/i, 2, 14],
  [/^black\s+friday$/i, 0, 0],
  [/^cyber\s+monday$/i, 0, 0],
];
const HOLIDAY =
  /(?:\b(on|for|at|around|over|during|since|until|till|before|after|by)\s+)?\b((?:christmas|xmas)(?:\s+(?:eve|day))?|new\s+year'?s?(?:\s+(?:eve|day))?|hall?owe'?en|boxing\s+day|valentine'?s?(?:\s+day)?|black\s+friday|cyber\s+monday)\b(?:\s+(?:of\s+)?(?:(last|this)\s+year|(\d{4}))\b)?/gi;
const HEADING = /^\s*[:,-]/;
const LONGER_THAN_THE_DAY = /^\s+(?:week|weekend|season|period|break|holidays?)\b/i;

/** The day a holiday falls on in a year; Black Friday and Cyber Monday move with Thanksgiving. */
function holidayIn(name: string, year: number): CalendarDate | undefined {
  const holiday = FIXED_HOLIDAYS.find(([pattern]) => pattern.test(name));
  if (!holiday) return undefined;
  if (/^black/i.test(name)) return blackFriday(year);
  if (/^cyber/i.test(name)) return addDays(blackFriday(year), 3);
  return { year, month: holiday[1], day: holiday[2] };
}

/**
 * "on Christmas Eve", "Halloween last year", "Halloween: …": the holiday's latest day not after
 * today (or in the year named). Without a preposition, a year or a heading's colon, a holiday is
 * a title's word ("Christmas sale"); Black Friday and Cyber Monday, titles more often than not
 * ("anything for Black Friday?" looks for the sale), are days only with a year.
 */
function findHoliday(text: string, today: CalendarDate): FoundDate | undefined {
  for (const match of opening(text, CHRONO_READS).matchAll(HOLIDAY)) {
    const name = (match[2] ?? "").replace(/\s+/g, " ");
    const end = match.index + match[0].length;
    const year = match[3] ?? match[4];
    // "Christmas week", "the holiday season": more than the one day.
    if (!year && LONGER_THAN_THE_DAY.test(text.slice(end, end + 12))) continue;
    const heading = match.index === 0 && HEADING.test(text.slice(end));
    const movable = /^(?:black|cyber)/i.test(name);
    if (!year && (movable || (!heading && !match[1]))) continue;
    let date = holidayIn(name, match[4] ? Number(match[4]) : today.year);
    if (!date) continue;
    if (match[3]) date = holidayIn(name, /^this$/i.test(match[3]) ? today.year : today.year - 1);
    else if (!match[4] && compareDates(date, today) > 0) date = holidayIn(name, today.year - 1);
    if (date) return { date, index: match.index + (match[1] ? match[1].length + 1 : 0), end };
  }
  return undefined;
}

/** "Nov 3 last year", "the 5th of December this year": a day whose year is said in words. */
const YEAR_IN_WORDS = /^\s*,?\s*(?:of\s+)?(last|this)\s+year\b/i;
/** A day phrase that holds a period's words ("Nov 3 last year", "Monday last week"). */
const PERIOD_IN_DAY = /\b(?:last|past|previous|this)\s+(?:year|week)\b/i;

function withYearInWords(found: FoundDate, text: string, today: CalendarDate): FoundDate {
  const words = YEAR_IN_WORDS.exec(text.slice(found.end, found.end + 20));
  if (!words) return found;
  const year = /^this$/i.test(words[1] ?? "") ? today.year : today.year - 1;
  const date = { ...found.date, year };
  return isRealDate(date) ? { ...found, date, end: found.end + words[0].length } : found;
}

/** The first day named in the text, if any. */
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
    if (!namesADay(result)) continue;
    const date = resultDate(result.start, today);
    const end = result.index + result.text.length;
    if (date && result.start.isCertain("year")) candidates.push({ date, index: result.index, end });
    else if (date)
      candidates.push(withYearInWords({ date, index: result.index, end }, text, today));
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
  for (const weekday of findWeekdays(opening(text, CHRONO_READS), today)) {
    while (started < dates.length && dates[started]!.index < weekday.end)
      furthest = Math.max(furthest, dates[started++]!.end);
    if (furthest <= weekday.index) candidates.push(weekday);
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
  return first && withTimeOfDay(first, text);
}

const PART_OF_DAY = String.raw`(?:early\s+|late\s+|mid-?)?(?:morning|afternoon|evening|night|lunchtime|noon|midday|midnight)`;
// Meals are titles' words ("Team dinner on Friday") unless a preposition makes them a time.
const LED_TIME = String.raw`(?:at|around|about|by|during|over|in\s+the|(?:at|around|about)\s+the)\s+(?:${PART_OF_DAY}|lunch|dinner(?:time)?|breakfast)`;
/** "friday afternoon", "the 3rd, around lunch", "yesterday at about 3pm". */
const TIME_AFTER = new RegExp(
  String.raw`^(?:\s+${PART_OF_DAY}|\s*,?\s*${LED_TIME}|\s*,?\s*(?:at|around|about)\s+(?:about\s+|around\s+)?\d{1,2}(?::\d{2})?\s*(?:am|pm))\b`,
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

const MONTHS: Record<string, number> = {
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

// A month on its own ("in March", "March 2025"), not followed by a day and not after one ("3rd of March").
const MONTH_PATTERN =
  /(?<!\d(?:st|nd|rd|th)?\s+(?:of\s+)?)(?:\b(in|during|for|from|of|since)\s+)?\b(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?(?:\s+(\d{4}))?\b(?!\s*\d{1,2}(?:st|nd|rd|th)?\b)/gi;
const PERIOD_PATTERN =
  /(?:\bso\s+far\s+)?(?:\b(?:from|in|during|for|over|within|of)\s+)?(?:\ball\s+of\s+)?(?:\bthe\s+)?\b(this|last|past|previous|current)\s+(week|month|year)(?:'s)?\b(?:\s+so\s+far)?/i;
const LAST_N_PATTERN =
  /(?:\b(?:in|over|during|from|for|within)\s+)?(?:\bthe\s+)?\b(?:last|past|previous)\s+(\d+|a\s+few|few|a\s+couple(?:\s+of)?|couple(?:\s+of)?|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|fifteen|twenty|thirty|sixty|ninety)\s+(days?|weeks?|months?)\b/i;
// "the last fortnight": the 14 days up to today, as "the last two weeks" is.
const FORTNIGHT_PATTERN =
  /(?:\b(?:in|over|during|from|for|within)\s+)?(?:\bthe\s+)?\b(?:last|past|previous)\s+fortnight\b/i;
const QUARTER_PATTERN =
  /(?:\b(?:from|in|during|for|over|within|of)\s+)?(?:\bthe\s+)?\b(this|last|past|previous|current)\s+quarter\b(?:\s+so\s+far)?/i;
// "Q3" is a quarter only after a preposition or before a year: "Q4 planning" is a title.
const NAMED_QUARTER_PATTERN =
  /(?:\b(?:in|during|for|over|within|of|from)\s+(?:the\s+)?\bq([1-4])\b(?:\s+(\d{4})\b)?|\bq([1-4])\s+(\d{4})\b|(?:\b(?:in|during|for|over|within|of|from)\s+)?\bthe\s+(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter\b(?:\s+of\s+(\d{4})\b)?)/i;
const QUARTER_ORDINALS: Record<string, number> = {
  first: 1,
  "1st": 1,
  second: 2,
  "2nd": 2,
  third: 3,
  "3rd": 3,
  fourth: 4,
  "4th": 4,
};
// Weekends are Saturday and Sunday; "last weekend" is the one before this week's.
const WEEKEND_PATTERN =
  /(?:\b(?:from|in|during|for|over|on|at)\s+)?(?:\bthe\s+)?\b(this|last|past|previous)\s+weekend\b/i;
const YEAR_PATTERN = /\b(?:in|during|for|from|of)\s+(\d{4})\b(?!\s*[-/])/i;
const BETWEEN_PATTERN = /\bbetween\s+/i;
const SINCE_PATTERN = /\bsince\s+$/i;

function quarterRange(year: number, quarter: number): DateRange {
  const startMonth = (quarter - 1) * 3 + 1;
  return {
    start: { year, month: startMonth, day: 1 },
    end: { year, month: startMonth + 2, day: lastDayOfMonth(year, startMonth + 2) },
  };
}

/** The most recent such month that is not in the future. */
function pastMonth(month: number, today: CalendarDate): number {
  return month <= today.month ? today.year : today.year - 1;
}

/** Black Friday is the day after the fourth Thursday of November. */
function blackFriday(year: number): CalendarDate {
  const first = { year, month: 11, day: 1 };
  const firstThursday = 1 + ((4 - weekdayOf(first) + 7) % 7);
  return { year, month: 11, day: firstThursday + 21 + 1 };
}

const BLACK_FRIDAY_WEEKEND = /\b(?:the\s+)?black\s+friday\s+weekend\b/i;

const FROM_OR_BETWEEN = /\b(?:from|between)\s+/gi;
const RANGE_CONNECTOR = /\s+(?:to|and|until|till|through|thru|-|–)\s+/gi;
const UP_TO_NOW = /^(?:(?:right\s+)?now|today|the\s+present|present|date)\b/i;
const WHOLE_MONTH =
  /^(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?(?:\s+(\d{4}))?/i;

/** Whether only "the" or nothing stands in a part of a phrase. */
const nothingBut = (part: string) => /^\s*(?:the\s*)?$/i.test(part);

/** Longer than any phrase that names one day ("Wednesday the twenty-second of November 2025"). */
const LONGEST_DAY = 100;

/** A day that is the whole of a phrase ("1 Nov", "the 3rd", "2025-03-01"). */
function wholeDay(phrase: string, today: CalendarDate): CalendarDate | undefined {
  if (phrase.length > LONGEST_DAY) return undefined;
  const found = findDate(phrase, today);
  if (!found || !nothingBut(phrase.slice(0, found.index))) return undefined;
  return phrase.slice(found.end).trim() === "" ? found.date : undefined;
}

/**
 * How many "from" and "between" a range is looked for after, and how much of what follows "to"
 * is read for its last day: each one tried reads the dates after it again, so a message of
 * "from Nov 1 to x" would otherwise be read once for each; a request names its range early.
 */
const RANGE_STARTS = 8;
const RANGE_END_READS = 200;

/**
 * "from 1 Nov to 15 Nov", "between October and November", "from March 2025 to May 2025": each
 * side read on its own (chrono takes "from 1" for one o'clock), months as whole months.
 */
function fromToRange(text: string, today: CalendarDate): FoundRange | undefined {
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

const MONTH_NAMES = String.raw`(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?`;
const YEAR_WORDS = String.raw`(?:\s+(?:of\s+)?(?:(last|previous|this)\s+year|(\d{4})))?`;

/** Which year a month (or a day in it) is in: the one written, last year, or the latest not after today. */
function yearOf(
  month: number,
  written: { relative?: string; year?: string },
  today: CalendarDate,
  day = 1,
): number {
  if (written.year) return Number(written.year);
  if (written.relative) return /^this$/i.test(written.relative) ? today.year : today.year - 1;
  return compareDates({ year: today.year, month, day }, today) <= 0 ? today.year : today.year - 1;
}

/**
 * The first few matches of a global pattern: each one tried reads the day after it, so a message
 * of "the week of the week of …" would otherwise be read once for each; a request names its
 * period early.
 */
function* firstMatches(text: string, pattern: RegExp): Generator<RegExpExecArray> {
  let tried = 0;
  for (const match of text.matchAll(pattern)) {
    if ((tried += 1) > RANGE_STARTS) return;
    yield match;
  }
}

/** One kind of range phrase, read from the text against today; undefined when it has none. */
type SpanReader = (text: string, today: CalendarDate) => FoundRange | undefined;

/** A bounded look at the day phrase right after `at` ("the 9th", "Nov 14"), if it leads there. */
function dayRightAfter(
  text: string,
  at: number,
  today: CalendarDate,
): { date: CalendarDate; end: number } | undefined {
  const after = opening(text.slice(at), LONGEST_DAY);
  const found = findDate(after, today);
  if (!found || !nothingBut(after.slice(0, found.index))) return undefined;
  return { date: found.date, end: at + found.end };
}

const WEEK_OF =
  /(?:\b(?:in|during|for|over|from|of)\s+)?\b(?:the\s+)?week\s+(of|starting|beginning|commencing|from)\s+/gi;

/** "the week of the 9th": its Monday-to-Sunday week; "the week starting the 9th": seven days from it. */
const weekOf: SpanReader = (text, today) => {
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

const THE_WEEKEND =
  /(?:\b(?:over|during|on|at|for|from|across|throughout|through|in|since)\s+)?\bthe\s+weekend\b(?:\s+of\s+)?/gi;

/**
 * "over the weekend": the latest weekend that has begun; "the weekend of the 14th": the Saturday
 * and Sunday of that day's week. A bare "weekend" is a title's word ("Free shipping weekend").
 */
const theWeekend: SpanReader = (text, today) => {
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
    if (!/^\S+\s+the/i.test(match[0])) continue;
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
const weekdayToWeekday: SpanReader = (text, today) => {
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
const dayToDay: SpanReader = (text, today) => {
  for (const match of firstMatches(text, DAY_TO_DAY)) {
    // An ordinal is what makes "4-5" days rather than a count or a score, and the first must be
    // said as a day ("the 2nd", "21st", "21-22nd") or in a month named: "v2 to the 3rd" is none.
    if (!match[3] && !match[5]) continue;
    if (!match[1] && !match[3] && !match[6] && !/^\d{1,2}[-–]/.test(match[0])) continue;
    const [first, last] = [Number(match[2]), Number(match[4])];
    const named = match[6] ? MONTHS[match[6].toLowerCase()] : undefined;
    let start: CalendarDate | undefined;
    if (named) {
      const year = yearOf(named, { relative: match[7], year: match[8] }, today, first);
      start = { year, month: named, day: first };
    } else start = dayOfMonth(first, today);
    if (!start || !isRealDate(start)) continue;
    let end = { ...start, day: last };
    if (last < first) end = { ...addMonthsClamped({ ...start, day: 1 }, 1), day: last };
    if (!isRealDate(end)) continue;
    const from = /\bfrom\s+$/i.exec(text.slice(Math.max(0, match.index - 6), match.index));
    return {
      range: { start, end },
      index: from ? match.index - from[0].length : match.index,
      end: match.index + match[0].length,
      spans: true,
    };
  }
  return undefined;
};

const HALF_OF = new RegExp(
  String.raw`\b(?:the\s+)?(first|second|1st|2nd|latter)\s+half\s+of\s+(?:(this|last|the)\s+month\b|${MONTH_NAMES}${YEAR_WORDS})`,
  "i",
);

/** "the first half of November": the 1st to the 15th; the second half, the 16th to its end. */
const halfOfMonth: SpanReader = (text, today) => {
  const match = HALF_OF.exec(text);
  if (!match) return undefined;
  const month = namedMonth(match[2], match[3], { relative: match[4], year: match[5] }, today);
  const whole = monthRange(month.year, month.month);
  const range = /^(?:first|1st)$/i.test(match[1] ?? "")
    ? { start: whole.start, end: { ...whole.start, day: 15 } }
    : { start: { ...whole.start, day: 16 }, end: whole.end };
  return { range, index: match.index, end: match.index + match[0].length, spans: true };
};

const WHOLE_MONTH_SPAN = new RegExp(
  String.raw`(?:\b(?:for|during|over|throughout|across|covering|in)\s+)?(?:\b(?:the\s+)?(?:whole|entire|full|all)\s+(?:of\s+)?|\bthroughout\s+|\bcovering\s+)${MONTH_NAMES}${YEAR_WORDS}\b(?!\s*\d)`,
  "i",
);
const MONTH_OF_YEAR = new RegExp(
  String.raw`(?<!\d(?:st|nd|rd|th)?\s+(?:of\s+)?)(?:\b(?:in|during|for|from|of|since)\s+)?\b${MONTH_NAMES}\s+(?:of\s+)?(last|previous|this)\s+year\b()`,
  "i",
);

/** "all of October", "covering all of July last year", "December last year": a whole month. */
const wholeMonth: SpanReader = (text, today) => {
  const spanned = WHOLE_MONTH_SPAN.exec(text);
  const match = spanned ?? MONTH_OF_YEAR.exec(text);
  if (!match) return undefined;
  const word = (match[1] ?? "").toLowerCase();
  const month = MONTHS[word];
  // "may" is usually the verb.
  const introduced = /^(?:in|during|for|from|of|since)\s/i.test(match[0]);
  if (!month || (word === "may" && !spanned && !introduced && match[1] !== "May")) return undefined;
  const range = monthRange(yearOf(month, { relative: match[2], year: match[3] }, today), month);
  if (/^since\b/i.test(match[0])) range.end = today;
  return {
    range,
    index: match.index,
    end: match.index + match[0].length,
    ...(spanned ? { spans: true } : {}),
  };
};

const START_OF = new RegExp(
  String.raw`(?:\b(since|from|on|for|at|by)\s+)?\b(?:the\s+)?(start|beginning)\s+of\s+(?:(?:the|this)\s+(month|week|year)|last\s+(month|week|year)|${MONTH_NAMES}${YEAR_WORDS})\b`,
  "i",
);

const TO_NOW =
  /^\s+(?:to|until|till|through|thru)\s+(?:(?:right\s+)?now|today|date|the\s+present)\b/i;

/**
 * "the start of the month", "since the beginning of October": the first day of that period; after
 * "since", from it to today. "The end of October" is days, not one (see partOfMonth).
 */
const startOfPeriod: SpanReader = (text, today) => {
  const match = START_OF.exec(text);
  if (!match) return undefined;
  let period: DateRange;
  const unit = (match[3] ?? match[4] ?? "").toLowerCase();
  const back = match[4] !== undefined;
  if (unit === "week") period = weekRange(back ? addDays(today, -7) : today);
  else if (unit === "year") {
    const year = back ? today.year - 1 : today.year;
    period = { start: { year, month: 1, day: 1 }, end: { year, month: 12, day: 31 } };
  } else if (unit === "month") {
    const month = back ? addMonthsClamped({ ...today, day: 1 }, -1) : today;
    period = monthRange(month.year, month.month);
  } else {
    const named = MONTHS[(match[5] ?? "").toLowerCase()]!;
    period = monthRange(yearOf(named, { relative: match[6], year: match[7] }, today), named);
  }
  const day = period.start;
  const end = match.index + match[0].length;
  const toNow = TO_NOW.exec(text.slice(end, end + 30));
  const since = /^(?:since|from)$/i.test(match[1] ?? "") && (toNow || /^since$/i.test(match[1]!));
  return {
    range: since ? ordered(day, today) : { start: day, end: day },
    index: match.index,
    end: since && toNow ? end + toNow[0].length : end,
  };
};

/** "this month so far": up to today, not to the month's end. */
function soFar(range: DateRange, phrase: string, today: CalendarDate): DateRange {
  if (!/\bso\s+far\b/i.test(phrase) || compareDates(range.end, today) <= 0) return range;
  return { start: range.start, end: today };
}

const HOLIDAY_WEEK =
  /(?:\b(on|in|for|during|over|across|through|throughout|of|from|since)\s+)?\b(?:the\s+)?(black\s+friday|christmas|xmas)\s+week\b/i;
/** The year said a few words on: "how did Black Friday week go last year". */
const YEAR_SOON_AFTER = /^(?:\s+[a-z]+){0,3}?\s+(?:of\s+)?(?:(last|this)\s+year|(\d{4}))\b/i;

/**
 * "during Black Friday week", "Christmas week last year": the Monday-to-Sunday week of that day.
 * Without a preposition or a year it is a title's words ("the Christmas week sale").
 */
const holidayWeek: SpanReader = (text, today) => {
  const match = HOLIDAY_WEEK.exec(text);
  if (!match) return undefined;
  const end = match.index + match[0].length;
  const year = YEAR_SOON_AFTER.exec(text.slice(end, end + 40));
  if (!match[1] && !year) return undefined;
  const name = (match[2] ?? "").replace(/\s+/g, " ");
  const named = year?.[1] ? (/^this$/i.test(year[1]) ? today.year : today.year - 1) : year?.[2];
  let day = holidayIn(name, named ? Number(named) : today.year);
  if (day && !named && compareDates(weekRange(day).start, today) > 0)
    day = holidayIn(name, today.year - 1);
  if (!day) return undefined;
  const adjacent = year && /^\s+(?:of\s+)?(?:last|this|\d)/i.test(year[0]);
  return {
    range: weekRange(day),
    index: match.index,
    end: adjacent ? end + year[0].length : end,
    spans: true,
  };
};

const PART_OF_MONTH = new RegExp(
  String.raw`(?:\b(?:in|during|for|from|since|at|by)\s+)?\b(?:the\s+)?(early|mid|middle|late|end)(?:\s*-\s*|\s+(?:of\s+)?)(?:(this|last|the)\s+month\b|${MONTH_NAMES}${YEAR_WORDS}\b(?!\s*\d))`,
  "i",
);

/** The month a phrase names: "this month", "last month" or a month's name with its year words. */
function namedMonth(
  relative: string | undefined,
  name: string | undefined,
  written: { relative?: string; year?: string },
  today: CalendarDate,
): { year: number; month: number } {
  if (relative)
    return /^last$/i.test(relative) ? addMonthsClamped({ ...today, day: 1 }, -1) : today;
  const month = MONTHS[(name ?? "").toLowerCase()]!;
  return { year: yearOf(month, written, today), month };
}

/**
 * "early October" is its 1st to 10th, "mid October" the 11th to 20th, "late October" (or "the
 * end of October") the 21st to its end: a convention, said in the answer's dates. Not a span a
 * create covers: it is asked.
 */
const partOfMonth: SpanReader = (text, today) => {
  const match = PART_OF_MONTH.exec(text);
  if (!match) return undefined;
  const month = namedMonth(match[2], match[3], { relative: match[4], year: match[5] }, today);
  const whole = monthRange(month.year, month.month);
  const part = (match[1] ?? "").toLowerCase();
  const [first, last] =
    part === "early" ? [1, 10] : /^mid/.test(part) ? [11, 20] : [21, whole.end.day];
  return {
    range: { start: { ...whole.start, day: first }, end: { ...whole.start, day: last } },
    index: match.index,
    end: match.index + match[0].length,
  };
};

const WEEK_OF_MONTH = new RegExp(
  String.raw`(?:\b(?:in|during|for|over|from|on)\s+)?\b(?:the\s+)?(first|1st|second|2nd|third|3rd|fourth|4th|last|final)\s+(week|weekend)\s+(?:of|in)\s+(?:(this|last|the)\s+month\b|${MONTH_NAMES}${YEAR_WORDS})`,
  "i",
);
const NTH: Record<string, number> = {
  first: 0,
  "1st": 0,
  second: 1,
  "2nd": 1,
  third: 2,
  "3rd": 2,
  fourth: 3,
  "4th": 3,
};

/**
 * "the first week of November": its 1st to 7th (the last week, its last seven days); "the last
 * weekend of October": that month's last Saturday and the Sunday after it.
 */
const weekOfMonth: SpanReader = (text, today) => {
  const match = WEEK_OF_MONTH.exec(text);
  if (!match) return undefined;
  const month = namedMonth(match[3], match[4], { relative: match[5], year: match[6] }, today);
  const whole = monthRange(month.year, month.month);
  const nth = NTH[(match[1] ?? "").toLowerCase()];
  let range: DateRange;
  if (/^weekend$/i.test(match[2] ?? "")) {
    const firstSaturday = addDays(whole.start, (6 - weekdayOf(whole.start) + 7) % 7);
    const lastSaturday = addDays(whole.end, -((weekdayOf(whole.end) + 1) % 7));
    const saturday = nth === undefined ? lastSaturday : addDays(firstSaturday, 7 * nth);
    if (saturday.month !== month.month) return undefined;
    range = { start: saturday, end: addDays(saturday, 1) };
  } else if (nth === undefined) range = { start: addDays(whole.end, -6), end: whole.end };
  else {
    const start = addDays(whole.start, 7 * nth);
    range = { start, end: addDays(start, 6) };
  }
  return { range, index: match.index, end: match.index + match[0].length, spans: true };
};

const BEFORE_LAST =
  /(?:\b(?:in|during|for|over|from|on)\s+)?\b(?:the\s+)?(week|weekend)\s+before\s+last\b|\b(two|2|three|3)\s+(weeks|weekends)\s+ago\b(?!\s+(?:on|today|yesterday)\b)/i;

/** "the week before last", "the weekend before last", "three weekends ago": whole weeks back. */
const weeksBack: SpanReader = (text, today) => {
  const match = BEFORE_LAST.exec(text);
  if (!match) return undefined;
  const back = match[1] ? 2 : (parseCount(match[2] ?? "") ?? 2);
  const weekend = /^weekend/i.test(match[1] ?? match[3] ?? "");
  // Only "weeks ago" said as a whole week ("the week two weeks ago") is left to chrono's day.
  if (!match[1] && !weekend) return undefined;
  let range: DateRange;
  if (weekend) {
    const saturday = addDays(today, -((weekdayOf(today) + 1) % 7) - 7 * (back - 1));
    range = { start: saturday, end: addDays(saturday, 1) };
  } else range = weekRange(addDays(today, -7 * back));
  return { range, index: match.index, end: match.index + match[0].length, spans: true };
};

const TO_DATE = /\b(?:(month|year|week)[\s-]+to[\s-]+date|(mtd|ytd))\b/i;

/** "month to date", "YTD": from the start of the period to today. */
const toDate: SpanReader = (text, today) => {
  const match = TO_DATE.exec(text);
  if (!match) return undefined;
  const unit = (match[1] ?? match[2] ?? "").toLowerCase();
  const start = /^(?:month|mtd)$/.test(unit)
    ? { ...today, day: 1 }
    : /^(?:year|ytd)$/.test(unit)
      ? { year: today.year, month: 1, day: 1 }
      : weekRange(today).start;
  return { range: { start, end: today }, index: match.index, end: match.index + match[0].length };
};

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
  dayToDay,
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
  };
}

function readDateRange(text: string, today: CalendarDate): FoundRange | undefined {
  const weekend = BLACK_FRIDAY_WEEKEND.exec(text);
  if (weekend) {
    // The latest one that has begun: Friday to Sunday.
    let start = blackFriday(today.year);
    if (compareDates(start, today) > 0) start = blackFriday(today.year - 1);
    return {
      range: { start, end: addDays(start, 2) },
      index: dateLeadIn(text, weekend.index),
      end: weekend.index + weekend[0].length,
    };
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

  const lastN = LAST_N_PATTERN.exec(text);
  if (lastN) {
    const words = (lastN[1] ?? "").toLowerCase();
    // "a few" is read as three and "a couple of" as two; the reply names the days it used.
    const count = /few/.test(words) ? 3 : /couple/.test(words) ? 2 : (parseCount(words) ?? 1);
    const unit = (lastN[2] ?? "").toLowerCase();
    const start = unit.startsWith("day")
      ? addDays(today, -count)
      : unit.startsWith("week")
        ? addDays(today, -7 * count)
        : addMonthsClamped(today, -count);
    return { range: { start, end: today }, index: lastN.index, end: lastN.index + lastN[0].length };
  }

  const fortnight = FORTNIGHT_PATTERN.exec(text);
  if (fortnight)
    return {
      range: { start: addDays(today, -14), end: today },
      index: fortnight.index,
      end: fortnight.index + fortnight[0].length,
    };

  const quarter = QUARTER_PATTERN.exec(text);
  if (quarter) {
    const current = Math.floor((today.month - 1) / 3) + 1;
    const previous = !/^(?:this|current)$/i.test(quarter[1] ?? "");
    const range = !previous
      ? quarterRange(today.year, current)
      : current === 1
        ? quarterRange(today.year - 1, 4)
        : quarterRange(today.year, current - 1);
    return {
      range: soFar(range, quarter[0], today),
      index: quarter.index,
      end: quarter.index + quarter[0].length,
    };
  }

  const named = NAMED_QUARTER_PATTERN.exec(text);
  if (named) {
    const number = Number(named[1] ?? named[3] ?? QUARTER_ORDINALS[(named[5] ?? "").toLowerCase()]);
    const written = named[2] ?? named[4] ?? named[6];
    // Without a year, the latest such quarter that has begun.
    const year = written
      ? Number(written)
      : (number - 1) * 3 + 1 <= today.month
        ? today.year
        : today.year - 1;
    return {
      range: quarterRange(year, number),
      index: named.index,
      end: named.index + named[0].length,
    };
  }

  const thisOrLastWeekend = WEEKEND_PATTERN.exec(text);
  if (thisOrLastWeekend) {
    const monday = weekRange(today).start;
    const saturday = /^this$/i.test(thisOrLastWeekend[1] ?? "")
      ? addDays(monday, 5)
      : addDays(monday, -2);
    return {
      range: { start: saturday, end: addDays(saturday, 1) },
      index: thisOrLastWeekend.index,
      end: thisOrLastWeekend.index + thisOrLastWeekend[0].length,
    };
  }

  const period = PERIOD_PATTERN.exec(text);
  if (period) {
    const previous = !/^(?:this|current)$/i.test(period[1] ?? "");
    const unit = (period[2] ?? "").toLowerCase();
    let range: DateRange;
    if (unit === "week") range = weekRange(previous ? addDays(today, -7) : today);
    else if (unit === "month") {
      const month = previous ? addMonthsClamped({ ...today, day: 1 }, -1) : today;
      range = monthRange(month.year, month.month);
    } else {
      const year = previous ? today.year - 1 : today.year;
      range = { start: { year, month: 1, day: 1 }, end: { year, month: 12, day: 31 } };
    }
    return {
      range: soFar(range, period[0], today),
      index: period.index,
      end: period.index + period[0].length,
    };
  }

  for (const match of text.matchAll(MONTH_PATTERN)) {
    const word = match[2] ?? "";
    // "may" is usually the verb; only a capitalised May, or one after "in"/"during", is the month.
    if (word.toLowerCase() === "may" && !match[1] && !match[3] && word !== "May") continue;
    const month = MONTHS[word.toLowerCase()];
    if (!month) continue;
    const year = match[3] ? Number(match[3]) : pastMonth(month, today);
    const range = monthRange(year, month);
    if (match[1]?.toLowerCase() === "since") range.end = today;
    return { range, index: match.index, end: match.index + match[0].length };
  }

  const year = YEAR_PATTERN.exec(text);
  if (year) {
    const value = Number(year[1]);
    return {
      range: { start: { year: value, month: 1, day: 1 }, end: { year: value, month: 12, day: 31 } },
      index: year.index,
      end: year.index + year[0].length,
    };
  }

  const day = findDate(text, today);
  if (day) {
    const since = SINCE_PATTERN.exec(text.slice(0, day.index));
    if (since) return { range: ordered(day.date, today), index: since.index, end: day.end };
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
  return found?.spans && compareDates(found.range.end, found.range.start) > 0 ? found : undefined;
}

const NEAR_CUE =
  /\b(?:around|round\s+about|near|close\s+to|roughly|approximately|give\s+or\s+take)\s+/gi;

/** "around the 9th", "close to Black Friday last year": the day, with its cue for cutting. */
export function findNearDay(text: string, today: CalendarDate): FoundDate | undefined {
  for (const cue of firstMatches(text, NEAR_CUE)) {
    const day = dayRightAfter(text, cue.index + cue[0].length, today);
    if (day) return { date: day.date, index: cue.index, end: day.end };
    // A holiday is a day only after its preposition ("around Halloween"): read with it.
    const phrase = opening(text.slice(cue.index), LONGEST_DAY);
    const found = findDate(phrase, today);
    if (
      found &&
      found.index >= cue[0].length &&
      nothingBut(phrase.slice(cue[0].length, found.index))
    )
      return { date: found.date, index: cue.index, end: cue.index + found.end };
  }
  return undefined;
}

const EITHER_DAY =
  /^\s*,?\s*(?:or|maybe|possibly|perhaps|or\s+(?:maybe|possibly|perhaps)|\/)\s*,?\s+/i;

/**
 * "on the 3rd or 4th", "the 18th, maybe the 19th": two days offered, either of which it may have
 * been. Which one is the person's to say; the phrase is returned to be asked about.
 */
export function findDayChoice(
  text: string,
  today: CalendarDate,
): { words: string; index: number; end: number } | undefined {
  const first = findDate(text, today);
  if (!first) return undefined;
  const either = EITHER_DAY.exec(text.slice(first.end, first.end + 30));
  if (!either) return undefined;
  const second = dayRightAfter(text, first.end + either[0].length, today);
  if (!second || compareDates(second.date, first.date) === 0) return undefined;
  return { words: text.slice(first.index, second.end), index: first.index, end: second.end };
}

/**
 * Words that name a period findDateRange does not read ("last fortnight", "next month", "in Q3",
 * "over the summer"). Answering about some other period instead would be a wrong answer that
 * looks right, so the engine says which periods it reads instead.
 */
const UNREAD_PERIOD =
  /\b(?:(?:this|last|past|previous|next|coming|upcoming|current|following)\s+(?:(?:\d+|few|couple(?:\s+of)?|two|three|four|five|six)\s+)?(?:fortnights?|quarters?|half(?:\s+year)?|semester|season|spring|summer|autumn|fall|winter|weekend|days?|weeks?|months?|years?)|(?:in|during|over|for|of|from|since|through|throughout)\s+(?:the\s+)?(?:q[1-4]|h[12]|spring|summer|autumn|fall|winter|holidays|holiday\s+season|festive\s+season)|tomorrow|(?:a|one|two|three|\d+)\s+(?:days?|weeks?|months?)\s+from\s+now|(?:a|the)\s+fortnight|(?:a\s+few|a\s+couple(?:\s+of)?|couple\s+of|several|some)\s+(?:days?|weeks?|months?)\s+(?:ago|back))\b/i;

/**
 * When words that name no day ("the other day", "recently"): a list reads them as no period at all
 * (the newest first), an annotation cannot be put on them.
 */
const VAGUE_WHEN = /\b(?:the\s+other\s+day|recently|lately|a\s+while\s+(?:ago|back))\b/i;

export function findVagueWhen(text: string): string | undefined {
  return VAGUE_WHEN.exec(text)?.[0];
}

/** Period words in text where findDateRange found no period, as written; else undefined. */
export function findUnreadPeriod(text: string): string | undefined {
  return UNREAD_PERIOD.exec(text)?.[0].trim();
}

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
function spanFrom(
  first: CalendarDate,
  last: CalendarDate,
  unsaid: "week" | "month" | "year" | undefined,
): DateRange {
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
function unsaidOf(phrase: string): "week" | "month" | "year" | undefined {
  if (/^\s*(?:on\s+)?(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\s*$/i.test(phrase)) return "week";
  if (/^\s*(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s*$/i.test(phrase)) return "month";
  return /\b\d{4}\b/.test(phrase) ? undefined : "year";
}

function ordered(a: CalendarDate, b: CalendarDate): DateRange {
  return compareDates(a, b) <= 0 ? { start: a, end: b } : { start: b, end: a };
}

/** The preposition that introduces a date phrase ("on", "for", "dated", "to"), to cut with it. */
export function dateLeadIn(text: string, index: number): number {
  const match =
    /(?:\b(?:on|for|dated|from|since|at|as\s+of|of|to|back\s+to|forward\s+to|until|till|in|during|over|throughout|across|covering|around|on\s+or\s+(?:around|about))\s+)?(?:\bthe\s+)?$/i.exec(
      text.slice(0, index),
    );
  return match ? match.index : index;
}
