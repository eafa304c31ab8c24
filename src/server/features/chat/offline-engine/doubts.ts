/**
 * When a reading may be a guess. The engine writes at once only when it has accounted for the
 * whole message; these are the signs that it has not: a date phrase left inside a title (two
 * readings: the day, or part of the name), a pronoun or a preposition where the name should be, a
 * title made from a story rather than named, words left over after a value. Each sign is a short
 * reason the preview shows the person.
 */
import { findDate } from "./extract-dates.js";
import type { CalendarDate } from "../../../../shared/calendar-date.js";

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
   * A day was read elsewhere in the message. Without one the annotation would go on today, and a
   * time word left in the title is most likely the day the person meant.
   */
  dayRead: boolean;
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
    const time = TIME_WORD.exec(unnamed) ?? (findDate(unnamed, today) ? [title] : null);
    if (time) doubts.push(`“${time[0]}” in the title may be its date`);
  }
  if (NOT_A_NAME_START.test(title) && title.split(/\s+/).length <= 3)
    doubts.push(`“${title}” doesn't look like a name for it`);
  else if (/^(?:it|this|that|them|they|we|i|he|she)\b/i.test(title))
    doubts.push(`the title starts with “${title.split(/\s+/)[0]}”`);
  if (SECOND_INSTRUCTION.test(title))
    doubts.push(`“${title}” looks like more than one instruction`);
  if (title.split(/\s+/).length > LONGEST_SURE_TITLE) doubts.push(`“${title}” is long for a title`);
  return doubts;
}

/** Words left beside a value ("Friday and describe it as …" once Friday is read), if any. */
export function leftoverDoubt(left: string): string | undefined {
  const words = left
    .replace(/[.,;:!?]+/g, " ")
    .replace(/\b(?:please|pls|thanks|thank\s+you|instead|then|too|as\s+well|now|again)\b/gi, " ")
    .trim();
  return words ? `I couldn't place “${words}”` : undefined;
}

/** Whether a value's text holds a second instruction ("Friday and make it red"). */
export function holdsSecondInstruction(text: string): boolean {
  return SECOND_INSTRUCTION.test(text);
}
