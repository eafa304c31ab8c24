/**
 * Stage 3 of the offline engine: the pieces of a request (title, date or period, colour,
 * description, which annotation, what changes). It never guesses: a piece it cannot find is
 * listed in `missing` for the engine to ask about. The one default is the product's own: an
 * annotation created without a date is for today.
 *
 * Each capability reads its own pieces (its slot reader, given by the host that registers the
 * capabilities); this stage prepares what they all share and hands the message to the one whose
 * intent it is. The helpers below are the pieces more than one capability reads.
 */
import type { CalendarDate } from "../../../../shared/calendar-date.js";
import { compareDates } from "../../../../shared/calendar-date.js";
import {
  dateLeadIn,
  findDate,
  findDateRange,
  findSpan,
  findDayChoice,
  findUnreadPeriod,
  findVagueWhen,
  type FoundDate,
} from "./extract-dates.js";
import type { Classified, Intent } from "./intents.js";
import type { Normalised } from "./normalise.js";
import { cleanTitle } from "./parse-create.js";
import { cut, tidy } from "./cut-text.js";
import type { Understanding } from "./understanding.js";

export type { Intent, AnnotationReference, Missing, Understanding } from "./understanding.js";

const WHOLE_OF =
  /(?:\b(?:for|during|over|throughout)\s+)?(?:the\s+)?\b(?:whole|entire|full|all)\s+of\s+(?:the\s+)?$/i;
const LEAD_PREPOSITION = /^(?:in|for|during|over|of|from|since|through|throughout)\s+(?:the\s+)?/i;

/**
 * A period that names no one day ("next week", "in October", "over the summer"), where it stands:
 * only at the end of the text or after a preposition, so a title that starts with one ("March
 * madness campaign", "Last week of sale") stays a title.
 */
export function periodWithoutDay(
  text: string,
  today: CalendarDate,
): { words: string; index: number; end: number } | undefined {
  // "on the 3rd or 4th": two days, neither of them said to be the one.
  const choice = findDayChoice(text, today);
  if (choice) return { ...choice, index: dateLeadIn(text, choice.index) };
  if (findDate(text, today)) return undefined;
  const range = findDateRange(text, today);
  const found =
    range && compareDates(range.range.end, range.range.start) > 0
      ? { index: range.index, end: range.end }
      : undefined;
  const written = found ? undefined : (findUnreadPeriod(text) ?? findVagueWhen(text));
  const at = written ? text.toLowerCase().indexOf(written.toLowerCase()) : -1;
  const span = found ?? (written && at >= 0 ? { index: at, end: at + written.length } : undefined);
  if (!span) return undefined;
  const words = text.slice(span.index, span.end).trim();
  const whole = WHOLE_OF.exec(text.slice(0, span.index));
  const index = whole ? whole.index : dateLeadIn(text, span.index);
  const introduced = index < span.index || LEAD_PREPOSITION.test(words);
  const last = tidy(text.slice(span.end).replace(/^'s\b/i, "")) === "";
  if (!introduced && !last) return undefined;
  return { words: words.replace(LEAD_PREPOSITION, ""), index, end: span.end };
}

/** A request about a period the engine cannot read: nothing else is read, nothing is guessed. */
export function unreadPeriod(understanding: Understanding, words: string): Understanding {
  return { ...understanding, unreadPeriod: words, missing: ["period"] };
}

/** Copies only the slots that were found, so results compare cleanly and carry no undefined keys. */
export function defined<T extends object>(slots: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(slots).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/** Words that point back at something already said instead of naming it. */
export const POINTER =
  /^(?:it|this|that|this\s+one|that\s+one|the\s+same|the\s+same\s+one|them|those|these|one)$/i;
export const POINTS_BACK = /\b(?:its?|that\s+one|this\s+one|the\s+same\s+one)\b/i;
/** "that day", "the same day": the day the message already named. */
const SAME_DAY = /\b(?:on\s+|for\s+)?(?:that|the\s+same|this)\s+(?:day|date)\b/i;
/** A subject in front of a story's verb: "we turned on…", "our team shipped…". */
const SUBJECT =
  /^(?:(?:ok|okay|so|well|right|um+|fyi|btw|heads\s+up)[\s,:]+)*(?:we|i|they|our\s+(?:team|devs|developers|marketing(?:\s+team)?)|the\s+(?:team|devs|developers))(?:\s+(?:just|finally|have|had|did))?\s+/i;
/**
 * Verbs that only say the thing happened ("we ran a flash sale", "we had a pop-up"): the title is
 * the thing itself, without its article.
 */
const EMPTY_VERB =
  /^(?:ran|did|had|held|hosted|threw|got|went\s+to|attended|put\s+on|kicked\s+off)\s+(?:(?:a|an|the|our|some)\s+)(?=\S)/i;

/** "so", "i think", "apparently": how a story starts, no part of what happened. */
const STORY_LEAD =
  /^(?:(?:ok|okay|so|well|right|um+|fyi|btw|heads\s+up|basically|apparently|i\s+think|we\s+think|i\s+believe|looks\s+like|seems\s+like)[\s,:]+)+/i;
/** "… and sales dipped", "… bc people hated it": what followed, or why, no part of the event. */
const AFTERMATH =
  /\s+(?:(?:and|but|so)\s+(?:then\s+)?(?:sales|traffic|sessions|conversions?|conversion\s+rate|revenue|orders|signups|sign-ups|people|users|customers|everyone|it|we|numbers)\b|(?:bc|b\/c|because|cos|cuz|since|as)\s+(?!of\b)).*$/i;
/** "our email platform was down": the thing, then how it was, without "was". */
const WAS_STATE = /^(.+?)\s+(?:was|were)\s+(?=(?:down|up|out|offline|broken|slow|live|off|on)\b)/i;

/**
 * A story's event worded as a title: "so our email platform was down most of" → "email platform
 * down", "the affiliate payout change was" (its day cut) → "affiliate payout change".
 */
export function storyWording(told: string): string {
  return tidy(told)
    .replace(STORY_LEAD, "")
    .replace(AFTERMATH, "")
    .replace(/^(?:the|our|my)\s+(?=\S)/i, "")
    .replace(WAS_STATE, "$1 ")
    .replace(/(?:\s+(?:was|were|is|on|at|from|for|by|in|most\s+of|all))+\s*$/i, "")
    .trim();
}

/** A title from the story a request refers to: "we turned on the new checkout" → "Turned on the new checkout". */
export function titleFromStory(
  story: string,
  quotes: readonly string[],
  today: CalendarDate,
): string | undefined {
  let text = story;
  // "we ran a flash sale fri-sun": the days said, all of them, are no part of the title.
  const date = findSpan(text, today) ?? findDate(text, today);
  if (date) text = cut(text, date.index, date.end);
  text = tidy(text).replace(STORY_LEAD, "").replace(AFTERMATH, "");
  const subject = SUBJECT.exec(text);
  text = text.replace(SUBJECT, "");
  if (subject) text = text.replace(EMPTY_VERB, "");
  else text = storyWording(text);
  const title = cleanTitle(text, quotes);
  if (!title || title.split(/\s+/).length > 12) return undefined;
  return title[0]!.toUpperCase() + title.slice(1);
}

/** What every capability's slot reader is given: the message as stages 1 and 2 left it. */
export interface SlotInput {
  reading: Classified;
  /** The story before the request ("we shipped v2 this morning, log it"), if any. */
  story?: string;
  /** The request after its verb, with "that day" taken out (it is `storyDate`). */
  rest: string;
  quotes: readonly string[];
  today: CalendarDate;
  /** The person's category names, so a looser phrase ("in Promos") can name one of them. */
  categoryNames: readonly string[];
  /** The request said "that day" / "the same day". */
  sameDay: boolean;
  /** The day the story names, if it names one. */
  storyDate?: FoundDate;
  /** The intent, what is missing so far (nothing) and the property the message named. */
  understanding: Understanding;
}

/** A capability's own reading of its pieces. */
export type SlotReader = (input: SlotInput) => Understanding;

/** The slot readers of the registered capabilities, by the intent each claims. */
export type SlotReaders = Partial<Record<Intent, SlotReader>>;

export function readSlots(
  reading: Classified,
  normalised: Pick<Normalised, "quotes" | "propertyId">,
  today: CalendarDate,
  categoryNames: readonly string[],
  readers: SlotReaders,
): Understanding {
  const understanding: Understanding = { intent: reading.intent, missing: [] };
  if (normalised.propertyId) understanding.propertyId = normalised.propertyId;
  const reader = readers[reading.intent];
  if (!reader) return understanding;
  let rest = reading.rest;
  // "that day" is the day named elsewhere in the message.
  const sameDay = SAME_DAY.exec(rest);
  const storyDate = reading.story ? findDate(reading.story, today) : undefined;
  if (sameDay) rest = cut(rest, sameDay.index, sameDay.index + sameDay[0].length);
  return reader({
    reading,
    ...(reading.story !== undefined ? { story: reading.story } : {}),
    rest,
    quotes: normalised.quotes,
    today,
    categoryNames,
    sameDay: sameDay !== null,
    ...(storyDate ? { storyDate } : {}),
    understanding,
  });
}

export const QUESTION_START =
  /^(?:what|which|why|how|who|where|when|is|are|was|were|do|does|did|can|could|should|would|will)\b/i;
