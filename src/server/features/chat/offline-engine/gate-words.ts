/**
 * The write gate's words: what names nothing, when two titles are the same one, whether the
 * person quoted a title, and the context every guard reads.
 */
import type { CalendarDate } from "../../../../shared/calendar-date.js";
import type { DraftField } from "../../../../shared/contracts/chat.js";
import { tidy } from "./cut-text.js";
import { doubting } from "./draft-sources.js";
import type { KnownAnnotation } from "./known-annotations.js";
import type { PendingQuestion, Understanding } from "./understanding.js";

export interface GateContext {
  message: string;
  /** The property's annotations, when the reading was given them. */
  known: readonly KnownAnnotation[];
  /** The person's category names: a title made of one is no name. */
  categoryNames: readonly string[];
  today: CalendarDate;
  /** The question the message answers: a day it already knew was said before. */
  question?: PendingQuestion;
}

export const fold = (text: string) =>
  tidy(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}%€$£]+/gu, " ")
    .trim();

/** Words that never name an event on their own. */
export const FUNCTION_WORDS = new Set(
  (
    "a an the this that these those it its it's them they their there here one ones some any " +
    "my our your his her we i you he she me us of on at in to for by with from as and or but so " +
    "is was were be been am are do did done new another annotation annotations note notes marker " +
    "entry event thing things stuff something smth sth smthg anything whatever day today yesterday " +
    "description details text title name " +
    "called named titled please pls log add mark record put create make set change"
  ).split(" "),
);

export const COLOUR_WORDS = new Set(
  "purple brown blue green red cyan grey gray orange yellow pink teal colour color".split(" "),
);

/** The presets' category words, which people use as kinds rather than names. */
export const CATEGORY_WORDS = new Set(
  (
    "campaign campaigns incident incidents release releases experiment experiments social paid " +
    "category categories"
  ).split(" "),
);

/** Whether a title is made only of words that name nothing: pronouns, colours, kinds. */
export function titleNamesNothing(title: string, categoryNames: readonly string[]): boolean {
  const folded = fold(title);
  if (!folded) return true;
  if (categoryNames.some((name) => fold(name) === folded)) return true;
  return folded
    .split(" ")
    .every(
      (word) => FUNCTION_WORDS.has(word) || COLOUR_WORDS.has(word) || CATEGORY_WORDS.has(word),
    );
}

export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Whether the person wrote the title between quotes (then it is theirs, word for word). */
export function quotedInMessage(title: string, message: string): boolean {
  const wanted = fold(title);
  for (const quote of message.matchAll(/["“”«»„]([^"“”«»„]+)["“”«»„]|'([^']{2,})'/g))
    if (fold(quote[1] ?? quote[2] ?? "") === wanted) return true;
  return false;
}

/** Two titles the person would take for the same one: equal but for case, marks or a slip. */
export function nearlySameTitle(a: string, b: string): boolean {
  const x = fold(a);
  const y = fold(b);
  if (x === y) return true;
  // Numbers name different things ("Newsletter #48" is the next one, not a slip of "#47").
  const digits = (text: string) => text.replace(/\D+/g, " ").trim();
  if (Math.min(x.length, y.length) < 6 || digits(x) !== digits(y)) return false;
  const allowed = x.length >= 12 ? 2 : 1;
  return Math.abs(x.length - y.length) <= allowed && editDistance(x, y, allowed) <= allowed;
}

/** Levenshtein distance, stopped once it is over `limit` (titles are at most 100 characters). */
export function editDistance(a: string, b: string, limit: number): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return best;
    previous = current;
  }
  return previous[b.length]!;
}

/** The reading with one more doubt, which is about these fields of its draft (none: the whole). */
export const withDoubt = (
  understanding: Understanding,
  doubt: string,
  fields: readonly DraftField[] = [],
): Understanding =>
  understanding.doubts?.includes(doubt)
    ? understanding
    : {
        ...understanding,
        doubts: [...(understanding.doubts ?? []), doubt],
        ...(understanding.sources
          ? { sources: doubting(understanding.sources, fields, doubt) }
          : {}),
      };
