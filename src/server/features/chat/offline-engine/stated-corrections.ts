/**
 * Changes stated rather than commanded ("the launch was really on the 14th", "it actually
 * lasted through the 8th", "the referral launch belongs in campaigns", "hmm, it was two weeks
 * earlier"), rewritten as the change they ask for: the grammar of a correction, which no one
 * capability owns, read by the intent stage.
 */
import { daysInUnit, parseCount } from "./count-words.js";
import { withoutTrailing } from "./cut-text.js";

/** A change as the intent stage hands it to the change capability. */
export interface StatedChange {
  intent: "update";
  verb: string;
  rest: string;
}

/** Whether a phrase could be a date, before the date reader is asked. */
export const DATE_LIKE =
  /\d|\b(?:day|week|month|yesterday|today|ago|(?:mon|tues|wednes|thurs|fri|satur|sun)day|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i;

/**
 * Hesitations before a correction ("oh, sorry, …"), never part of what it names. Taken whole and
 * never given back (a lookahead, then its own text): given back one by one, each would have the
 * rest of the message read again.
 */
const LEAD = String.raw`^(?=(?<lead>(?:(?:oh|oops|sorry|actually|wait|correction|hmm)[\s,:!]+)*))\k<lead>`;

/** Corrections stated rather than commanded, rewritten as the change they ask for. */
const CORRECTIONS: {
  pattern: RegExp;
  field: "title" | "date" | "colour" | "end" | "category";
}[] = [
  {
    // "the referral launch belongs in campaigns", "Summer sale goes under Paid Social"; with
    // more said after it (", colour brown") the title's own reading takes the whole.
    pattern: new RegExp(
      String.raw`${LEAD}(?<target>.+?)\s+(?:belongs|goes|should\s+go|ought\s+to\s+go)\s+(?:in(?:to)?|under|with)\s+(?:the\s+)?(?<value>[^,;.]+?)(?:\s+(?:category|ones?))?$`,
      "i",
    ),
    field: "category",
  },
  {
    // "it actually lasted through the 8th", "the hero test actually ended on the 14th", "it
    // actually came down on the 17th": the day it ended, never the day it started.
    pattern: new RegExp(
      String.raw`${LEAD}(?<target>.+?)\s+(?:really|actually|in\s+fact)\s+(?:(?:lasted|ran|went\s+on|continued|kept\s+going|stayed\s+(?:up|on|live))\s+(?:until|till|through|thru|to)|(?:ended|finished|stopped|closed|came\s+down|wrapped\s+up)(?:\s+on)?)\s+(?<value>.+)$`,
      "i",
    ),
    field: "end",
  },
  {
    // "it's actually called X", "Launch should be called Big launch", "the sale is really named X"
    pattern: new RegExp(
      String.raw`${LEAD}(?<target>.+?)(?:\s+(?:should\s+(?:have\s+been|be)|(?:is|was)\s+(?:really|actually)|(?:is|was)\s+supposed\s+to\s+be)|'s\s+(?:really|actually))\s+(?:called|named|titled)\s+(?<value>.+)$`,
      "i",
    ),
    field: "title",
  },
  {
    // "the launch was really on the 14th", "Launch actually happened on Nov 12"
    pattern: new RegExp(
      String.raw`${LEAD}(?<target>.+?)\s+(?:(?:was|is|happened|went\s+live|took\s+place|launched|started|ran)\s+)?(?:really|actually|in\s+fact)\s+(?:(?:was|is|happened|went\s+live|took\s+place)\s+)?(?:on\s+|dated\s+|for\s+)?(?<value>.+)$`,
      "i",
    ),
    field: "date",
  },
  {
    // "actually, Launch happened on Nov 12", "correction: the sale started on the 3rd"; the
    // separators after the first word are taken whole (the lookahead), never given back.
    pattern: new RegExp(
      String.raw`^(?:actually|in\s+fact|correction|oops|sorry)[\s,:!]+(?![\s,:!])(?<target>.+?)\s+(?:was|happened|went\s+live|took\s+place|launched|started|ran|is)\s+(?:on\s+|dated\s+)?(?<value>.+)$`,
      "i",
    ),
    field: "date",
  },
  {
    // "Launch should have been on the 14th", "the sale should be dated Nov 3"
    pattern: new RegExp(
      String.raw`${LEAD}(?<target>.+?)\s+should\s+(?:have\s+been|be)\s+(?:on|dated|for)\s+(?<value>.+)$`,
      "i",
    ),
    field: "date",
  },
  {
    // "that launch happened on the 2nd, not the 3rd": the day it was, and the day it was not.
    pattern: new RegExp(
      String.raw`${LEAD}(?<target>.+?)\s+(?:was|is|happened|went\s+live|took\s+place|launched|started|ran)\s+(?:on\s+|dated\s+)?(?<value>[^,]+?),?\s+not\s+(?:on\s+)?(?:the\s+)?[^,]+$`,
      "i",
    ),
    field: "date",
  },
  {
    // "Launch should be red", "the sale should have been green"
    pattern: new RegExp(
      String.raw`${LEAD}(?<target>.+?)\s+should\s+(?:have\s+been|be)\s+(?<value>purple|brown|blue|green|red|cyan)$`,
      "i",
    ),
    field: "colour",
  },
];

/** "hmm, it was two weeks earlier", "wait, that was 3 days later": the day it is on, moved. */
const SHIFTED = new RegExp(
  String.raw`${LEAD}(?:it|that|this|that\s+one)\s+(?:was|happened|is|should\s+be|should\s+have\s+been)\s+(?:actually\s+|really\s+)?(?<count>a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,3})\s+(?<unit>days?|weeks?|fortnights?)\s+(?<way>earlier|later|before|after|sooner)$`,
  "i",
);

function readShift(text: string): StatedChange | undefined {
  const match = SHIFTED.exec(text);
  if (!match?.groups) return undefined;
  const count = parseCount(match.groups.count!) ?? 1;
  const days = count * daysInUnit(match.groups.unit!);
  const sign = /^(?:earlier|before|sooner)$/i.test(match.groups.way!) ? -1 : 1;
  return { intent: "update", verb: "shiftby", rest: String(sign * days) };
}

export function readCorrection(text: string): StatedChange | undefined {
  const bare = withoutTrailing(text, ".!");
  const shifted = readShift(bare);
  if (shifted) return shifted;
  for (const { pattern, field } of CORRECTIONS) {
    const match = pattern.exec(bare);
    if (!match) continue;
    const target = (match.groups?.target ?? "").trim();
    const value = (match.groups?.value ?? "").trim();
    // The target must be a thing, not a clause of its own ("I think it is really good").
    if (/^(?:i|we|you|this|there|that\s+is)$/i.test(target) || target.split(/\s+/).length > 6)
      continue;
    const dated = field === "date" || field === "end";
    if (dated && !DATE_LIKE.test(value.replace(/⟪\d+⟫/g, ""))) continue;
    // "that launch" names it as "the launch" does.
    const named = target.replace(/^(?:that|this)\s+(?=\S)/i, "the ");
    if (field === "end")
      return { intent: "update", verb: "extend", rest: `${named} until ${value}` };
    return { intent: "update", verb: "change", rest: `the ${field} of ${named} to ${value}` };
  }
  return undefined;
}

/** The stated corrections' patterns, which the change capability lists among its own. */
export const correctionPatterns: readonly RegExp[] = CORRECTIONS.map(({ pattern }) => pattern);
