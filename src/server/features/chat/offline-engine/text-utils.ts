/**
 * Small text helpers shared by the offline engine's extractors. Quoted text is swapped for
 * placeholders up front so that nothing inside quotes (a title like "Sale on red items") is ever
 * mistaken for a date, a colour or a command word; quoted text is restored verbatim at the end.
 */

/** Placeholders use brackets no one types, so they survive every regular expression untouched. */
const PLACEHOLDER = /⟪(\d+)⟫/g;
const SINGLE_PLACEHOLDER = /^⟪(\d+)⟫$/;

// Straight and typographic quotes. Single quotes count only when they do not touch a letter on the
// outside, so apostrophes ("don't", "last month's") are left alone.
const QUOTE_PATTERN =
  /"([^"]*)"|“([^”]*)”|«([^»]*)»|„([^“”]*)[“”]|(?<![\p{L}\p{N}])'([^']*)'(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])‘([^’]*)’(?![\p{L}\p{N}])/gu;

export interface QuotedText {
  /** The message with each quoted passage replaced by a placeholder, whitespace collapsed. */
  text: string;
  /** The quoted passages, trimmed, in order. */
  quotes: string[];
}

export function extractQuotes(message: string): QuotedText {
  const quotes: string[] = [];
  const text = message.replace(QUOTE_PATTERN, (...groups: unknown[]) => {
    const inner =
      groups.slice(1, 7).find((group): group is string => typeof group === "string") ?? "";
    quotes.push(inner.trim());
    return `⟪${quotes.length - 1}⟫`;
  });
  // Typographic apostrophes become straight ones so patterns like "X's colour" need one spelling.
  return { text: collapseSpaces(text.replace(/[’`]/g, "'")), quotes };
}

/** Puts quoted passages back (without their quotes). */
export function restoreQuotes(text: string, quotes: readonly string[]): string {
  return text.replace(PLACEHOLDER, (_, index: string) => quotes[Number(index)] ?? "");
}

/** The quoted passage when the text is exactly one placeholder, else undefined. */
export function soleQuote(text: string, quotes: readonly string[]): string | undefined {
  const match = SINGLE_PLACEHOLDER.exec(text.trim());
  return match ? (quotes[Number(match[1])] ?? "") : undefined;
}

/** The first placeholder in the text, with its quoted passage. */
export function firstQuote(
  text: string,
  quotes: readonly string[],
): { value: string; index: number; end: number } | undefined {
  const match = /⟪(\d+)⟫/.exec(text);
  if (!match) return undefined;
  return {
    value: quotes[Number(match[1])] ?? "",
    index: match.index,
    end: match.index + match[0].length,
  };
}

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

// Courtesy and hedging in front of the real request ("hey, could you please …").
const POLITE_PREFIX =
  /^(?:(?:hey|hi|hello|ok(?:ay)?|so|um+|uh+|please|pls|plz|kindly|now|also|and|then)\b[\s,!.]*)*(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|(?:i(?:'d|\s+would)\s+like\s+(?:you\s+)?to|i\s+(?:want|need)(?:\s+you)?\s+to|i\s+wanna|let's|lets|go\s+ahead\s+and|help\s+me|try\s+to|i'd\s+love\s+to|(?:remind|tell)\s+me(?:\s+again)?|do\s+you\s+know|any\s+idea|i\s+wonder|i'm\s+wondering)\s+)?(?:please\s+|just\s+|quickly\s+)*/i;

export function stripPoliteness(text: string): string {
  return text.replace(POLITE_PREFIX, "").trim();
}

/** Number words people use in relative dates ("two weeks ago") and periods ("last three days"). */
export const numberWords: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fourteen: 14,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  sixty: 60,
  ninety: 90,
};

export function parseCount(word: string): number | undefined {
  const lower = word.toLowerCase();
  if (/^\d+$/.test(lower)) return Number(lower);
  return numberWords[lower];
}
