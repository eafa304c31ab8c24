/**
 * Quoted passages in a message. Quoted text is swapped for
 * placeholders up front so that nothing inside quotes (a title like "Sale on red items") is ever
 * mistaken for a date, a colour or a command word; quoted text is restored verbatim at the end.
 */
import { collapseSpaces } from "./cut-text.js";

/** Placeholders use brackets no one types, so they survive every regular expression untouched. */
const PLACEHOLDER = /⟪(\d+)⟫/g;
const SINGLE_PLACEHOLDER = /^⟪(\d+)⟫$/;

// Straight and typographic quotes: each opening mark with the marks that close it. Single quotes
// count only when they do not touch a letter on the outside, so apostrophes ("don't", "last
// month's") are left alone.
const CLOSING = new Map([
  ['"', '"'],
  ["“", "”"],
  ["«", "»"],
  ["„", "“”"],
  ["'", "'"],
  ["‘", "’"],
]);
const LETTER_BEFORE = /[\p{L}\p{N}]$/u;
const LETTER_AFTER = /^[\p{L}\p{N}]/u;

export interface QuotedText {
  /** The message with each quoted passage replaced by a placeholder, whitespace collapsed. */
  text: string;
  /** The quoted passages, trimmed, in order. */
  quotes: string[];
}

/**
 * Quoted passages, read left to right: an opening mark takes everything up to the next mark that
 * closes it. A scan rather than a pattern: a pattern tries every opening mark that is never
 * closed and reads to the end of the message from each, which is quadratic in their number.
 * Where the next closing mark is remembered, so no stretch of the message is searched twice.
 */
export function extractQuotes(message: string): QuotedText {
  const quotes: string[] = [];
  const nextFound = new Map<string, number>();
  const next = (mark: string, from: number): number => {
    const known = nextFound.get(mark);
    if (known !== undefined && (known === -1 || known >= from)) return known;
    const at = message.indexOf(mark, from);
    nextFound.set(mark, at);
    return at;
  };
  // A single quote closes only where no letter follows it: in 'Last year's ad' the apostrophe
  // of "year's" is passed over. Such closers are found once, in order, so each opening looks
  // only forward from the last one it passed (the openings come in order too).
  const singleClosers = [...message.matchAll(/['’]/g)]
    .map((found) => found.index)
    .filter((index) => !LETTER_AFTER.test(message.slice(index + 1, index + 3)));
  let nextSingle = 0;
  const closingAt = (open: string, at: number): number => {
    if (open === "'" || open === "‘") {
      if (LETTER_BEFORE.test(message.slice(Math.max(0, at - 2), at))) return -1;
      while (nextSingle < singleClosers.length && singleClosers[nextSingle]! <= at) nextSingle += 1;
      const close = singleClosers[nextSingle];
      if (close === undefined) return -1;
      // A straight quote is closed by a straight one, a typographic one by its pair.
      return message[close] === (open === "'" ? "'" : "’") ? close : -1;
    }
    const closers = [...(CLOSING.get(open) ?? "")];
    const found = closers.map((mark) => next(mark, at + 1)).filter((index) => index >= 0);
    if (found.length === 0) return -1;
    return Math.min(...found);
  };
  let text = "";
  let copied = 0;
  const opening = /["“«„'‘]/g;
  for (let found = opening.exec(message); found; found = opening.exec(message)) {
    const close = closingAt(found[0], found.index);
    if (close < 0) continue;
    quotes.push(message.slice(found.index + 1, close).trim());
    text += `${message.slice(copied, found.index)}⟪${quotes.length - 1}⟫`;
    copied = close + 1;
    opening.lastIndex = copied;
  }
  text += message.slice(copied);
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

/** A name without the emoji at either end of it: "🚚 Free next-day delivery 🎉" is its words. */
export function withoutMood(name: string): string {
  // From the start of the closing run only: tried inside a long run, it would rescan the run.
  return name
    .replace(
      /(?<![\s\p{Extended_Pictographic}\uFE0F\u200D])(?:\s*(?:\p{Extended_Pictographic}|\uFE0F|\u200D))+$/u,
      "",
    )
    .replace(/^(?:(?:\p{Extended_Pictographic}|\uFE0F|\u200D)\s*)+/u, "")
    .trim();
}

/** Whether a name is one of the quoted passages, emoji at its ends aside. */
export function isQuoted(quotes: readonly string[], name: string | undefined): boolean {
  return (
    name !== undefined && quotes.some((quote) => quote === name || withoutMood(quote) === name)
  );
}
