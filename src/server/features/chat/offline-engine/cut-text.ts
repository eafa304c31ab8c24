/**
 * Cutting recognised slots (a date, a colour, a command word) out of a message and tidying what is
 * left, so the remainder can be read as a title or a search.
 */

export function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Cuts [start, end) out of the text, leaving one space so neighbouring words stay apart. */
export function cut(text: string, start: number, end: number): string {
  return collapseSpaces(`${text.slice(0, start)} ${text.slice(end)}`);
}

/**
 * The text without its trailing run of one kind of character (`/[\s.!]/`: "ok!! " → "ok"). A walk
 * back from the end rather than a `[…]+$` pattern: such a pattern is tried from every position
 * of a long run that does not reach the end, and rescans the run from each, which is quadratic.
 */
export function withoutTrailing(text: string, character: RegExp): string {
  let end = text.length;
  while (end > 0 && character.test(text[end - 1]!)) end -= 1;
  return text.slice(0, end);
}

/** Connective punctuation and spaces, which mean nothing at either end of what is left. */
const LOOSE_END = /[\s,;:.\-–—!?]/;

/**
 * Removes connective punctuation and filler left at either end once slots have been cut out,
 * walking in from each end (see `withoutTrailing`).
 */
export function tidy(text: string): string {
  const result = collapseSpaces(text);
  let start = 0;
  let end = result.length;
  while (start < end && LOOSE_END.test(result[start]!)) start += 1;
  while (end > start && LOOSE_END.test(result[end - 1]!)) end -= 1;
  return result.slice(start, end);
}
