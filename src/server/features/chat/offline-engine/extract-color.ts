/**
 * Colours by name. GA4 accepts six; other colour words ("orange", "yellow") are recognised only so
 * they can be cut out of a title and ignored, never mapped to a colour the person did not say.
 */
import type { AnnotationColor } from "../../../../shared/annotation-colors.js";
import { oneSlipApart } from "./slips.js";

const KNOWN: Record<string, AnnotationColor> = {
  purple: "PURPLE",
  brown: "BROWN",
  blue: "BLUE",
  green: "GREEN",
  red: "RED",
  cyan: "CYAN",
};
const KNOWN_WORDS = Object.keys(KNOWN).join("|");

/**
 * Real words one slip away from a colour's name ("glue", "greet", "brow", "clan"): never read as a
 * colour, however they are placed.
 */
const NEAR_WORDS = new Set([
  "glue",
  "clue",
  "blur",
  "flue",
  "blew",
  "blub",
  "blues",
  "greet",
  "greed",
  "greek",
  "greens",
  "preen",
  "brow",
  "brows",
  "crown",
  "grown",
  "frown",
  "drown",
  "brawn",
  "browns",
  "clan",
  "scan",
  "cyans",
  "purples",
  "purpose",
  "people",
]);

/**
 * The colour a plainly misspelt name means ("grean", "bleu", "browm", "cyna", "redd", "pruple",
 * "purpul"): one slip from a name of four letters or more, "redd" for red, and purple's vowel
 * swapped too. Short or real words ("rod", "glue") are none.
 */
function misspeltColour(word: string): AnnotationColor | undefined {
  const lower = word.toLowerCase();
  // "blu" is blue's own common slip, short as it is.
  if (lower === "blu") return "BLUE";
  if (lower.length < 4 || NEAR_WORDS.has(lower)) return undefined;
  if (lower === "redd") return "RED";
  if (/^p[ue]r?[pr]?u?[pl][aeuo]?l[e]?$/.test(lower) && lower.length >= 5) return "PURPLE";
  const name = Object.keys(KNOWN).find((known) => known.length >= 4 && oneSlipApart(lower, known));
  return name ? KNOWN[name] : undefined;
}
const UNKNOWN_WORDS =
  "orange|yellow|pink|black|white|gr[ae]y|teal|violet|magenta|gold|golden|silver|navy|maroon|lime|indigo|turquoise|beige";
const ANY_WORDS = `${KNOWN_WORDS}|${UNKNOWN_WORDS}`;
// Where a colour is cued, any word may be one misspelt ("make it grean"): `colourOf` decides.
const CUED_WORDS = `${ANY_WORDS}|blu|[a-z]{4,7}`;

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
  `(?:\\b(?:in|colou?red|colou?r\\s*(?:it\\s+)?(?:as\\s+)?[:=]?|with\\s+(?:a\\s+|the\\s+)?colou?r(?:\\s+of)?|make\\s+it|set\\s+to|using)\\s+(${CUED_WORDS})\\b(?:\\s+colou?r\\b)?)|\\b(${ANY_WORDS})\\s+(?:colou?r(?:ed)?|label|tag|marker|dot)\\b`,
  "gi",
);
// Update phrasings: "to red", "as green".
const TO_COLOR = new RegExp(`\\b(?:to|as|into)\\s+(${CUED_WORDS})\\b(?:\\s+colou?r\\b)?`, "gi");
const BARE_KNOWN = new RegExp(`\\b(${KNOWN_WORDS})\\b`, "i");
const BARE_AT_END = new RegExp(`(?:,\\s*)?\\b(${KNOWN_WORDS}|[a-z]{4,7})[\\s.!]*$`);

const UNKNOWN = new RegExp(`^(?:${UNKNOWN_WORDS})$`, "i");

/** Whether a word names a colour, one GA4 offers or not, misspelt or not. */
function namesColour(word: string): boolean {
  return Object.hasOwn(KNOWN, word.toLowerCase()) || UNKNOWN.test(word) || !!misspeltColour(word);
}

function found(word: string, index: number, end: number): FoundColor {
  return {
    color: Object.hasOwn(KNOWN, word.toLowerCase())
      ? KNOWN[word.toLowerCase()]
      : misspeltColour(word),
    word,
    index,
    end,
  };
}

/** The first match of a cued pattern whose word is a colour ("in grean", never "in store"). */
function firstCued(pattern: RegExp, text: string): FoundColor | undefined {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const word = match[1] ?? match[2] ?? "";
    if (namesColour(word)) return found(word, match.index, match.index + match[0].length);
    // Words overlap between cues ("in in red"): look again from just after this cue's start.
    pattern.lastIndex = match.index + 1;
  }
  return undefined;
}

/**
 * Finds a colour phrase. Modes, from strict to loose:
 * - "cued": only with a colour cue ("in red", "red colour"); a lowercase known colour as the very
 *   last word also counts ("log Deploy today red"), while a capitalised one is left to the title
 *   ("Seeing Red"). A cued or last word may be misspelt ("in cyna", "…, pruple").
 * - "update": as cued, plus "to red" / "as green".
 * - "loose": any known colour word (list filters, "recolor X green").
 */
export function findColor(text: string, mode: "cued" | "update" | "loose"): FoundColor | undefined {
  const cued = firstCued(CUED, text);
  if (cued) return cued;
  if (mode !== "cued") {
    const to = firstCued(TO_COLOR, text);
    if (to) return to;
  }
  if (mode === "loose") {
    const bare = BARE_KNOWN.exec(text);
    if (bare) return found(bare[1] ?? "", bare.index, bare.index + bare[0].length);
  }
  const atEnd = BARE_AT_END.exec(text);
  const word = atEnd?.[1];
  // Only a colour GA4 offers, said or misspelt: "…, orange" at the end is no colour asked for.
  if (atEnd && word && word === word.toLowerCase() && found(word, 0, 0).color)
    return found(word, atEnd.index, atEnd.index + atEnd[0].length);
  return undefined;
}

const OTHER_AT_END = new RegExp(`\\s(${UNKNOWN_WORDS})[\\s.!?]*$`, "i");

/**
 * A colour GA4 lacks as a change's last word ("make Singles Day promo pink"): where nothing else
 * is the change, it is the change asked for, to be chosen again among the six.
 */
export function otherColourAtEnd(text: string): FoundColor | undefined {
  const match = OTHER_AT_END.exec(text);
  return match
    ? { word: match[1] ?? "", index: match.index, end: match.index + match[0].length }
    : undefined;
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

/**
 * A word that is only a colour, said or misspelt ("brown", "bleu", "orange"): its colour, with
 * `color` undefined for one GA4 does not offer. Undefined for any other word.
 */
export function colourAlone(word: string): FoundColor | undefined {
  return namesColour(word) ? found(word, 0, word.length) : undefined;
}

/** The colour a word names on its own ("red", "Red"), if GA4 offers it. */
export function colourWord(word: string): AnnotationColor | undefined {
  return Object.hasOwn(KNOWN, word.toLowerCase()) ? KNOWN[word.toLowerCase()] : undefined;
}
