/**
 * Words of when that name no one day: a day given roughly ("around the 9th") or as a choice ("the
 * 3rd or 4th"), periods the engine does not read, and words that name no day at all.
 */
import { compareDates, type CalendarDate } from "../../../../../shared/calendar-date.js";
import type { FoundDate } from "./calendar.js";
import { dayRightAfter, findDate } from "./days.js";
import { firstMatches, LONGEST_DAY, nothingBut, opening } from "./phrases.js";

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
