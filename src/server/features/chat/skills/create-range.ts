/**
 * The days a create covers when it names several: "from Nov 3 to Nov 10", "for all of last week",
 * "Black Friday weekend", "the week of the 9th", "2–6 nov", "for the last 3 days". A period on its
 * own ("last week") names no days to cover, and days named inside the description are its words.
 */
import { compareDates, type CalendarDate } from "../../../../shared/calendar-date.js";
import { dateLeadIn, findDateRange } from "../offline-engine/extract-dates.js";
import { cut, tidy } from "../offline-engine/cut-text.js";
import { restoreQuotes } from "../offline-engine/quoted-text.js";

/** Words that make a create's dates a range rather than one day ("from … to" is read below). */
const RANGE_CUE =
  /\b(?:between\s|(?:all|(?:the\s+)?(?:whole|entire|full))\s+(?:of\s+)?(?:last|this)\s+(?:week|month)|(?:the\s+)?black\s+friday\s+weekend)|\b(?:for|over|during|across)\s+the\s+(?:last|past|previous)\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten|fourteen)\s+(?:days|weeks)\b/i;
const FROM = /\bfrom\s+\S/i;
const RANGE_CONNECTOR = /\s(?:to|until|till|through|-|–)\s/i;

/**
 * Whether a create names a range of days. "from X … to Y" is looked for after the first "from"
 * only: a pattern reads the rest of the message after every "from" when no "to" follows.
 */
function namesRange(text: string): boolean {
  const from = FROM.exec(text);
  return (
    RANGE_CUE.test(text) ||
    (from !== null && RANGE_CONNECTOR.test(text.slice(from.index + from[0].length)))
  );
}

/**
 * The range of days the text names, its words as written, and the text without them; undefined
 * when it names one day or none, or when the days are inside the description.
 */
export function rangeIn(
  text: string,
  today: CalendarDate,
  quotes: readonly string[],
  description?: string,
): { start: CalendarDate; end: CalendarDate; words: string; rest: string } | undefined {
  const found = findDateRange(text, today);
  if (!found || !(found.spans || namesRange(text))) return undefined;
  if (compareDates(found.range.end, found.range.start) <= 0) return undefined;
  const written = tidy(text.slice(found.index, found.end));
  // Days named inside the description ("details: paused since Sept") are its words, not the days.
  if (description?.includes(written)) return undefined;
  return {
    start: found.range.start,
    end: found.range.end,
    words: tidy(restoreQuotes(written, quotes)),
    rest: cut(text, dateLeadIn(text, found.index), found.end),
  };
}
