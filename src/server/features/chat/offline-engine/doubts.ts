/**
 * When a reading may be a guess. The engine writes at once only when it has accounted for the
 * whole message; these are the signs that it has not: a date phrase left inside a title (two
 * readings: the day, or part of the name), a pronoun or a preposition where the name should be, a
 * title made from a story rather than named, words left over after a value. Each sign is a short
 * reason the preview shows the person.
 */
import { findDate } from "./extract-dates.js";
import type { CalendarDate } from "../../../../shared/calendar-date.js";
import type { DraftField } from "../../../../shared/contracts/chat.js";

/** Words that name a time of day, a weekday or a period: inside a title they may be its date. */
const TIME_WORD =
  /\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|yesterday|today|tonight|tomorrow|morning|afternoon|evening|lunch(?:time)?|noon|midnight|weekend|fortnight|ago|(?:last|next|this|past)\s+(?:week|month|year|quarter)|the\s+\d{1,2}(?:st|nd|rd|th)|\d{1,2}(?:st|nd|rd|th)\s+of|(?:since|until|till|around|about)\s+(?:the\s+)?\d|(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b|\d{4}-\d{2}-\d{2})\b/i;

/** Words that stand for something said elsewhere, or lead to a name, never a name of their own. */
const NOT_A_NAME_START =
  /^(?:it|its|it's|this|that|these|those|them|they|he|she|we|i|you|him|her|us|me|there|here|down|up|for|to|of|on|at|by|from|with|about|into|as|the|a|an|and|or|but|so|which|what|when|is|was|were|be|been)\b/i;

/** "… and make it red", "…, then move it": a second instruction inside what would be a value. */
const SECOND_INSTRUCTION =
  /(?:\band\b|,|;|\bthen\b)\s+(?:also\s+)?(?:make|set|change|move|shift|push|describe|rename|call|colou?r|recolou?r|put|add|give|tag|mark|update|delete|remove)\b/i;

/** The longest title, in words, that is taken without a doubt when it was not quoted. */
const LONGEST_SURE_TITLE = 10;

export interface TitleSource {
  /** Quoted titles are verbatim: the person marked where the name starts and ends. */
  quoted: boolean;
  /** Made from a story ("we shipped the new pricing page …, log it"), not named. */
  fromStory: boolean;
  /**
   * A day was read elsewhere in the message (the day itself, where the reader has it). Without
   * one the annotation would go on today, and a time word left in the title is most likely the
   * day the person meant.
   */
  dayRead: boolean | CalendarDate;
}

/** Holidays written as a title's words: with no day read, the person may mean that day. */
const HOLIDAY =
  /\b(?:christmas(?:\s+eve)?|xmas|halloween|new\s+year'?s?(?:\s+(?:eve|day))?|valentine'?s(?:\s+day)?|(?:4th|fourth)\s+of\s+july|july\s+4(?:th)?|thanksgiving|easter|black\s+friday|cyber\s+monday|boxing\s+day)\b/i;
/** "sale 20": a day of the month, or part of the name. */
const DAY_NUMBER_AT_END = /\s(?:[1-9]|[12]\d|3[01])$/;
/** A title cut before its value: "Price increase 8% — date", "Launch on". */
// "day" only after a dash or a comma ("Price increase — day"): "Launch day" is a name.
const LABEL_AT_END =
  /(?:^|\s|[,—–-])(?:date|dated|on|for|at|from|to|until|till|into|onto|through|thru|over|about|of|by|since|titled|called|named|colou?r|category|description|desc|in|and|with)$|(?:^|[,—–-]\s*)day$/i;
/** A clause that describes the event instead of naming it: "what the devs pushed". */
const WH_START = /^(?:what|whatever|something|someone|somebody|whoever|whichever|the\s+thing)\b/i;

const LISTED_COLOUR = /[:,;/]\s*(purple|brown|blue|green|red|cyan)\s*(?:[,;/]|$)/i;

function sameDay(a: CalendarDate, b: CalendarDate): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}

/** Days that are names of their own. */
const NAMED_DAYS =
  /\b(?:black\s+friday|cyber\s+monday|super\s+bowl\s+sunday|boxing\s+day|prime\s+day)\b/gi;

export function titleDoubts(
  title: string | undefined,
  source: TitleSource,
  today: CalendarDate,
): string[] {
  if (!title || source.quoted) return [];
  const doubts: string[] = [];
  if (source.fromStory) doubts.push(`I made the title “${title}” from what you told me`);
  if (!source.dayRead) {
    const unnamed = title.replace(NAMED_DAYS, " ");
    const time =
      TIME_WORD.exec(unnamed) ??
      HOLIDAY.exec(title) ??
      DAY_NUMBER_AT_END.exec(title) ??
      (findDate(unnamed, today) ? [title] : null);
    if (time) doubts.push(`“${time[0].trim()}” in the title may be its date`);
  } else if (source.dayRead !== true) {
    // Two days: the one read, and another left in the title ("Red Friday promo, dated the 20th").
    const other = findDate(title.replace(NAMED_DAYS, " "), today);
    if (other && !sameDay(other.date, source.dayRead))
      doubts.push(`“${title.slice(other.index, other.end)}” in the title is another day`);
  }
  if (LABEL_AT_END.test(title)) doubts.push(`“${title}” ends in the middle of a sentence`);
  if (WH_START.test(title)) doubts.push(`“${title}” describes it rather than naming it`);
  if (NOT_A_NAME_START.test(title) && title.split(/\s+/).length <= 3)
    doubts.push(`“${title}” doesn't look like a name for it`);
  else if (/^(?:it|this|that|them|they|we|i|he|she|me|you|us|one|let'?s|lets)\b/i.test(title))
    doubts.push(`the title starts with “${title.split(/\s+/)[0]}”`);
  // "CDN outage, it's an incident": a clause about it after the name.
  if (/,\s*(?:it'?s|that'?s|this\s+is|which|it\s+was|it\s+went)\b/i.test(title))
    doubts.push(`“${title}” holds more than a name`);
  // "Podcast sponsorship: purple, Campaigns": a list of values after a name, not a name.
  const listed = LISTED_COLOUR.exec(title);
  if (listed) doubts.push(`“${listed[1]}” in the title may be its colour`);
  if (SECOND_INSTRUCTION.test(title))
    doubts.push(`“${title}” looks like more than one instruction`);
  if (title.split(/\s+/).length > LONGEST_SURE_TITLE) doubts.push(`“${title}” is long for a title`);
  return doubts;
}

/** A doubt and the draft fields it is about; none when it is about the request as a whole. */
export interface FieldDoubt {
  text: string;
  fields: readonly DraftField[];
}

export function about(fields: readonly DraftField[], text: string): FieldDoubt {
  return { text, fields };
}

/** Hedging: the person was not sure themselves ("the 3rd or 4th", "maybe the 19th"). */
const HEDGE =
  /\b(?:not\s+(?:(?:totally|entirely|quite|really|fully|completely|super|that|100%?)\s+)?sure|unsure|iirc|i\s+believe|(?:might|could)\s+(?:have\s+been|be)|give\s+or\s+take|or\s+so|roughly|approx(?:imately)?|\d{1,2}(?:st|nd|rd|th)?-?ish|maybe|perhaps|i\s+think|can'?t\s+remember|cannot\s+remember|don'?t\s+remember|don'?t\s+know|or\s+(?:the\s+|on\s+)?\d{1,2}(?:st|nd|rd|th)?\b|or\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day)/i;
/** Words that stand for an event without naming it. */
const VAGUE_THING = /\b(?:thing|things|stuff|something|whatever|it\s+all)\b/i;
/** Several days named where one was read. */
const SEVERAL_DAYS =
  /\d\s*[-–—]\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d|\bweek\s+of\b|\bweekend\b|\b(?:through|thru|until|till|since)\b|(?<![\d-])\d{1,2}(?:st|nd|rd|th)?\s*[-–]\s*\d{1,2}(?:st|nd|rd|th)?(?![\d-])|\b(?:and|&)\s+(?:the\s+|on\s+)?\d{1,2}(?:st|nd|rd|th)\b|\bfrom\b.+\bto\b|\b(?:all|whole)\s+(?:of\s+)?(?:the\s+)?(?:week|month)\b|\b(?:right|correct|relevant)\s+days\b/i;
/** A further instruction about what is being created: it is a change, or a second request. */
const FURTHER =
  /(?:[,;]|\band\b|->|→|\bthen\b)\s*(?:also\s+)?(?:move|call|rename|put|set|change|tag|file|make|mark|give|describe|add)\s+(?:it|its|this|that|them)\b|->|→|\binstead\b/i;
const DESCRIPTION_WORD = /\b(?:description|desc|details)\b/i;
const CATEGORY_WORD =
  /\b(?:categor\w*|tag(?:ged)?|incidents?|releases?|experiments?|campaigns?|paid\s+social|social)\b/i;

/**
 * What a create's whole request says that its reading did not use: hedging, a thing not named,
 * several days where one was read, a further instruction, a description or a category named
 * but not read. `rest` is the request without its title.
 */
export function requestDoubts(
  rest: string,
  read: { title?: string; endDate?: unknown; description?: string; category?: string },
  /** The whole request, title and all: hedging and further instructions never belong in one. */
  whole = rest,
): string[] {
  return requestFieldDoubts(rest, read, whole).map((doubt) => doubt.text);
}

/** `requestDoubts`, each with the draft fields it is about (none: the request as a whole). */
export function requestFieldDoubts(
  rest: string,
  read: { title?: string; endDate?: unknown; description?: string; category?: string },
  whole = rest,
): FieldDoubt[] {
  const doubts: FieldDoubt[] = [];
  const hedge = HEDGE.exec(whole);
  // Hedging is about the day ("maybe the 19th", "the 3rd or 4th"), and the title when it holds it.
  if (hedge)
    doubts.push(
      about(
        read.title?.toLowerCase().includes(hedge[0].toLowerCase()) ? ["title", "date"] : ["date"],
        `you said “${hedge[0]}”`,
      ),
    );
  if (read.title && VAGUE_THING.test(read.title))
    doubts.push(about(["title"], `“${read.title}” doesn't name it`));
  const several = read.endDate === undefined ? SEVERAL_DAYS.exec(rest) : null;
  if (several) doubts.push(about(["date"], `“${several[0]}” may mean several days`));
  // "… and describe it as …" is the description once that is read, not a second instruction.
  const instructions =
    read.description === undefined ? whole : whole.replace(/\bdescribe\s+it\b/gi, " ");
  if (FURTHER.test(instructions)) doubts.push(about([], "it reads like more than one instruction"));
  if (read.description === undefined && DESCRIPTION_WORD.test(rest))
    doubts.push(about(["description"], "I couldn't read the description"));
  const category = read.category === undefined ? CATEGORY_WORD.exec(rest) : null;
  if (category) doubts.push(about(["category"], `“${category[0]}” may name a category`));
  return doubts;
}

/**
 * A create that names its event by referring back ("add it, call it …", "just say …") and names
 * no day: the event was told before, so today is only a guess at its day. A question that already
 * knows the day drops this doubt (see continue-conversation).
 */
export const noDaySaid = "you didn't say which day, so I took today";

/** The words of a naming answer that may come before the name: acceptance and courtesy. */
const ACCEPTANCE =
  /\b(?:yes|yeah|yep|yup|ok|okay|sure|great|cool|perfect|fine|please|thanks|thank\s+you|go\s+ahead|do\s+it|(?:add|log|note|save|annotate|mark)\s+(?:it|that|this)(?:\s+down)?)\b|[,;.:!]/gi;

/** Whether the words before a naming clause are only acceptance ("yes please,", "yeah add it,"). */
export function onlyAcceptance(words: string): boolean {
  return words.replace(ACCEPTANCE, " ").trim() === "";
}

/**
 * An update's target named by period words alone ("make that the week of the 2nd" read "the
 * week" as a title): a time, never a name.
 */
const PERIOD_ONLY =
  /^(?:the\s+|that\s+|this\s+)?(?:week|weekend|month|year|quarter|day|days|morning|afternoon|evening|night|(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d{1,2}(?:st|nd|rd|th)?)$/i;

/**
 * What an update's reading left in doubt: a period read as its target (the request as a whole),
 * or several days read as one (its day).
 */
export function updateDoubts(
  rest: string,
  read: { targetTitle?: string; date?: unknown; endDate?: unknown },
): FieldDoubt[] {
  const doubts: FieldDoubt[] = [];
  if (read.targetTitle !== undefined && PERIOD_ONLY.test(read.targetTitle.trim()))
    doubts.push(about([], `“${read.targetTitle}” is a time, not the name of an annotation`));
  const several =
    read.date !== undefined && read.endDate === undefined ? SEVERAL_DAYS.exec(rest) : null;
  if (several) doubts.push(about(["date"], `“${several[0]}” may mean several days`));
  return doubts;
}

/** Words left beside a value ("Friday and describe it as …" once Friday is read), if any. */
export function leftoverDoubt(left: string): string | undefined {
  const words = left
    .replace(/[.,;:!?]+/g, " ")
    .replace(
      /\b(?:please|pls|thanks|thank\s+you|instead|then|too|as\s+well|now|again|while\s+you(?:'re|\s+are)\s+at\s+it)\b/gi,
      " ",
    )
    .trim();
  return words ? `I couldn't place “${words}”` : undefined;
}

/**
 * Where the title stands in the request it was read from: a title read around words cut from its
 * middle ("Red promo" from "Red Friday promo"), or right after a day with nothing between them
 * ("add Friday newsletter", "the 4th of July promo"), may have lost a word of its own to the date.
 */
export function titlePlacementDoubts(
  request: string,
  title: string,
  today: CalendarDate,
): string[] {
  const text = request.toLowerCase().replace(/\s+/g, " ");
  const wanted = title.toLowerCase().replace(/\s+/g, " ").trim();
  const at = text.indexOf(wanted);
  if (at < 0) return [`I read “${title}” from words that were not together`];
  const before = text.slice(0, at).trim();
  // "add flash deal friday": a weekday right after the name, with nothing between, may be the
  // end of the name ("Flash Deal Friday") as well as its day.
  const after = WEEKDAY_RIGHT_AFTER.exec(text.slice(at + wanted.length));
  if (after) return [`“${after[1]}” may be part of the title`];
  const day = before ? findDate(before, today) : undefined;
  if (!day || day.end !== before.length) return [];
  const lead = before.slice(0, day.index).trim();
  return /(?:\b(?:on|for|at|from|dated|since|by|of|in)|[,;:—–-])$/.test(lead)
    ? []
    : [`“${before.slice(day.index)}” may be part of the title`];
}

const WEEKDAY_RIGHT_AFTER = /^ ((?:mon|tues|wednes|thurs|fri|satur|sun)day)\b[\s.!]*(?:$|[,;])/;

/** The doubt of an annotation named by part of its title ("the outage" for "Payment provider outage"). */
export function namedByPart(said: string, title: string): string {
  return `I took “${said}” to mean “${title}”`;
}

/** Whether a value's text holds a second instruction ("Friday and make it red"). */
export function holdsSecondInstruction(text: string): boolean {
  return SECOND_INSTRUCTION.test(text);
}
