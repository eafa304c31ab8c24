/**
 * Quoted passages in a message. Quoted text is swapped for
 * placeholders up front so that nothing inside quotes (a title like "Sale on red items") is ever
 * mistaken for a date, a colour or a command word; quoted text is restored verbatim at the end.
 */
import { collapseSpaces } from "./cut-text.js";

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
