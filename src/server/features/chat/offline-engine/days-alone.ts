/**
 * A message that is nothing but a day or days ("the 12th", "oct 19 to oct 23", "actually on the
 * 6th", "friday is the date"): typed over a waiting draft, it says the draft's days.
 */
import type { CalendarDate } from "../../../../shared/calendar-date.js";
import { tidy, withoutTrailing } from "./cut-text.js";
import { findDate, findSpan } from "./extract-dates.js";

/** A day said by its number alone: "the 5th", "through the 12th", "on 8th". */
export const BARE_DAY = /\b(?:the\s+)?(?:[12]?\d|3[01])(?:st|nd|rd|th)\b/i;

/** Anything that places a day in a month or a week of its own. */
export const PLACED =
  /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\d{4}|\d+\s*[./-]\s*\d+|\b(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?\b|\b(?:today|yesterday|tonight|tomorrow|week|month|year|ago|last|next|this)\b/i;

/** Words that may stand before the days: "actually", "sorry,", "it was", "make that", "on". */
const LEAD =
  /^(?:(?:oh|oops|sorry|actually|wait|no|hmm+|i\s+meant|it\s+was|it's|make\s+(?:it|that)|should\s+be|on|for|from)\b[\s,:!.-]*)+/i;

/** "… is the date", "… is right": the days said to be the draft's. */
const TAIL =
  /\s+(?:is|was)\s+(?:the\s+(?:right\s+|correct\s+)?(?:date|day|days|dates)|right|correct)$/i;
const DATE_IS = /^(?:the\s+)?(?:date|day)\s+(?:is|was)\s+/i;

export function daysAlone(message: string, today: CalendarDate): DaysSaid | undefined {
  const text = withoutTrailing(tidy(message), ".!,")
    .replace(LEAD, "")
    .replace(DATE_IS, "")
    .replace(TAIL, "");
  if (!text || text.length > 60) return undefined;
  const span = findSpan(text, today);
  const day = span ? undefined : findDate(text, today);
  const found = span ?? day;
  if (!found || found.index !== 0 || found.end !== text.length) return undefined;
  const bare = BARE_DAY.test(text) && !PLACED.test(text);
  return {
    date: span ? span.range.start : day!.date,
    ...(span ? { endDate: span.range.end } : {}),
    ...(bare ? { bareDays: true } : {}),
  };
}

export interface DaysSaid {
  date: CalendarDate;
  endDate?: CalendarDate;
  bareDays?: boolean;
}
