/**
 * Named holidays: the day each falls on, the week around it, and the words that make a weekday
 * part of a holiday's name rather than a date ("Black Friday").
 */
import { addDays, compareDates, type CalendarDate } from "../../../../../shared/calendar-date.js";
import { isSpace } from "../cut-text.js";
import {
  weekdayOf,
  weekRange,
  type FoundDate,
  type FoundRange,
  type SpanReader,
} from "./calendar.js";
import { CHRONO_READS, dateLeadIn, opening } from "./phrases.js";

// A weekday after these words names a day in a title ("Black Friday sale"), not a date.
const HOLIDAY_BEFORE =
  /\b(?:black|cyber|good|giving|super|ash|fat|holy|easter|palm|blue|travel|maundy|shrove|boxing|small business)$/i;

/**
 * Whether one of those words stands right before `index`, spaces between. Only the few characters
 * before it are read: read from the start of the message for every weekday, a message of weekdays
 * would be read once per weekday.
 */
export function afterHolidayWord(text: string, index: number): boolean {
  let end = index;
  while (end > 0 && isSpace(text.charCodeAt(end - 1))) end -= 1;
  // The longest word is 14 characters; one more is read so that \b sees what precedes it.
  return end < index && HOLIDAY_BEFORE.test(text.slice(Math.max(0, end - 16), end));
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
export function findHoliday(text: string, today: CalendarDate): FoundDate | undefined {
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

/** Black Friday is the day after the fourth Thursday of November. */
function blackFriday(year: number): CalendarDate {
  const first = { year, month: 11, day: 1 };
  const firstThursday = 1 + ((4 - weekdayOf(first) + 7) % 7);
  return { year, month: 11, day: firstThursday + 21 + 1 };
}

const BLACK_FRIDAY_WEEKEND = /\b(?:the\s+)?black\s+friday\s+weekend\b/i;

/** "the Black Friday weekend": the latest one that has begun, Friday to Sunday. */
export function blackFridayWeekend(text: string, today: CalendarDate): FoundRange | undefined {
  const weekend = BLACK_FRIDAY_WEEKEND.exec(text);
  if (!weekend) return undefined;
  let start = blackFriday(today.year);
  if (compareDates(start, today) > 0) start = blackFriday(today.year - 1);
  return {
    range: { start, end: addDays(start, 2) },
    index: dateLeadIn(text, weekend.index),
    end: weekend.index + weekend[0].length,
  };
}

const HOLIDAY_WEEK =
  /(?:\b(on|in|for|during|over|across|through|throughout|of|from|since)\s+)?\b(?:the\s+)?(black\s+friday|christmas|xmas)\s+week\b/i;
/** The year said a few words on: "how did Black Friday week go last year". */
const YEAR_SOON_AFTER = /^(?:\s+[a-z]+){0,3}?\s+(?:of\s+)?(?:(last|this)\s+year|(\d{4}))\b/i;

/**
 * "during Black Friday week", "Christmas week last year": the Monday-to-Sunday week of that day.
 * Without a preposition or a year it is a title's words ("the Christmas week sale").
 */
export const holidayWeek: SpanReader = (text, today) => {
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
