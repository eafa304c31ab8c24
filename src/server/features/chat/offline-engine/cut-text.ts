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
 * Whether a UTF-16 code is a space as a pattern's `\s` reads it. The engine walks long runs of
 * spaces and stops; a test of the code keeps such walks cheap where a pattern run on each
 * character would not be.
 */
export function isSpace(code: number): boolean {
  if (code < 0x80) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Whether the character at `index` is one of `marks`, or a space when spaces count. */
function isLoose(text: string, index: number, marks: string, spaces: boolean): boolean {
  return marks.includes(text[index]!) || (spaces && isSpace(text.charCodeAt(index)));
}

/**
 * The text without its trailing spaces and `marks` ("ok!! " with ".!" → "ok"); with `spaces`
 * false, without its trailing marks only. A walk back from the end rather than a `[…]+$`
 * pattern: such a pattern is tried from every position of a long run that does not reach the
 * end, and rescans the run from each, which is quadratic in its length.
 */
export function withoutTrailing(text: string, marks: string, spaces = true): string {
  let end = text.length;
  while (end > 0 && isLoose(text, end - 1, marks, spaces)) end -= 1;
  return text.slice(0, end);
}

/** Connective punctuation, which, with spaces, means nothing at either end of what is left. */
const LOOSE_END = ",;:.-–—!?";

/**
 * Removes connective punctuation and filler left at either end once slots have been cut out,
 * walking in from each end (see `withoutTrailing`).
 */
export function tidy(text: string): string {
  const result = collapseSpaces(text);
  let start = 0;
  let end = result.length;
  while (start < end && isLoose(result, start, LOOSE_END, true)) start += 1;
  while (end > start && isLoose(result, end - 1, LOOSE_END, true)) end -= 1;
  return result.slice(start, end);
}
