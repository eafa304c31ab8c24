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
 * or first words ("the outage", "the hero test", "the newsletter") of exactly one title, after
 * "the" or opening the message.
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
  return best ?? findEnding(lower, known) ?? findMisspelt(text, known) ?? findRun(lower, known);
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
  const endings = partsOf(known, (words) =>
    words.slice(1).map((_, index) => words.slice(index + 1).join(" ")),
  );
  return findPart(lower, endings);
}

/**
 * "the newsletter went out on the 11th" for "Newsletter #47", "pinterest ads ran until sunday" for
 * "Pinterest catalog ads": after "the" or opening the message, a run of words all of one title —
 * two or more, or one long word no other title has — followed by words about it, never by more
 * of a name ("Podcast ad read ran …" is a new one, not "Podcast sponsorship").
 */
function findRun(lower: string, known: readonly KnownAnnotation[]): Mention | undefined {
  const words = wordsOf(lower).slice(0, RUN_SEARCH_WORDS);
  const titles = known.map((annotation) => ({
    annotation,
    words: new Set(wordsOf(annotation.title).map((word) => word.word)),
  }));
  let best: Mention | undefined;
  let anchors = 0;
  for (let at = 0; at < words.length && anchors < RUN_ANCHORS; at += 1) {
    const opens = at === 0 && words[0]!.index === /^[^\p{L}\p{N}]*/u.exec(lower)![0].length;
    const first = words[at]!.word === "the" ? at + 1 : opens ? at : -1;
    if (first < 0 || first >= words.length) continue;
    anchors += 1;
    const runs = titles.map((title) => {
      let end = first;
      while (end < words.length && end - first < 8 && title.words.has(words[end]!.word)) end += 1;
      return { title, length: end - first };
    });
    const longest = Math.max(...runs.map((run) => run.length));
    const reaching = runs.filter((run) => run.length === longest);
    if (longest === 0 || reaching.length !== 1) continue;
    const run = words.slice(first, first + longest);
    const alone = run.length === 1 && run[0]!.word;
    if (alone && (alone.length < 6 || TIME_WORD.test(alone))) continue;
    if (run.every((word) => !/\p{L}{4}/u.test(word.word))) continue;
    const index = first === at ? run[0]!.index : words[at]!.index;
    const end = run.at(-1)!.end;
    if (!ABOUT_IT_NEXT.test(lower.slice(end))) continue;
    if (!best || end - index > best.end - best.index)
      best = { annotation: reaching[0]!.title.annotation, index, end, partial: true };
  }
  return best;
}

/** The most words, and the most places ("the …" or the message's start), a run is looked for in. */
const RUN_SEARCH_WORDS = 200;
const RUN_ANCHORS = 12;

/** Each part of the titles, with the annotations whose title has it, for `findPart`. */
function partsOf(
  known: readonly KnownAnnotation[],
  parts: (words: string[]) => string[],
): Map<string, KnownAnnotation[]> {
  const byPart = new Map<string, KnownAnnotation[]>();
  for (const annotation of known)
    for (const part of parts(annotation.title.trim().toLowerCase().split(/\s+/))) {
      // A number, a short word or a word for time alone ("4.2", "ads", "week") names nothing.
      if (!/\p{L}{4}/u.test(part) || TIME_WORD.test(part)) continue;
      const had = byPart.get(part) ?? [];
      if (!had.includes(annotation)) byPart.set(part, [...had, annotation]);
    }
  return byPart;
}

/** Words that go on about the annotation just named: a verb, a pointer, a change's mark. */
const ABOUT_IT_NEXT =
  /^(?:\s*(?:[,:;]|->|→|—|–)|\s+(?:is|was|were|are|isn'?t|wasn'?t|weren'?t|has|had|have|should|shouldn'?t|needs?|went|ran|ended|ends|started|began|lasted|got|came|broke|actually|really|in|into|to|on|from|one|thing|stuff|annotation|note|entry|\p{L}+ed)\b|['’]s\s|\s*[?!.]*$)/iu;

/**
 * The longest part naming exactly one annotation, after "the" or opening the message (then two
 * words or a long one, going on about it).
 */
function findPart(lower: string, byPart: Map<string, KnownAnnotation[]>): Mention | undefined {
  const start = /^[^\p{L}\p{N}]*/u.exec(lower)![0].length;
  let best: Mention | undefined;
  for (const [part, annotations] of byPart) {
    if (annotations.length !== 1 || (best && part.length <= best.end - best.index - 4)) continue;
    const [at] = wholeWordsAt(lower, `the ${part}`);
    if (at !== undefined)
      best = { annotation: annotations[0]!, index: at, end: at + 4 + part.length, partial: true };
    // "hero test is in the wrong colour": the message opens with it.
    else if (
      (part.includes(" ") || part.length >= 6) &&
      wholeWordsAt(lower.slice(start, start + part.length + 1), part)[0] === 0 &&
      ABOUT_IT_NEXT.test(lower.slice(start + part.length))
    )
      best = { annotation: annotations[0]!, index: start, end: start + part.length, partial: true };
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
