/**
 * The property's own annotations as words the reading can account for. A person names an
 * annotation by its title, in any case and anywhere in a sentence ("Release 4.2 went out on the
 * 3rd actually", "Tracking broken can go"), or by the last words of one title only ("after the
 * outage"). Knowing the titles lets a statement about one be read as the change it asks for, and
 * tells a title from the words around it.
 */
import type { CalendarDate } from "../../../../shared/calendar-date.js";
import { fromIsoDate } from "../../../../shared/calendar-date.js";

/** An annotation of the property as the reading sees it: plain data, so it crosses to the thread. */
export interface KnownAnnotation {
  title: string;
  /** YYYY-MM-DD */
  date: string;
  /** YYYY-MM-DD, for an annotation that spans days. */
  endDate?: string;
}

/** The most annotations a reading is given (the newest): enough for any property people keep. */
export const KNOWN_ANNOTATIONS_LIMIT = 500;

/** Where a message names a known annotation. */
export interface Mention {
  annotation: KnownAnnotation;
  index: number;
  end: number;
  /** Named by the last words of its title only ("the outage"), not by the whole of it. */
  partial: boolean;
}

/** Titles shorter than this are too likely to be ordinary words ("Q4", "Go"). */
const SHORTEST_TITLE = 4;
/** How many places one title is looked for: a message repeating a word costs no more than this. */
const OCCURRENCES = 4;

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}]/u.test(char);
}

/** Where `needle` stands in `haystack` as whole words, up to a few places. */
function wholeWordsAt(haystack: string, needle: string): number[] {
  const found: number[] = [];
  let from = 0;
  for (let tries = 0; tries < OCCURRENCES; tries += 1) {
    const at = haystack.indexOf(needle, from);
    if (at < 0) break;
    if (!isWordChar(haystack[at - 1]) && !isWordChar(haystack[at + needle.length])) found.push(at);
    from = at + 1;
  }
  return found;
}

/**
 * The known annotation the text names: the longest title written in it whole, or else the last
 * words ("the outage", "the hero test") of exactly one title, after "the".
 */
export function findMention(text: string, known: readonly KnownAnnotation[]): Mention | undefined {
  const lower = text.toLowerCase();
  let best: Mention | undefined;
  for (const annotation of known) {
    const title = annotation.title.trim().toLowerCase();
    if (title.length < SHORTEST_TITLE || (best && title.length <= best.end - best.index)) continue;
    const [at] = wholeWordsAt(lower, title);
    if (at !== undefined) best = { annotation, index: at, end: at + title.length, partial: false };
  }
  return best ?? findEnding(lower, known);
}

/** "the outage" for “Checkout outage”: the longest ending of a title that only one title has. */
function findEnding(lower: string, known: readonly KnownAnnotation[]): Mention | undefined {
  const byEnding = new Map<string, KnownAnnotation[]>();
  for (const annotation of known) {
    const words = annotation.title.trim().toLowerCase().split(/\s+/);
    for (let start = 1; start < words.length; start += 1) {
      const ending = words.slice(start).join(" ");
      // A number or a short word alone ("4.2", "ads") names nothing by itself.
      if (!/\p{L}{4}/u.test(ending)) continue;
      byEnding.set(ending, [...(byEnding.get(ending) ?? []), annotation]);
    }
  }
  let best: Mention | undefined;
  for (const [ending, annotations] of byEnding) {
    if (annotations.length !== 1 || (best && ending.length <= best.end - best.index - 4)) continue;
    const [at] = wholeWordsAt(lower, `the ${ending}`);
    if (at !== undefined)
      best = {
        annotation: annotations[0]!,
        index: at,
        end: at + 4 + ending.length,
        partial: true,
      };
  }
  return best;
}

/** The days an annotation covers. */
export function daysOf(annotation: KnownAnnotation): { start: CalendarDate; end: CalendarDate } {
  const start = fromIsoDate(annotation.date);
  return { start, end: annotation.endDate ? fromIsoDate(annotation.endDate) : start };
}
