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

/** Removes connective punctuation and filler left at either end once slots have been cut out. */
export function tidy(text: string): string {
  let result = collapseSpaces(text);
  let previous: string;
  do {
    previous = result;
    result = result
      .replace(/^[\s,;:.\-–—!?]+/, "")
      .replace(/[\s,;:\-–—]+$/, "")
      .replace(/\s*[.!?]+$/, "")
      .trim();
  } while (result !== previous);
  return result;
}
