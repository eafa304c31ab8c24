/**
 * Which annotation a request is about, found among the property's annotations: by id, by title
 * (exact first, then a part of it, ignoring case, then its words in order), by the day it is on,
 * or "the last one" (the most recently added through Tidemark, else the newest by date). Used by
 * the language model's tools and the offline engine alike; several matches are never guessed
 * between.
 */
import { annotationSpan } from "../../../shared/annotation-span.js";
import { compareDates, toIsoDate } from "../../../shared/calendar-date.js";
import type { Annotation } from "../../../shared/contracts/annotations.js";
import type { AnnotationReference } from "./offline-engine/understanding.js";

export type { AnnotationReference };

export type ReferenceMatch =
  /** `loose`: found by its words, not its title as written ("the tiktok push"), a guess. */
  | { kind: "found"; annotation: Annotation; loose?: true; partial?: true }
  | { kind: "ambiguous"; candidates: Annotation[] }
  | { kind: "none" };

const fold = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ");

const LONGEST_NAME = 200;
/** Words that point at an annotation without naming it: "the tiktok push annotation", "… one". */
const POINTING_WORDS = new Set([
  "the",
  "a",
  "an",
  "my",
  "our",
  "annotation",
  "note",
  "one",
  "entry",
]);
const wordsOf = (text: string) =>
  fold(text)
    .split(/[^\p{L}\p{N}.#]+/u)
    .filter(Boolean);
/** A word of a title as a reference says it: the same, or its plural ("teasers" of "teaser"). */
const sameWord = (said: string, own: string) =>
  said === own || said === `${own}s` || own === `${said}s`;

/**
 * Whether every word said is a word of the title, in its order ("loyalty relaunch" of "Loyalty
 * points relaunch").
 */
function saidInOrder(said: readonly string[], title: string): boolean {
  let at = 0;
  const own = wordsOf(title);
  for (const word of said) {
    while (at < own.length && !sameWord(word, own[at]!)) at += 1;
    if (at === own.length) return false;
    at += 1;
  }
  return true;
}

/**
 * The items whose title a reference names: exactly (ignoring case), else as a part of it, else —
 * for two words or more — by its words in their order with others between ("the tiktok push" for
 * "TikTok creator push"), which is a guess (`loose`). The product and the corpus checker both
 * find targets with it.
 */
export function titleMatches<T extends { title: string }>(
  items: readonly T[],
  title: string,
): { matches: T[]; loose: boolean; partial?: true } {
  const wanted = fold(title);
  if (!wanted) return { matches: [], loose: false };
  const exact = items.filter((item) => fold(item.title) === wanted);
  if (exact.length > 0) return { matches: exact, loose: false };
  const partial = items.filter((item) => fold(item.title).includes(wanted));
  if (partial.length > 0) return { matches: partial, loose: false, partial: true };
  // A name is a few words: longer text is no reference to look for word by word (bounded work).
  if (wanted.length > LONGEST_NAME) return { matches: [], loose: false };
  const said = wordsOf(wanted).filter((word) => !POINTING_WORDS.has(word));
  if (said.length < 2) return { matches: [], loose: false };
  return { matches: items.filter((item) => saidInOrder(said, item.title)), loose: true };
}

export function findReferenced(
  annotations: readonly Annotation[],
  reference: AnnotationReference,
): ReferenceMatch {
  if (reference.kind === "id") {
    const found = annotations.find((a) => a.annotationId === reference.annotationId);
    return found ? { kind: "found", annotation: found } : { kind: "none" };
  }
  if (reference.kind === "last") {
    const found =
      [...annotations]
        .filter((a) => a.dateAdded)
        .sort((a, b) => b.dateAdded!.localeCompare(a.dateAdded!))[0] ?? annotations[0];
    return found ? { kind: "found", annotation: found } : { kind: "none" };
  }
  if (reference.kind === "date") {
    const { date } = reference;
    return matchOf(
      annotations.filter((a) => {
        const span = annotationSpan(a);
        return compareDates(span.start, date) <= 0 && compareDates(date, span.end) <= 0;
      }),
    );
  }
  const { matches, loose, partial } = titleMatches(annotations, reference.title);
  const match = matchOf(matches);
  if (match.kind !== "found") return match;
  return loose ? { ...match, loose } : partial ? { ...match, partial } : match;
}

function matchOf(matches: Annotation[]): ReferenceMatch {
  if (matches.length === 1) return { kind: "found", annotation: matches[0]! };
  if (matches.length > 1) return { kind: "ambiguous", candidates: matches };
  return { kind: "none" };
}

/** The reference in a sentence: "I couldn't find an annotation <…>". */
export function describeReference(reference: AnnotationReference): string {
  switch (reference.kind) {
    case "id":
      return `with ID ${reference.annotationId}`;
    case "title":
      return `called “${reference.title}”`;
    case "date":
      return `on ${toIsoDate(reference.date)}`;
    case "last":
      return "to change";
  }
}

/** What several matches have in common: "Several annotations <…>". */
export function describeAmbiguity(reference: AnnotationReference): string {
  if (reference.kind === "title") return `match “${reference.title}”`;
  if (reference.kind === "date") return `are on ${toIsoDate(reference.date)}`;
  return "match that";
}
