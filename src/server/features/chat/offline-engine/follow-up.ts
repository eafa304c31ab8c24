/**
 * A question asked again with one piece changed: after "how was traffic last week", "and the
 * week before?"; after "how many sessions on Saturday?", "and Sunday?"; after "any incidents last
 * month?", "same for September"; after a list, "only the green ones?". The question answered last
 * is kept (`AskedBefore`); a message that reads as nothing on its own, or starts as a follow-up
 * does ("and …", "what about …", "same for …", "only …"), is that question with the pieces it
 * names put in place of the old ones. Anything that reads as a request of its own stays one.
 * After an undo, "once more" undoes the change before it; after a deletion, "and the printer one
 * too" asks to delete that one.
 */
import {
  addDays,
  compareDates,
  fromIsoDate,
  toIsoDate,
  type CalendarDate,
} from "../../../../shared/calendar-date.js";
import { monthRange, weekRange } from "./dates/calendar.js";
import { findDate, findDateRange } from "./extract-dates.js";
import type { Normalised } from "./normalise.js";
import { readSlots, type SlotReaders } from "./slots.js";
import { METRIC_WORD, metricNamed } from "./traffic-question.js";
import type { AskedBefore, Understanding } from "./understanding.js";

const LEAD =
  /^(?:(?:and|also|ok(?:ay)?|now|then|so)[\s,]+)*(?:(?:what|how)\s+about|same\s+(?:thing\s+|question\s+|again\s+)?(?:for|with)|(?:and\s+)?(?:for|with)|only|just|but)\b[\s,]*|^(?:and|also)\b[\s,]*/i;
const TAIL = /[\s,]*(?:instead|then|too|as\s+well|please)?[\s?.!]*$/i;
const SAME_PERIOD =
  /[\s,]*\b(?:for|in|over|during|on)?\s*(?:that|the\s+same)\s+(?:week|day|month|period|time|weekend|range)\b/i;
const ANNOTATION_WORDS = /\b(?:annotat\w*|notes?|noted|logged|entries|markers?)\b/i;
/** "once more", "and again", "one more time" right after an undo: the change before it too. */
const ONCE_MORE =
  /^(?:(?:and|ok(?:ay)?|now|then|yes|yep|yeah)[\s,]+)*(?:once\s+more|one\s+more(?:\s+time)?|(?:and\s+)?(?:undo\s+|revert\s+)?the\s+one\s+before(?:\s+that)?(?:\s+(?:too|as\s+well|also))?)(?:\s+(?:please|pls|then))?[\s.!]*$/i;
/** "and the cookie banner one too", "the printer outage as well": the same again, for that one. */
const ALSO_THAT =
  /^(?:(?:and|also|plus|oh|ok(?:ay)?)[\s,]+)*(?:the\s+)?(\S(?:.{0,60}?\S)?)(?:\s+(?:one|annotation))?\s+(?:too|as\s+well|also)(?:\s+(?:please|pls))?[\s.!]*$/i;
/** Words that name no annotation of their own: "me too", "that one too", "the rest as well". */
const NAMES_NONE =
  /^(?:it|that|this|them|those|these|one|ones|me|you|us|we|i|rest|others?|all|everything|that\s+one|this\s+one|the\s+rest|the\s+others?|all\s+of\s+them)$/i;

/** A deletion asked again for another annotation, named after the first was. */
function alsoThat(text: string): Understanding | undefined {
  const name = ALSO_THAT.exec(text)?.[1];
  // A name of three letters or more, so a stray word never finds a title by a part of it.
  if (!name || NAMES_NONE.test(name) || name.replace(/[^\p{L}\p{N}]/gu, "").length < 3)
    return undefined;
  return { intent: "delete", target: { kind: "title", title: name }, missing: [] };
}

/** Short enough to be a piece of a question rather than a question of its own. */
const MAX_WORDS = 5;

/** The question a reading asks, kept so the next message can ask it again with a piece changed. */
export function askedBefore(understanding: Understanding): AskedBefore | undefined {
  const { intent } = understanding;
  if (intent === "undo")
    return understanding.reverts ? { intent, reverts: understanding.reverts } : { intent };
  if (intent === "delete") return understanding.everyMatch ? undefined : { intent };
  if (intent !== "list" && intent !== "traffic_day" && intent !== "traffic_period")
    return undefined;
  if (understanding.missing.length > 0) return undefined;
  const asked: AskedBefore = { intent };
  if (understanding.date) asked.date = toIsoDate(understanding.date);
  if (understanding.dateRange) {
    asked.rangeStart = toIsoDate(understanding.dateRange.start);
    asked.rangeEnd = toIsoDate(understanding.dateRange.end);
  }
  if (understanding.metric) asked.metric = understanding.metric;
  if (understanding.by) asked.by = understanding.by;
  if (understanding.category) asked.category = understanding.category;
  if (understanding.color) asked.color = understanding.color;
  if (understanding.titleContains) asked.titleContains = understanding.titleContains;
  return asked;
}

/** The question asked before, as a reading: its intent and pieces. */
function restored(asked: AskedBefore): Understanding {
  return {
    intent: asked.intent,
    missing: [],
    ...(asked.date ? { date: fromIsoDate(asked.date) } : {}),
    ...(asked.rangeStart && asked.rangeEnd
      ? { dateRange: { start: fromIsoDate(asked.rangeStart), end: fromIsoDate(asked.rangeEnd) } }
      : {}),
    ...(asked.metric ? { metric: asked.metric } : {}),
    ...(asked.by ? { by: asked.by } : {}),
    ...(asked.category ? { category: asked.category } : {}),
    ...(asked.color ? { color: asked.color as Understanding["color"] } : {}),
    ...(asked.titleContains ? { titleContains: asked.titleContains } : {}),
  };
}

/** "the week before", "the day after", "the previous month": the period asked about, moved. */
const RELATIVE =
  /^(?:the\s+)?(?:(?<unit>day|week|month)\s+(?<way>before|after|earlier|later)|(?<order>previous|next|following|prior)\s+(?<unit2>day|week|month))$/i;

function moved(before: Understanding, piece: string): Understanding | undefined {
  const match = RELATIVE.exec(piece);
  if (!match?.groups) return undefined;
  const unit = (match.groups.unit ?? match.groups.unit2 ?? "").toLowerCase();
  const back = /^(?:before|earlier|previous|prior)$/i.test(
    match.groups.way ?? match.groups.order ?? "",
  );
  const shift = (date: CalendarDate): CalendarDate =>
    unit === "month"
      ? monthShift(date, back ? -1 : 1)
      : addDays(date, (unit === "week" ? 7 : 1) * (back ? -1 : 1));
  if (before.date) return { ...before, date: shift(before.date) };
  if (!before.dateRange) return undefined;
  const { start, end } = before.dateRange;
  // A whole month asked about moves to the whole of the month beside it.
  if (unit === "month" && start.day === 1 && addDays(end, 1).day === 1) {
    const first = monthShift(start, back ? -1 : 1);
    return { ...before, dateRange: { start: first, end: addDays(monthShift(first, 1), -1) } };
  }
  return { ...before, dateRange: { start: shift(start), end: shift(end) } };
}

/** The same day of the month `months` away, or that month's last day when it has fewer. */
function monthShift(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + date.month - 1 + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = addDays(
    { year: month === 12 ? year + 1 : year, month: (month % 12) + 1, day: 1 },
    -1,
  );
  return { year, month, day: Math.min(date.day, last.day) };
}

/** Whether a piece is nothing but days: "saturday", "the 12th", "nov 3 to 5". */
function onlyDays(piece: string, today: CalendarDate): boolean {
  const found = findDateRange(piece, today) ?? findDate(piece, today);
  return found !== undefined && found.index === 0 && found.end >= piece.trim().length;
}

/** "and Sunday?", "and the week before?", "what about key events?": the traffic question again. */
function trafficAgain(asked: AskedBefore, piece: string, today: CalendarDate) {
  const before = restored(asked);
  const shifted = moved(before, piece);
  if (shifted) return shifted;
  const range = findDateRange(piece, today);
  const day = range ? undefined : findDate(piece, today);
  const metric = METRIC_WORD.test(piece) ? metricNamed(piece) : undefined;
  if (!range && !day && !metric) return undefined;
  const { date: _date, dateRange: _range, ...kept } = before;
  const again: Understanding = { ...kept, ...(metric ? { metric } : {}) };
  if (range && compareDates(range.range.end, range.range.start) > 0)
    return { ...again, intent: "traffic_period" as const, dateRange: range.range };
  const oneDay = range?.range.start ?? day?.date;
  if (oneDay) return { ...again, intent: "traffic_day" as const, date: oneDay };
  return before.date ? { ...again, date: before.date } : { ...again, dateRange: before.dateRange };
}

/** "in that period", "those days", "that window", "then": the period asked about last. */
const THAT_PERIOD =
  /\b(?:that|those|the\s+same)\s+(week|weekend|period|window|days?|time|month|span|range|dates?)\b|\bthen\s*[?.!]*$/i;
/** "what else did we have running then?": a question about what was annotated. */
const ASKS_ANNOTATED =
  /^(?:[\w']+[\s,.!]+){0,4}?(?:what(?:\s+else)?|anything(?:\s+else)?|any|which|(?:was|is|were)\s+there)\b.*\b(?:annotat\w*|logged|log|noted|marked|running|going\s+on|happening|markers?|notes?)\b/i;

/**
 * A list or traffic question about "that week", "those days" or "then", right after one was
 * answered: the period answered, whatever the question asks now. Only when the message names no
 * day of its own.
 */
function samePeriodAgain(
  alone: Understanding,
  asked: AskedBefore,
  text: string,
  today: CalendarDate,
): Understanding | undefined {
  const question = thatPeriodAsked(alone, text, today);
  if (!question) return undefined;
  const { anaphor, list } = question;
  const before = restored(asked);
  const unit = anaphor[1]?.toLowerCase();
  // "what else did we log that week?" after a day: the week that day is in.
  const first = before.date ?? before.dateRange?.start;
  const range =
    before.date && unit === "week"
      ? weekRange(before.date)
      : first && unit === "month"
        ? monthRange(first.year, first.month)
        : (before.dateRange ??
          (before.date ? { start: before.date, end: before.date } : undefined));
  if (!range) return undefined;
  const { date: _date, dateRange: _range, ...rest } = alone;
  if (list) return { ...rest, intent: "list", missing: [], dateRange: range };
  const metric = alone.intent === "unknown" ? metricNamed(text) : alone.metric;
  const oneDay = compareDates(range.start, range.end) === 0;
  return {
    ...rest,
    intent: oneDay ? "traffic_day" : "traffic_period",
    missing: [],
    ...(metric ? { metric } : {}),
    ...(oneDay ? { date: range.start } : { dateRange: range }),
  };
}

/**
 * A list or traffic question about "that week", "those days", "then", naming no day of its own:
 * the words that point back, and whether it asks what was annotated.
 */
function thatPeriodAsked(
  alone: Understanding,
  text: string,
  today: CalendarDate,
): { anaphor: RegExpExecArray; list: boolean } | undefined {
  const anaphor = THAT_PERIOD.exec(text);
  // "which weekday is normally the busiest then": a question about no one period.
  if (
    !anaphor ||
    alone.by ||
    // "what's running right now then": today's, not the period answered.
    /\b(?:normally|usually|typically|generally|in\s+general|ever|now|today|currently)\b/i.test(text)
  )
    return undefined;
  const own = text.slice(0, anaphor.index) + " " + text.slice(anaphor.index + anaphor[0].length);
  if (findDateRange(own, today) ?? findDate(own, today)) return undefined;
  const list = alone.intent === "list" || (alone.intent === "unknown" && ASKS_ANNOTATED.test(text));
  const traffic =
    alone.intent.startsWith("traffic") || (alone.intent === "unknown" && METRIC_WORD.test(text));
  return list || traffic ? { anaphor, list } : undefined;
}

/**
 * "any annotations that week?" with no days answered before it: the days of the annotation just
 * discussed, which resolve knows, or asked about — never every annotation, nor the last 28 days.
 * "then" alone is no period here: "show the red ones then" is a list of its own.
 */
function periodNotAnswered(
  alone: Understanding,
  text: string,
  today: CalendarDate,
): Understanding | undefined {
  const question = thatPeriodAsked(alone, text, today);
  // "during the pinterest one" names its own days.
  if (!question?.anaphor[1] || alone.target) return undefined;
  const { anaphor, list } = question;
  const { date: _date, dateRange: _range, periodAssumed: _assumed, ...rest } = alone;
  const metric = alone.intent === "unknown" ? metricNamed(text) : alone.metric;
  return {
    ...rest,
    intent: list ? "list" : "traffic_period",
    ...(!list && metric ? { metric } : {}),
    pointsBack: true,
    unreadPeriod: anaphor[0],
    missing: ["period"],
  };
}

export function readFollowUp(
  alone: Understanding,
  normalised: Pick<Normalised, "text" | "quotes" | "propertyId">,
  asked: AskedBefore | undefined,
  today: CalendarDate,
  categoryNames: readonly string[],
  readers: SlotReaders,
): Understanding {
  if (normalised.quotes.length > 0) return alone;
  const text = normalised.text.trim();
  if (!asked) return periodNotAnswered(alone, text, today) ?? alone;
  if (asked.intent === "undo")
    return alone.intent === "unknown" && ONCE_MORE.test(text)
      ? { intent: "undo", missing: [], ...(asked.reverts ? { reverts: asked.reverts } : {}) }
      : alone;
  if (asked.intent === "delete")
    return alone.intent === "unknown" ? (alsoThat(text) ?? alone) : alone;
  const samePeriod =
    samePeriodAgain(alone, asked, text, today) ??
    (asked.date || asked.rangeStart ? undefined : periodNotAnswered(alone, text, today));
  if (samePeriod) return samePeriod;
  const lead = LEAD.exec(text);
  // "key events too for that week?": the period asked about already, said again.
  const piece = text
    .slice(lead ? lead[0].length : 0)
    .replace(SAME_PERIOD, "")
    .replace(TAIL, "");
  if (!piece || piece.split(/\s+/).length > MAX_WORDS) return alone;
  // Read as a request of its own ("show the red ones", "delete it"), it stays one.
  const sameKind = (intent: string) => (intent === "list") === (asked.intent === "list");
  // "what about the day after" reads alone as tomorrow; after a question, it is that one moved.
  const asking = alone.intent === "list" || alone.intent.startsWith("traffic");
  // "what about sunday" after a traffic question is that question on Sunday: a list only when it
  // names annotations.
  const sameQuestion =
    asked.intent !== "list" && alone.intent === "list" && !ANNOTATION_WORDS.test(piece);
  // "and saturday?" asks the question again for that day, whatever it reads as alone.
  const daysAsked = lead !== null && /\?\s*$/.test(text) && onlyDays(piece, today);
  const again =
    daysAsked ||
    ((lead || SAME_PERIOD.test(text)) &&
      asking &&
      (sameKind(alone.intent) || sameQuestion || RELATIVE.test(piece)));
  if (alone.intent !== "unknown" && !again) return alone;
  if (asked.intent !== "list") return trafficAgain(asked, piece, today) ?? alone;
  const shifted = moved(restored(asked), piece);
  if (shifted) return shifted;
  const found = readSlots(
    { intent: "list", verb: "show", rest: piece },
    normalised,
    today,
    categoryNames,
    readers,
  );
  if (found.intent !== "list" || found.missing.length > 0) return alone;
  // Words to find in titles only after "what about …", "only …": "hmm" alone is no search.
  const words = lead ? found.titleContains : undefined;
  const changed = found.dateRange || found.color || found.colors || found.category || words;
  if (!changed) return alone;
  const before = restored(asked);
  // A new colour or category narrows the same period; a new period keeps the same filters.
  return {
    ...before,
    ...(found.dateRange ? { dateRange: found.dateRange } : {}),
    ...(found.color ? { color: found.color } : {}),
    ...(found.colors ? { colors: found.colors } : {}),
    ...(found.category ? { category: found.category } : {}),
    ...(words && !found.category && !found.color ? { titleContains: words } : {}),
  };
}
