/**
 * Which annotation a request is about, found among the property's annotations: by id, by title
 * (exact first, then a part of it, ignoring case), or "the last one" (the most recently added
 * through Tidemark, else the newest by date). Used by the language model's tools and the offline
 * engine alike; several matches are never guessed between.
 */
import type { Annotation } from "../../../shared/contracts/annotations.js";

export type AnnotationReference =
  { kind: "id"; annotationId: string } | { kind: "title"; title: string } | { kind: "last" };

export type ReferenceMatch =
  | { kind: "found"; annotation: Annotation }
  | { kind: "ambiguous"; candidates: Annotation[] }
  | { kind: "none" };

const fold = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ");

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
  const wanted = fold(reference.title);
  if (!wanted) return { kind: "none" };
  const exact = annotations.filter((a) => fold(a.title) === wanted);
  const partial = annotations.filter((a) => fold(a.title).includes(wanted));
  const matches = exact.length > 0 ? exact : partial;
  if (matches.length === 1) return { kind: "found", annotation: matches[0]! };
  if (matches.length > 1) return { kind: "ambiguous", candidates: matches };
  return { kind: "none" };
}
