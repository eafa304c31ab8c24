import { z } from "zod";

/**
 * The one rule for text people type into Tidemark, and for text Google sends back.
 *
 * Control characters (C0, DEL, C1) and lone UTF-16 surrogates are refused: PostgreSQL cannot
 * store NUL, lone surrogates are not valid Unicode and break JSON encoders, and neither is
 * anything a person means to type. Multi-line fields (descriptions, chat messages) may hold tabs
 * and line breaks. Length is counted as people see it: one emoji or one accented letter is one
 * character, the same on the form and on the server.
 *
 * Two more refusals keep text from looking other than it is: a required field that holds only
 * invisible characters (it would look empty), and direction controls that reorder what is shown
 * (a title that reads one way and is stored another).
 */

// Line breaks: \n, and \r (Windows line endings arrive as \r\n from a textarea).
const multilineAllowed = new Set(["\t", "\n", "\r"]);

/** Whether `text` holds a character no field may hold (and, single-line, a tab or line break). */
export function hasForbiddenCharacters(text: string, multiline: boolean): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) {
      if (multiline && multilineAllowed.has(text[index]!)) continue;
      return true;
    }
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        index += 1;
        continue;
      }
      return true;
    }
    if (code >= 0xdc00 && code <= 0xdfff) return true;
  }
  return false;
}

/**
 * Characters that show nothing on their own: white space, every format character (zero-width
 * space, non-joiner and joiner, word joiner, byte order mark, soft hyphen, direction marks and
 * controls, invisible operators, tags), the combining grapheme joiner, variation selectors, and
 * the blank fillers of Hangul and Braille. Only text made of nothing else counts as invisible:
 * inside words, joiners and marks are needed (emoji sequences, Persian, Hebrew and Arabic).
 */
// The combining ones (grapheme joiner, variation selectors) are alternatives of their own: in a
// character class they would read as combined with the character before them.
const invisibleCharacters =
  /[\s\p{Cf}\u115F\u1160\u2800\u3164\uFFA0]|\u034F|\p{Variation_Selector}/gu;

/** Whether `text` would look empty: it holds nothing but invisible characters (or nothing). */
export function isInvisibleText(text: string): boolean {
  return text.replace(invisibleCharacters, "") === "";
}

// Embeddings, overrides and isolates reorder whatever follows them (the override turns "txt.exe"
// into what looks like "exe.txt"); no title or description needs them.
const directionControls = /[\u202A-\u202E\u2066-\u2069]/u;
// Marks (left-to-right, right-to-left, Arabic letter) place neutral characters in text that mixes
// directions; in text with no right-to-left letters they have nothing to place but can still move
// digits and punctuation about.
const directionMarks = /[\u200E\u200F\u061C]/gu;
// The blocks of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko and the others from
// U+0590 to U+08FF, their presentation forms, and the historic and Adlam blocks above U+FFFF).
const rightToLeftCharacters =
  /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

/**
 * Whether `text` holds a direction control that could make it display other than it reads:
 * any embedding, override or isolate, or a direction mark in text without right-to-left letters.
 */
export function hasDisguisingDirection(text: string): boolean {
  if (directionControls.test(text)) return true;
  const withoutMarks = text.replace(directionMarks, "");
  return withoutMarks.length !== text.length && !rightToLeftCharacters.test(withoutMarks);
}

const graphemes =
  typeof Intl !== "undefined" && "Segmenter" in Intl
    ? new Intl.Segmenter("en", { granularity: "grapheme" })
    : null;

/** The number of characters as people see them (grapheme clusters). */
export function visibleLength(text: string): number {
  if (!graphemes) return Array.from(text).length;
  let count = 0;
  for (const segment of graphemes.segment(text)) {
    void segment;
    count += 1;
  }
  return count;
}

/**
 * Makes text from outside (Google, a language model) safe to store and show: forbidden
 * characters become U+FFFD, so nothing silently disappears and nothing breaks the database.
 */
export function toSafeText(text: string, multiline = true): string {
  if (!hasForbiddenCharacters(text, multiline)) return text;
  let safe = "";
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const char = text[index]!;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        safe += char + text[index + 1];
        index += 1;
      } else safe += "\uFFFD";
      continue;
    }
    if (code >= 0xdc00 && code <= 0xdfff) safe += "\uFFFD";
    else if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) {
      safe += multiline && multilineAllowed.has(char) ? char : "\uFFFD";
    } else safe += char;
  }
  return safe;
}

export interface CleanTextOptions {
  /** The field's name as people see it on the form, e.g. "Title"; every message starts with it. */
  label: string;
  /** Characters as people see them. */
  maxLength: number;
  /** Allows tabs and line breaks (descriptions, chat messages). */
  multiline?: boolean;
  /** Refuses text that is empty after trimming, with "<label> is required" unless given. */
  required?: boolean | string;
  /** Trims surrounding white space before the checks (default true). */
  trim?: boolean;
  /** Replaces "<label> must be N characters or fewer". */
  tooLongMessage?: string;
  /**
   * Lets direction controls through (a chat message: what it asks to store is checked again by
   * the field it lands in). Every other field refuses them.
   */
  allowDirectionControls?: boolean;
}

/** Refusal messages, exported so forms can show the same words before sending. */
export function cleanTextMessages(label: string, maxLength: number) {
  return {
    type: `${label} must be text`,
    required: `${label} is required`,
    forbidden: `${label} contains characters that cannot be used (control characters or broken symbols)`,
    invisible: `${label} has no visible characters, only invisible ones such as zero-width spaces`,
    direction: `${label} contains hidden direction controls (such as a right-to-left override) that can disguise text`,
    tooLong: `${label} must be ${maxLength} characters or fewer`,
  };
}

/**
 * A string field that refuses control characters and lone surrogates, direction controls that
 * can disguise text and, when required, text with nothing visible, with a message naming the
 * field; it counts length as people see it, and trims unless told otherwise. Use it for every
 * text field in a request contract.
 */
export function cleanText(options: CleanTextOptions) {
  const { label, maxLength, multiline = false, trim = true } = options;
  const messages = cleanTextMessages(label, maxLength);
  const tooLongMessage = options.tooLongMessage ?? messages.tooLong;
  const requiredMessage =
    typeof options.required === "string" ? options.required : messages.required;
  // A hard cap in UTF-16 units too, so one "character" of ten thousand combining marks cannot
  // smuggle a huge string past the visible count.
  const rawCap = maxLength * 16;
  return z
    .string({ message: messages.type })
    .refine((text) => !hasForbiddenCharacters(text, multiline), {
      message: messages.forbidden,
      abort: true,
    })
    .transform((text) => (trim ? text.trim() : text))
    .refine((text) => !options.required || text.trim().length > 0, {
      message: requiredMessage,
      abort: true,
    })
    .refine((text) => !options.required || !isInvisibleText(text), {
      message: messages.invisible,
      abort: true,
    })
    .refine((text) => options.allowDirectionControls === true || !hasDisguisingDirection(text), {
      message: messages.direction,
      abort: true,
    })
    .refine((text) => text.length <= rawCap && visibleLength(text) <= maxLength, tooLongMessage);
}

/** Why `text` would be refused by `cleanText` with these options, or null; for forms. */
export function cleanTextProblem(text: string, options: CleanTextOptions): string | null {
  const result = cleanText(options).safeParse(text);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
