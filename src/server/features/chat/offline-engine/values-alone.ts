/**
 * A message that is nothing but a field's value, said in passing: "fine, brown", "bleu",
 * "orange if possible", "cyan is fine", "just till today then", "ok just from the 16th then, no
 * end", "as a release", "two days earlier", "details: …". Typed over a draft it edits the draft;
 * right after an annotation was made or changed, it changes that one (the write gate's
 * `valuesAlone`). Every part of it must be a value: a message with a word of its own is never read
 * as a bare value.
 */
import type { AnnotationColor } from "../../../../shared/annotation-colors.js";
import type { CalendarDate } from "../../../../shared/calendar-date.js";
import { tidy, withoutTrailing } from "./cut-text.js";
import { daysAlone } from "./days-alone.js";
import { categoryAlone } from "./extract-category.js";
import { colourAlone } from "./extract-color.js";
import { daysInUnit, parseCount } from "./count-words.js";
import { findDate } from "./extract-dates.js";
import { findLength, type LengthSaid } from "./lengths.js";

export interface ValuesSaid {
  date?: CalendarDate;
  /** "two days earlier": every day it covers moves by so many. */
  shiftDays?: number;
  newDescription?: string;
  endDate?: CalendarDate;
  bareDays?: boolean;
  color?: AnnotationColor;
  /** A colour GA4 does not offer ("orange"), to be chosen again among the six. */
  unknownColour?: string;
  category?: string;
  clearEnd?: boolean;
  /** "it ran for 3 days", "a day longer": its last day, counted from its own days. */
  lengthSaid?: LengthSaid;
}

/** Politeness and hedges around the value: "ok", "fine,", "just", "i meant", "go with". */
const LEAD =
  /^(?:(?:and|also|now|nope|no(?=\s*[,;:!.-])|ok(?:ay)?|fine|sure|alright|right|well|so|then|just|actually|sorry|oops|hmm+|ugh|oh|i\s+meant|meant|i\s+mean|in\s+that\s+case|make\s+(?:it|that)|let'?s\s+(?:do|go\s+with|say)|go\s+with|use|do|same\s+colou?r\s+as\s+(?:there|before|the\s+other(?:\s+one)?))\b[\s,:;!.-]*)+/i;
const TAIL =
  /(?:[\s,;.-]+(?:then|instead|too|also|now|actually|as\s+well|please|pls|plz|if\s+possible|if\s+you\s+can|(?:is|'s|was|would\s+be)\s+(?:fine|ok(?:ay)?|good|great|right|correct)(?:\s+after\s+all)?|after\s+all|(?:that\s+)?works|will\s+do|thanks|thx|ty|rather|i\s+guess|it\s+is))+$/i;
/** "no end", "no end date", "open ended", "without an end": the range's end taken off. */
const NO_END =
  /^(?:(?:with\s+)?no|without\s+(?:an?\s+)?)\s*end(?:\s+date|\s+day)?$|^open[\s-]?ended$/i;
/** "till today", "through the 8th", "until friday": a new last day alone. */
const UNTIL =
  /^(?:(?:it\s+)?(?:ran|runs|lasted|went\s+on)\s+)?(?:till|until|til|thru|through|to|ending)\s+(.+)$/i;

const SHIFTS = /\b(?:earlier|later|before|after|back|forward|ago|sooner)\b/i;

/** "details: …", "note - …": the description, whatever it says. */
const DETAILS = /^\W*(?:details|description|desc|note)\s*[:=—–-]\s*(.+)$/i;
/** "two days earlier", "a week back": the annotation's days moved. */
const SHIFT_SAID =
  /^(?:it\s+was\s+)?(a|an|one|two|three|four|five|six|seven|\d{1,2}|the)\s+(day|weekend|week|fortnight)s?\s+(earlier|later|before|after|back|forward)$/i;
/** The presets' kinds by one word: "as a release", "incident". */
const PRESET_KINDS: Readonly<Record<string, string>> = {
  incident: "Incidents",
  incidents: "Incidents",
  campaign: "Campaigns",
  campaigns: "Campaigns",
  experiment: "Experiments",
  experiments: "Experiments",
  release: "Site/App Releases",
  releases: "Site/App Releases",
};
/** "colour: red", "category campaigns": the field's name before its value. */
const FIELD_NAME = /^(?:the\s+)?(?:colou?r|category)\s*[:=]?\s+|\s+(?:colou?r|category)$/gi;

/** Longer than this, a message says more than a value. */
const LONGEST = 60;

export function readValuesAlone(
  message: string,
  today: CalendarDate,
  categoryNames: readonly string[],
): ValuesSaid | undefined {
  if (message.length > LONGEST * 2) return undefined;
  const details = DETAILS.exec(message);
  if (details?.[1]) return { newDescription: details[1].trim() };
  const text = withoutTrailing(tidy(message), ".!,").replace(LEAD, "").replace(TAIL, "").trim();
  if (!text || text.length > LONGEST) return undefined;
  const shift = SHIFT_SAID.exec(text);
  if (shift) {
    const count = /^the$/i.test(shift[1]!) ? 1 : (parseCount(shift[1]!) ?? 1);
    const days = count * daysInUnit(shift[2]!);
    return { shiftDays: /earlier|before|back/i.test(shift[3]!) ? -days : days };
  }
  const subject = text.replace(/^(?:it|that|this|the\s+whole\s+thing)\s+/i, "");
  // A count and a unit alone ("2 weeks", "for 2 weeks") may answer anything: a length needs
  // "make it", "it …" or its own verb ("ran for a week", "a day longer").
  const cued = /\bmake\s+(?:it|that)\b/i.test(message) || subject !== text;
  const length = findLength(subject, cued);
  const told =
    cued || "moreDays" in (length?.length ?? {}) || /^\s*(?:ran|lasted|went\s+on)\b/i.test(subject);
  if (length && told && length.index === 0 && length.end === subject.length)
    return { lengthSaid: length.length };
  // "the day before" counts from the annotation's own day, never today's: no day alone.
  if (SHIFTS.test(text)) return undefined;
  const said: ValuesSaid = {};
  for (const raw of text.split(/\s*(?:[,;+&]|\band\b)\s*/i)) {
    const part = raw.replace(LEAD, "").replace(TAIL, "").replace(FIELD_NAME, "").trim();
    if (!part) continue;
    if (!readPart(part, said, today, categoryNames)) return undefined;
  }
  return Object.keys(said).length > 0 ? said : undefined;
}

/** One part as one value, put into what was said; false when the part is no value. */
function readPart(
  part: string,
  said: ValuesSaid,
  today: CalendarDate,
  categoryNames: readonly string[],
): boolean {
  const word = part.replace(/^(?:in|to)\s+/i, "");
  const colour = /^\p{L}+$/u.test(word) ? colourAlone(word) : undefined;
  if (colour && said.color === undefined && said.unknownColour === undefined) {
    if (colour.color) said.color = colour.color;
    else said.unknownColour = colour.word.toLowerCase();
    return true;
  }
  if (NO_END.test(part) && said.endDate === undefined) {
    said.clearEnd = true;
    return true;
  }
  const until = UNTIL.exec(part);
  if (until && said.endDate === undefined) {
    const rest = until[1] ?? "";
    const last = findDate(rest, today);
    if (last && last.index === 0 && last.end === rest.length) {
      said.endDate = last.date;
      return said.clearEnd === undefined;
    }
  }
  const named = part.replace(/^(?:as|in|under)\s+(?:an?\s+|the\s+)?/i, "");
  const category =
    categoryNames.find((name) => name.toLowerCase() === named.toLowerCase()) ??
    PRESET_KINDS[named.toLowerCase()] ??
    categoryAlone(part.replace(/^as\s+(?:an?\s+)?/i, ""), categoryNames);
  if (category && said.category === undefined) {
    said.category = category;
    return true;
  }
  const days = daysAlone(part, today);
  if (days && said.date === undefined) {
    Object.assign(said, days);
    return true;
  }
  return false;
}
