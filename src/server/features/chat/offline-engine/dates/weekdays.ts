/**
 * Weekdays by name, short form or with one slip, resolved to the most recent such day: an
 * annotation marks something that happened.
 */
import { addDays, type CalendarDate } from "../../../../../shared/calendar-date.js";
import { weekdayOf, weekRange, type FoundDate } from "./calendar.js";
import { afterHolidayWord } from "./holidays.js";

const weekdayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

// A word joined to the next by a hyphen ("Fri-yay", "Sat-nav") is another word, unless the next
// is a weekday ("Mon-Wed"); "Friday's" is still Friday.
const WEEKDAY_PATTERN =
  /\b(?:(last|this\s+past|past|previous|this|next)\s+)?([a-z]{3,10})\b(?![-–](?!(?:sun|mon|tue|wed|thu|fri|sat))[a-z])(?:\.(?=\s|$))?/gi;
export const WEEKDAY_ONLY =
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
  /(?:\b(?:on|for|since|from|until|till|to|through|thru|by|last|past|previous|this|next)\s+|[-–]\s*|[⟫"”'’]\s*)$/i;
/** Nothing after a word but marks and a sign-off: the message's last word. */
const LAST_WORD = /^[\s.!?,]*(?:(?:pls|please|thx|thanks|ty|then|tho)[\s.!?]*)*$/i;
/** "sat - mon", "wed thru fri": a short form that runs to another weekday is one too. */
const RUNS_TO_WEEKDAY =
  /^\.?\s*(?:-|–|\/|&|\+|to\s|thru\s|through\s|till\s|until\s|and\s)\s*(?:sun|mon|tue|wed|thu|fri|sat)/i;

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

export interface FoundWeekday extends FoundDate {
  weekday: number;
  /** The week was named with it ("Monday last week"). */
  inWeek?: boolean;
}

/** "Friday" and "last Friday" are the most recent Friday before today (or today for a bare name). */
export function findWeekdays(text: string, today: CalendarDate): FoundWeekday[] {
  const found: FoundWeekday[] = [];
  for (const match of text.matchAll(WEEKDAY_PATTERN)) {
    // Every word is looked at: most are let go by their first letter.
    if (!WEEKDAY_INITIAL.test(match[2] ?? "")) continue;
    const modifier = match[1]?.toLowerCase().replace(/\s+/g, " ");
    const end = match.index + match[0].length;
    const cued =
      modifier !== undefined ||
      WEEKDAY_CUE.test(text.slice(Math.max(0, match.index - 9), match.index)) ||
      RUNS_TO_WEEKDAY.test(text.slice(end, end + 12)) ||
      // "Google Ads account suspended wed": "wed" or "mon" closing a message after other words.
      // Typed in lower case after three words or more: "Big Mon" may be a name.
      (/^(?:wed|mon)$/.test(match[2] ?? "") &&
        text.slice(0, match.index).trim().split(/\s+/).length >= 3 &&
        LAST_WORD.test(text.slice(end)));
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
