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
  return best ?? findEnding(lower, known) ?? findMisspelt(text, known);
}

/** Words of a text with where each stands: letters and digits, "#47" read as "47". */
function wordsOf(text: string): { word: string; index: number; end: number }[] {
  return [...text.toLowerCase().matchAll(/[\p{L}\p{N}]+(?:[.'][\p{L}\p{N}]+)*/gu)].map((match) => ({
    word: match[0],
    index: match.index,
    end: match.index + match[0].length,
  }));
}

const AUXILIARY =
  /^(?:was|were|is|are|got|been|being|had|has|have|get|(?:was|were|is|are|has|had|have)n'?t|not|never)$/;

/** The most words a message is searched through for a misspelt title: the rest is not. */
const MISSPELT_SEARCH_WORDS = 400;

/** Whether a written word is a title's word or a slip of it ("sponsorhip", "updte"). */
function sameWord(written: string, word: string): boolean {
  if (written === word) return true;
  if (word.length < 5 || written[0] !== word[0] || Math.abs(written.length - word.length) > 1)
    return false;
  return withinOneEdit(written, word);
}

/** One letter added, dropped, changed or two swapped: a typing slip. */
function withinOneEdit(a: string, b: string): boolean {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  const restA = a.slice(i + 1);
  const restB = b.slice(i + 1);
  return (
    restA === restB ||
    a.slice(i) === b.slice(i + 1) ||
    a.slice(i + 1) === b.slice(i) ||
    (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2))
  );
}

/**
 * A title written with a slip in one of its longer words ("Podcast sponsorhip", "google core
 * updte", "newsletter 47" for “Newsletter #47”): every word there, in order, at most one slipped.
 */
function findMisspelt(text: string, known: readonly KnownAnnotation[]): Mention | undefined {
  const written = wordsOf(text).slice(0, MISSPELT_SEARCH_WORDS);
  const found: Mention[] = [];
  for (const annotation of known) {
    const title = wordsOf(annotation.title).map((w) => w.word);
    if (title.length < 2) continue;
    for (let start = 0; start + title.length <= written.length; start += 1) {
      if (written[start]!.word !== title[0] && !sameWord(written[start]!.word, title[0]!)) continue;
      let slips = 0;
      let at = start;
      const matches = title.every((word, index) => {
        // "meta ads were paused" for “Meta ads paused”: one small verb between its words.
        if (
          index > 0 &&
          written[at]?.word !== word &&
          slips === 0 &&
          AUXILIARY.test(written[at]?.word ?? "")
        ) {
          slips += 1;
          at += 1;
        }
        const here = written[at]?.word;
        at += 1;
        if (here === word) return true;
        slips += 1;
        return here !== undefined && slips <= 1 && sameWord(here, word);
      });
      if (!matches) continue;
      const first = written[start]!;
      const last = written[at - 1]!;
      found.push({ annotation, index: first.index, end: last.end, partial: false });
      break;
    }
  }
  // Two titles near enough to the words: neither is meant for sure.
  return found.length === 1 ? found[0] : undefined;
}

/** "the outage" for “Checkout outage”: the longest ending of a title that only one title has. */
function findEnding(lower: string, known: readonly KnownAnnotation[]): Mention | undefined {
  const byEnding = new Map<string, KnownAnnotation[]>();
  for (const annotation of known) {
    const words = annotation.title.trim().toLowerCase().split(/\s+/);
    for (let start = 1; start < words.length; start += 1) {
      const ending = words.slice(start).join(" ");
      // A number, a short word or a word for time alone ("4.2", "ads", "week") names nothing.
      if (!/\p{L}{4}/u.test(ending) || TIME_WORD.test(ending)) continue;
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

/** Words for a stretch of time: "the week" is a period, never "Launch week". */
const TIME_WORD =
  /^(?:day|days|week|weeks|weekend|weekends|month|months|year|years|quarter|morning|afternoon|evening|night|today|time|period|season|holidays?|(?:mon|tues|wednes|thurs|fri|satur|sun)day)$/;

/** The days an annotation covers. */
export function daysOf(annotation: KnownAnnotation): { start: CalendarDate; end: CalendarDate } {
  const start = fromIsoDate(annotation.date);
  return { start, end: annotation.endDate ? fromIsoDate(annotation.endDate) : start };
}
