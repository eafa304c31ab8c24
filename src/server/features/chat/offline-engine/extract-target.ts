/**
 * Which annotation an update or delete is about: an id ("annotation 42"), "the last one", or a
 * title (quoted, or the words left once the command and slots are cut away).
 */
import type { AnnotationReference } from "./understanding.js";
import { tidy } from "./cut-text.js";
import { firstQuote, soleQuote } from "./quoted-text.js";

export type { AnnotationReference } from "./understanding.js";

const LAST =
  /^(?:(?:the|my)\s+)?(?:(?:very\s+)?(?:last|latest|most\s+recent|newest|recent|previous|final)(?:\s+(?:one|annotation|note|entry|item|marker))?(?:\s+(?:i|you)\s+(?:made|created|added|logged))?|one\s+(?:i|you)\s+just\s+(?:made|created|added|logged)|annotation\s+(?:i|you)\s+just\s+(?:made|created|added|logged))$/i;
// An id needs a digit, so "annotation Launch" stays a title.
const ID =
  /^(?:(?:the\s+)?(?:annotation|note|entry)\s*(?:(?:id|number|no\.?)\s*)?[:#]?\s*|(?:id|#)\s*[:#]?\s*)([A-Za-z0-9_-]*\d[A-Za-z0-9_-]*)$|^#?(\d{1,20})$/i;
const PRONOUN =
  /^(?:its?|this|that|this\s+one|that\s+one|them|these|those|one|annotation|note|the\s+annotation|an\s+annotation|annotations)$/i;

/** Words around a title that are not part of it ("the … annotation", "annotation called …"). */
export function bareTitle(text: string): string {
  return tidy(
    tidy(text)
      .replace(
        /^(?:(?:the|my|an?|this|that)\s+)?(?:annotation|note|entry|marker)s?\s+(?:called|named|titled|for|about)\s+/i,
        "",
      )
      .replace(/^(?:the\s+)?(?:one|annotation|note|entry)\s+(?:called|named|titled|about)\s+/i, "")
      .replace(/^(?:called|named|titled)\s+/i, "")
      .replace(/^(?:(?:the|my|this|that)\s+)/i, "")
      .replace(/\s+(?:annotation|note|entry|marker|one)$/i, ""),
  );
}

/** Reads a target phrase (placeholders for quoted text allowed); undefined when it names nothing. */
export function parseTarget(
  phrase: string,
  quotes: readonly string[],
): AnnotationReference | undefined {
  const text = tidy(phrase);
  if (!text) return undefined;
  const quoted = soleQuote(bareTitle(text), quotes) ?? firstQuote(text, quotes)?.value;
  if (quoted !== undefined) return quoted ? { kind: "title", title: quoted } : undefined;
  if (LAST.test(text)) return { kind: "last" };
  const id = ID.exec(text);
  const annotationId = id?.[1] ?? id?.[2];
  if (annotationId) return { kind: "id", annotationId };
  if (PRONOUN.test(text)) return undefined;
  const title = bareTitle(text);
  if (!title || PRONOUN.test(title) || LAST.test(title))
    return title && LAST.test(title) ? { kind: "last" } : undefined;
  return { kind: "title", title };
}
