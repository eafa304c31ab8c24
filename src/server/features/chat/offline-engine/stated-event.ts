/**
 * An event named with its days and no verb: "Flash sale over the weekend", "Blog migration on oct
 * 28, blue", "Sitemap rebuild 16-18 november". Every sign of a new annotation is there but the
 * word asking for one, so it is read as a create — and, since that word is missing, always shown
 * as a draft card, never written at once. Its name must be the noun phrase the message opens with
 * (the language library's tags), so a sentence, a question or a greeting is never one.
 */
import type { CalendarDate } from "../../../../shared/calendar-date.js";
import { findDate, findSpan } from "./extract-dates.js";
import { openingName, openingNounPhrase } from "./language.js";
import { METRIC_WORD } from "./traffic-question.js";

/** Longer than this, a message is a story or a paste, not an event's name and days. */
const LONGEST = 160;
/** A question, or words that ask, tell or greet rather than name. */
const NOT_A_NAME =
  /\?|^(?:what|which|why|how|who|where|when|is|are|was|were|do|does|did|can|could|should|would|will|i|we|you|they|it|this|that|there|hi|hey|hello|thanks|ok|okay|yes|no|please|pls|show|list|tell)\b/i;
/** "the one from Nov 21": a pointer at an annotation, never a name. */
const POINTER = /^(?:the\s+)?(?:one|ones|last|first|other|same|latest|newest|oldest)$/i;
/** What may stand between a name and its days: a preposition or a mark, nothing that tells. */
const LINK =
  /^[\s,:;–—-]*(?:(?:on|for|from|over|during|through|thru|since|between|in|at|the|all|of|dated)\s+)*$/i;
const PRODUCT_WORD = /\b(?:pageviews?|page\s+views|annotations)\b/i;

/** "annotation: Loyalty tier migration, oct 20 through 24": a label before the name. */
const LABEL = /^\s*(?:new\s+)?(?:annotation|note|event)\s*:\s*/i;

export function statedEvent(message: string, today: CalendarDate): boolean {
  const text = message.replace(LABEL, "");
  if (text.length > LONGEST || NOT_A_NAME.test(text.trim())) return false;
  if (METRIC_WORD.test(text) || PRODUCT_WORD.test(text)) return false;
  const days = findSpan(text, today) ?? findDate(text, today);
  if (!days || days.index === 0) return false;
  const before = text.slice(0, days.index);
  const phrase = openingNounPhrase(before);
  // The name is all the words before the days: "newsletter 47 went out on the 13th" tells of
  // something, perhaps an annotation already there, and is left to the readings that know them.
  const whole = phrase && LINK.test(before.slice(phrase.end)) ? phrase : openingName(before);
  if (!whole || whole.start !== 0 || !/\p{L}{2,}/u.test(whole.text) || POINTER.test(whole.text))
    return false;
  return LINK.test(before.slice(whole.end));
}
