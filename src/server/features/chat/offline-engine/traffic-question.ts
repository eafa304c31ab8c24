import type { TrafficMetric } from "../../../../shared/contracts/traffic.js";

/**
 * Questions about the traffic itself that name no fixed phrase: "how many sessions yesterday?",
 * "how was traffic last week", "was there a spike on the 9th?", "which weekday brings the most
 * visits?". What makes one is what it is about — a measure, a change in the curve, how a day or
 * period did, or the weekly pattern — asked as a question (or as a bare measure, "total sessions
 * this month"), with no annotation named: those stay a list or a title search.
 */

/** The measures the chart draws, in the words people use for them. */
export const METRIC_WORD =
  /\b(?:traffic|sessions|visits|visitors|(?:active\s+)?users|key\s+events?|conversions)\b/i;

/** The measure a question names: "active users", "key events" or "conversions"; else sessions. */
export function metricNamed(text: string): TrafficMetric {
  if (/\b(?:active\s+)?users\b|\bvisitors\b/i.test(text)) return "activeUsers";
  if (/\b(?:key\s+events?|conversions?)\b/i.test(text)) return "keyEvents";
  return "sessions";
}

/** A change in the curve, or the day that stands out in it. */
export const CHANGE_WORD =
  /\b(?:spik(?:e|es|ed|ing)|drop(?:s|ped)?|dip(?:s|ped)?|jump(?:s|ed)?|surg(?:e|es|ed)|peak(?:s|ed)?|slump(?:s|ed)?|weird|odd|strange|unusual|anomal(?:y|ies|ous)|(?:best|worst|busiest|quietest|slowest|biggest|lowest|highest|top|strongest|weakest|peak|record)\s+days?|recover(?:s|ed|y)?|(?:slower|quieter|busier|higher|lower|better|worse)\s+than\s+(?:usual|normal|expected|average))\b/i;

/**
 * The usual week rather than one period: "which weekday…", "do weekends do worse…", "Mondays
 * are always slow". One weekend ("over the weekend") is a period, not the pattern.
 */
const BY_WEEKDAY_WORDS =
  /\b(?:weekdays|weekends|(?:mon|tues|wednes|thurs|fri|satur|sun)days|(?:which|what)\s+(?:week)?day\s+of\s+the\s+week|day\s+of\s+(?:the\s+)?week|(?:which|what)\s+weekday|(?:by|per|each)\s+weekday)\b/i;
/** "is Friday usually our best day?": one weekday asked about as it usually is. */
const USUALLY = /\b(?:usually|typically|normally|generally|on\s+average|tends?\s+to)\b/i;
const WEEKDAY_NAME = /\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b/i;

/** The question is about the usual week, not one period. */
export function asksAboutTheWeek(text: string): boolean {
  return BY_WEEKDAY_WORDS.test(text) || (USUALLY.test(text) && WEEKDAY_NAME.test(text));
}

/** How a day or period did: "how did the 20th do", "how did black friday week go". */
const PERFORMED =
  /^how\s+(?:did|was|were|is|are|has|have)\s+(?:\S+\s+){1,6}?(?:do|go|look|perform|doing|going|looking|performing|done|gone)\b/i;

const QUESTION =
  /^(?:what|what's|whats|which|why|how|how's|when|is|are|was|were|do|does|did|has|have|had|any|anything|compare|total)\b|\?\s*$/i;

/** A measure asked for on its own: "sessions last week", "total conversions in october?". */
const METRIC_LED =
  /^(?:about\s+)?(?:(?:the|our|my|total|daily|overall|average)\s+){0,2}(?:traffic|sessions|visits|visitors|(?:active\s+)?users|key\s+events?|conversions)\b/i;

/** "how do I add another user": asking how to do something, never about the numbers. */
const HOW_TO = /^how\s+(?:do|can|could|should|would)\s+(?:i|we|you)\b/i;

/**
 * An annotation named, noted or pointed at ("what did we log about sessions?", "the traffic
 * spike one"): the question is about what was noted, not the numbers.
 */
const NOTE_WORD =
  /\b(?:annotat\w*|notes?|noted|markers?|entr(?:y|ies)|log|logged|recorded|wrote\s+down|ones?)\b/i;

/** Whether a message can be a date at all, before the date reader is asked. */
const DATE_LIKE =
  /\d|\b(?:day|week|month|year|quarter|q[1-4]|yesterday|today|ago|since|weekend|(?:mon|tues|wednes|thurs|fri|satur|sun)day|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i;

/** The request (courtesy already taken off) asks about the traffic. */
export function asksAboutTraffic(request: string): boolean {
  const text = request.replace(/⟪\d+⟫/g, " ");
  if (HOW_TO.test(text) || NOTE_WORD.test(text)) return false;
  const question = QUESTION.test(text);
  if (METRIC_WORD.test(text)) return question || METRIC_LED.test(text);
  if (!question) return false;
  if (asksAboutTheWeek(text)) return true;
  if (CHANGE_WORD.test(text))
    return DATE_LIKE.test(text) || /\b(?:any|anything|there)\b/i.test(text);
  return PERFORMED.test(text) && DATE_LIKE.test(text);
}

/** "show me sessions for last week", "give me traffic yesterday": a measure asked to be shown. */
export function showsAMeasure(rest: string): boolean {
  const text = rest.replace(/^me\s+/i, "");
  return METRIC_LED.test(text) && !NOTE_WORD.test(text);
}

export const trafficQuestionPatterns = [METRIC_WORD, CHANGE_WORD, BY_WEEKDAY_WORDS, PERFORMED];
