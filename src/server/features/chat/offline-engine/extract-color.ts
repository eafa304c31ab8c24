/**
 * Colours by name. GA4 accepts six; other colour words ("orange", "yellow") are recognised only so
 * they can be cut out of a title and ignored, never mapped to a colour the person did not say.
 */
import type { AnnotationColor } from "../../../../shared/annotation-colors.js";

const KNOWN: Record<string, AnnotationColor> = {
  purple: "PURPLE",
  brown: "BROWN",
  blue: "BLUE",
  green: "GREEN",
  red: "RED",
  cyan: "CYAN",
};
const KNOWN_WORDS = Object.keys(KNOWN).join("|");
const UNKNOWN_WORDS =
  "orange|yellow|pink|black|white|gr[ae]y|teal|violet|magenta|gold|golden|silver|navy|maroon|lime|indigo|turquoise|beige";
const ANY_WORDS = `${KNOWN_WORDS}|${UNKNOWN_WORDS}`;

export interface FoundColor {
  /** Undefined for a colour GA4 does not offer. */
  color?: AnnotationColor;
  /** The colour's own word as written ("red" of "make it red"). */
  word: string;
  index: number;
  end: number;
}

// "in red", "coloured red", "colour: red", "with the colour red", "make it red", "red colour", "red label".
const CUED = new RegExp(
  `(?:\\b(?:in|colou?red|colou?r\\s*(?:it\\s+)?(?:as\\s+)?[:=]?|with\\s+(?:a\\s+|the\\s+)?colou?r(?:\\s+of)?|make\\s+it|set\\s+to|using)\\s+(${ANY_WORDS})\\b(?:\\s+colou?r\\b)?)|\\b(${ANY_WORDS})\\s+(?:colou?r(?:ed)?|label|tag|marker|dot)\\b`,
  "i",
);
// Update phrasings: "to red", "as green".
const TO_COLOR = new RegExp(`\\b(?:to|as|into)\\s+(${ANY_WORDS})\\b(?:\\s+colou?r\\b)?`, "i");
const BARE_KNOWN = new RegExp(`\\b(${KNOWN_WORDS})\\b`, "i");
const BARE_AT_END = new RegExp(`(?:,\\s*)?\\b(${KNOWN_WORDS})[\\s.!]*$`);

function found(word: string, index: number, end: number): FoundColor {
  return { color: KNOWN[word.toLowerCase()], word, index, end };
}

/**
 * Finds a colour phrase. Modes, from strict to loose:
 * - "cued": only with a colour cue ("in red", "red colour"); a lowercase known colour as the very
 *   last word also counts ("log Deploy today red"), while a capitalised one is left to the title
 *   ("Seeing Red").
 * - "update": as cued, plus "to red" / "as green".
 * - "loose": any known colour word (list filters, "recolor X green").
 */
export function findColor(text: string, mode: "cued" | "update" | "loose"): FoundColor | undefined {
  const cued = CUED.exec(text);
  if (cued) return found(cued[1] ?? cued[2] ?? "", cued.index, cued.index + cued[0].length);
  if (mode !== "cued") {
    const to = TO_COLOR.exec(text);
    if (to) return found(to[1] ?? "", to.index, to.index + to[0].length);
  }
  if (mode === "loose") {
    const bare = BARE_KNOWN.exec(text);
    if (bare) return found(bare[1] ?? "", bare.index, bare.index + bare[0].length);
  }
  const atEnd = BARE_AT_END.exec(text);
  const word = atEnd?.[1];
  if (atEnd && word && word === word.toLowerCase())
    return found(word, atEnd.index, atEnd.index + atEnd[0].length);
  return undefined;
}

// One more colour joined to a list: ", blue", " or blue", "and in green", "/ cyan".
const JOINED_COLOR = new RegExp(
  `^\\s*(?:,\\s*(?:(?:or|and)\\s+)?|\\s(?:or|and)\\s+|\\s*[/&]\\s*)(?:in\\s+)?(${ANY_WORDS})\\b(?:\\s+colou?r\\b)?`,
  "i",
);

/**
 * Every colour of a list filter ("red or blue ones", "red, green and cyan"), starting from the
 * first one found: the colours GA4 offers, each once, and where the listed phrase ends.
 */
export function findColorList(
  text: string,
): { colors: AnnotationColor[]; index: number; end: number } | undefined {
  const first = findColor(text, "loose");
  if (!first) return undefined;
  const colors = first.color ? [first.color] : [];
  let end = first.end;
  for (
    let next = JOINED_COLOR.exec(text.slice(end));
    next;
    next = JOINED_COLOR.exec(text.slice(end))
  ) {
    const color = KNOWN[(next[1] ?? "").toLowerCase()];
    if (color && !colors.includes(color)) colors.push(color);
    end += next[0].length;
  }
  return { colors, index: first.index, end };
}

/** The colour a word names on its own ("red", "Red"), if GA4 offers it. */
export function colourWord(word: string): AnnotationColor | undefined {
  return Object.hasOwn(KNOWN, word.toLowerCase()) ? KNOWN[word.toLowerCase()] : undefined;
}
