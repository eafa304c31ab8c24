/**
 * chrono-node, read once per phrase: it reads written and relative dates, as if it were noon on
 * the zone's today, and years left unsaid are pulled into the past.
 */
import * as chrono from "chrono-node";
import type { ParsedResult } from "chrono-node";
import {
  compareDates,
  isRealDate,
  toIsoDate,
  type CalendarDate,
} from "../../../../../shared/calendar-date.js";
import { CHRONO_READS, CHRONO_REMEMBERS, opening } from "./phrases.js";
import { WEEKDAY_ONLY } from "./weekdays.js";

const PERIOD_WORDS =
  /^(?:(?:last|this|next|past|previous|current)\s+(?:week|month|year|quarter)|(?:right\s+)?now)$/i;

/**
 * The phrases chrono read last, with what it found. One message asks about the same phrase
 * several times (a period, then a day, then whether a day was written at all); chrono is pure, so
 * its answer is kept for the next question rather than worked out again.
 */
const chronoRead = new Map<string, ParsedResult[]>();

const FROM_BEFORE_DAY_MONTH =
  /\bfrom(?=\s+\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)/gi;

/** chrono reads the text as if it were noon UTC on the zone's today, so "yesterday" is the zone's. */
export function chronoResults(text: string, today: CalendarDate): ParsedResult[] {
  const read = opening(text, CHRONO_READS);
  const key = `${toIsoDate(today)} ${read}`;
  const known = chronoRead.get(key);
  if (known) return known;
  const instant = new Date(Date.UTC(today.year, today.month - 1, today.day, 12));
  // chrono reads "from 2 oct" as two o'clock: the "from" is blanked (the same length, so every
  // index still points into the text), and "2 oct" is read as the day it is.
  const asked = read.replace(FROM_BEFORE_DAY_MONTH, (from) => " ".repeat(from.length));
  const results = chrono.parse(asked, { instant, timezone: 0 }, { forwardDate: false });
  if (chronoRead.size >= CHRONO_REMEMBERS) chronoRead.delete(chronoRead.keys().next().value!);
  chronoRead.set(key, results);
  return results;
}

/** A chrono result as a calendar date, pulled into the past when the person gave no year. */
export function resultDate(
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
export function namesADay(result: ParsedResult): boolean {
  const text = result.text.trim();
  if (PERIOD_WORDS.test(text) || WEEKDAY_ONLY.test(text)) return false;
  // "the end of October" is its last days, not the 31st.
  if (/^(?:the\s+)?(?:end|middle)\s+of\b/i.test(text)) return false;
  // "a few days ago" names no one day: chrono's three would be a guess.
  if (VAGUE_COUNT.test(text)) return false;
  // "for 10 days" is how long, never the day ten days from now.
  if (LASTING.test(text)) return false;
  // "the last 3 days", "the past two weeks": a period up to now, never the day it starts on.
  if (RECENT_PERIOD.test(text)) return false;
  return result.start.isCertain("day") || /\bago\b/i.test(text);
}

const VAGUE_COUNT = /\b(?:few|couple|several|some|many)\b/i;
const LASTING =
  /^for\s+(?:the\s+(?:next|following)\s+)?(?:\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:days?|weeks?|months?|hours?|nights?)\b/i;
const RECENT_PERIOD =
  /\b(?:last|past|previous|recent)\s+(?:\d+|\p{L}+)\s+(?:days|weeks|months)\b/iu;
