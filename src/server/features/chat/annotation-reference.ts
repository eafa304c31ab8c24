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
import { colourName } from "./offline-engine/reply-text.js";
import { titleMatches } from "./offline-engine/title-matches.js";
import type { AnnotationReference } from "./offline-engine/understanding.js";

export type { AnnotationReference };
export { titleMatches };

export type ReferenceMatch =
  /** `loose`: found by its words, not its title as written ("the tiktok push"), a guess. */
  | { kind: "found"; annotation: Annotation; loose?: true; partial?: true }
  | { kind: "ambiguous"; candidates: Annotation[] }
  | { kind: "none" };

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
  // "the green one" may as well be "Green packaging switch": both are candidates.
  if (reference.kind === "color") {
    const word = new RegExp(String.raw`\b${colourName(reference.color)}\b`, "i");
    return matchOf(annotations.filter((a) => a.color === reference.color || word.test(a.title)));
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
    case "color":
      return `in ${colourName(reference.color)}`;
    case "last":
      return "to change";
  }
}

/** What several matches have in common: "Several annotations <…>". */
export function describeAmbiguity(reference: AnnotationReference): string {
  if (reference.kind === "title") return `match “${reference.title}”`;
  if (reference.kind === "date") return `are on ${toIsoDate(reference.date)}`;
  if (reference.kind === "color") return `are ${colourName(reference.color)}`;
  return "match that";
}
