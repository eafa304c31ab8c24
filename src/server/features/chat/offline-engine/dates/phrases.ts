/**
 * How much of a message the date readers read, and what they remember of it: each is bounded, so
 * a long message or one of many dates is read in bounded time.
 */
import { toIsoDate, type CalendarDate } from "../../../../../shared/calendar-date.js";

/**
 * How much of a phrase chrono reads: its first 1,000 characters, ending at a space. chrono costs
 * a few microseconds a character, and a date is never that far into a request.
 */
export const CHRONO_READS = 1000;

/** The start of a long text, ending at a space: as much of it as is read. */
export function opening(text: string, length: number): string {
  if (text.length <= length) return text;
  const space = text.lastIndexOf(" ", length);
  return text.slice(0, space > 0 ? space : length);
}

export const CHRONO_REMEMBERS = 16;

/**
 * The stages ask about the same text several times (the request, then its slots, then whether a
 * day was written at all); each answer is worked out once. Callers get copies, so nothing they
 * change is remembered.
 */
export function remembered<T>(
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

/** Whether only "the" or nothing stands in a part of a phrase. */
export const nothingBut = (part: string) => /^\s*(?:the\s*)?$/i.test(part);

/** Longer than any phrase that names one day ("Wednesday the twenty-second of November 2025"). */
export const LONGEST_DAY = 100;

/**
 * How many "from" and "between" a range is looked for after, and how much of what follows "to"
 * is read for its last day: each one tried reads the dates after it again, so a message of
 * "from Nov 1 to x" would otherwise be read once for each; a request names its range early.
 */
export const RANGE_STARTS = 8;
export const RANGE_END_READS = 200;

/**
 * The first few matches of a global pattern: each one tried reads the day after it, so a message
 * of "the week of the week of …" would otherwise be read once for each; a request names its
 * period early.
 */
export function* firstMatches(text: string, pattern: RegExp): Generator<RegExpExecArray> {
  let tried = 0;
  for (const match of text.matchAll(pattern)) {
    if ((tried += 1) > RANGE_STARTS) return;
    yield match;
  }
}

/**
 * The preposition that introduces a date phrase ("on", "for", "dated", "to"), and "all of" or
 * "the whole of" before a period, to cut with it.
 */
export function dateLeadIn(text: string, index: number): number {
  const match =
    /(?:(?<![\p{L}\p{N}'’-])(?:on|for|dated|from|since|at|as\s+of|of|to|back\s+to|forward\s+to|until|till|in|during|over|throughout|across|covering|around|on\s+or\s+(?:around|about))\s+)?(?:\b(?:all|(?:the\s+)?(?:whole|entire|full))\s+(?:of\s+)?)?(?:\bthe\s+)?$/iu.exec(
      text.slice(0, index),
    );
  return match ? match.index : index;
}
