/**
 * Stage 3 of the offline engine: the pieces of a request (title, date or period, colour,
 * description, which annotation, what changes). It never guesses: a piece it cannot find is
 * listed in `missing` for the engine to ask about. The one default is the product's own: an
 * annotation created without a date is for today.
 */
import type { AnnotationColor } from "../../../../shared/annotation-colors.js";
import type { CalendarDate } from "../../../../shared/calendar-date.js";
import type { AnnotationReference } from "../annotation-reference.js";
import { addDays, compareDates } from "../../../../shared/calendar-date.js";
import type { TrafficMetric } from "../../../../shared/contracts/traffic.js";
import { findCategory, findCategoryAdjective } from "./extract-category.js";
import { dateLeadIn, findDate, findDateRange, findUnreadPeriod } from "./extract-dates.js";
import type { Classified, Intent } from "./intents.js";
import type { Normalised } from "./normalise.js";
import { parseDelete, parseUpdate } from "./parse-change.js";
import { parseTarget } from "./extract-target.js";
import { cleanTitle, parseCreate } from "./parse-create.js";
import { parseList } from "./parse-list.js";
import { cut, tidy } from "./cut-text.js";
import { soleQuote } from "./quoted-text.js";

export type { Intent } from "./intents.js";
export type { AnnotationReference } from "../annotation-reference.js";

export type Missing = "title" | "date" | "target" | "change" | "category" | "period";

export interface Understanding {
  intent: Intent;
  /** create: the new annotation's title. */
  title?: string;
  description?: string;
  /** create: its date; update: the date to move it to. For a range, its first day. */
  date?: CalendarDate;
  /**
   * create: the last day, when the annotation marks a range of days; update: its new last day
   * ("extend the sale to Friday").
   */
  endDate?: CalendarDate;
  /** list: the period asked about ("last month", "in March", "between Nov 1 and Nov 10", "this week"). */
  dateRange?: { start: CalendarDate; end: CalendarDate };
  /** create: its colour; update: the new colour; list: colour filter. */
  color?: AnnotationColor;
  /** list / delete-all: several colours, any of which will do ("red or blue ones"). */
  colors?: AnnotationColor[];
  /** list / delete-all: only this many of the newest annotations by date ("the last 5"). */
  latest?: number;
  /**
   * create/update: the category to put the annotation in; list: the category to show. As the
   * person wrote it ("release", "Paid Social"): the categories service decides what it names.
   */
  category?: string;
  /** update: take the annotation out of its category. */
  clearCategory?: boolean;
  /** update/delete: which annotation (by id, by its title, or "the last one"). */
  target?: AnnotationReference;
  /** update/delete: the request points back at the annotation of the previous turn ("it", "that one"). */
  pointsBack?: boolean;
  /** delete: every annotation matching the period/colour ("delete all the red ones from last week"). */
  everyMatch?: boolean;
  /** update: "rename X to Y" → newTitle Y. */
  newTitle?: string;
  /** update: new description. */
  newDescription?: string;
  /** list: text the title should contain ("show annotations about Black Friday"). */
  titleContains?: string;
  /**
   * list / traffic / delete-all: a period named in words the engine does not read ("last
   * fortnight"); create: a period that names no one day ("next week"), asked about instead.
   */
  unreadPeriod?: string;
  /** traffic_day / traffic_period: the measure asked about; sessions unless another is named. */
  metric?: TrafficMetric;
  /** A GA4 property id written in the message ("for property 123456789"). */
  propertyId?: string;
  /** What the request lacks and must be asked for instead of guessed, e.g. create without a title. */
  missing: Missing[];
}

const WHOLE_OF =
  /(?:\b(?:for|during|over|throughout)\s+)?(?:the\s+)?\b(?:whole|entire|full|all)\s+of\s+(?:the\s+)?$/i;
const LEAD_PREPOSITION = /^(?:in|for|during|over|of|from|since|through|throughout)\s+(?:the\s+)?/i;

/**
 * A period that names no one day ("next week", "in October", "over the summer"), where it stands:
 * only at the end of the text or after a preposition, so a title that starts with one ("March
 * madness campaign", "Last week of sale") stays a title.
 */
function periodWithoutDay(
  text: string,
  today: CalendarDate,
): { words: string; index: number; end: number } | undefined {
  if (findDate(text, today)) return undefined;
  const range = findDateRange(text, today);
  const found =
    range && compareDates(range.range.end, range.range.start) > 0
      ? { index: range.index, end: range.end }
      : undefined;
  const written = found ? undefined : findUnreadPeriod(text);
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
function unreadPeriod(understanding: Understanding, words: string): Understanding {
  return { ...understanding, unreadPeriod: words, missing: ["period"] };
}

/** Copies only the slots that were found, so results compare cleanly and carry no undefined keys. */
function defined<T extends object>(slots: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(slots).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/** Words that point back at something already said instead of naming it. */
const POINTER =
  /^(?:it|this|that|this\s+one|that\s+one|the\s+same|the\s+same\s+one|them|those|these|one)$/i;
const POINTS_BACK = /\b(?:its?|that\s+one|this\s+one|the\s+same\s+one)\b/i;
/** "that day", "the same day": the day the message already named. */
const SAME_DAY = /\b(?:on\s+|for\s+)?(?:that|the\s+same|this)\s+(?:day|date)\b/i;
/** Words that make a create's dates a range rather than one day ("from … to" is read below). */
const RANGE_CUE =
  /\b(?:between\s|(?:all|(?:the\s+)?(?:whole|entire|full))\s+of\s+(?:last|this)\s+(?:week|month)|(?:the\s+)?black\s+friday\s+weekend)/i;
const FROM = /\bfrom\s+\S/i;
const RANGE_CONNECTOR = /\s(?:to|until|till|through|-|–)\s/i;

/**
 * Whether a create names a range of days. "from X … to Y" is looked for after the first "from"
 * only: a pattern reads the rest of the message after every "from" when no "to" follows.
 */
function namesRange(text: string): boolean {
  const from = FROM.exec(text);
  return (
    RANGE_CUE.test(text) ||
    (from !== null && RANGE_CONNECTOR.test(text.slice(from.index + from[0].length)))
  );
}

/** "all", "every", "everything": a deletion of whatever matches the filters. */
const EVERY = /^(?:all|every|everything)\b(?:\s+(?:of\s+)?(?:the|my)\s+)?/i;
/** A subject in front of a story's verb: "we turned on…", "our team shipped…". */
const SUBJECT =
  /^(?:so\s+)?(?:we|i|they|our\s+(?:team|devs|developers|marketing(?:\s+team)?)|the\s+team)(?:\s+(?:just|finally|have|had|did))?\s+/i;

/** A title from the story a request refers to: "we turned on the new checkout" → "Turned on the new checkout". */
function titleFromStory(
  story: string,
  quotes: readonly string[],
  today: CalendarDate,
): string | undefined {
  let text = story;
  const date = findDate(text, today);
  if (date) text = cut(text, date.index, date.end);
  text = tidy(text).replace(SUBJECT, "");
  const title = cleanTitle(text, quotes);
  if (!title || title.split(/\s+/).length > 12) return undefined;
  return title[0]!.toUpperCase() + title.slice(1);
}

/** Create verbs that, with a category and nothing new, put an existing annotation in it. */
const PUT_VERB = /^(?:put|place|drop|add)$/;

/**
 * List verbs that are only question words: they ask for a list when the question is about
 * annotations (a period, a colour, a category, a quoted title or one of these words), and are
 * otherwise a question the engine cannot answer.
 */
const QUESTION_VERB = /^(?:what|which|any|anything|check|tell me|how many|are there|do i have)$/;
const ABOUT_ANNOTATIONS =
  /\b(?:annotat\w*|events?|happen\w*|notes?|noted|markers?|entr(?:y|ies)|logged|recorded|marked|added|created|categor\w*|tagged|labell?ed)\b/i;

/**
 * "put it in Incidents", "put “Black Friday” in Campaigns": a create verb, a category, and an
 * annotation named by a pointer or a quoted title alone — no date, colour or description — asks
 * to put an existing annotation in the category. ("add" only with "to": "add it to Incidents".)
 */
function readPutInCategory(
  verb: string,
  rest: string,
  quotes: readonly string[],
  categoryNames: readonly string[],
): Understanding | undefined {
  if (!PUT_VERB.test(verb)) return undefined;
  const found = findCategory(rest, quotes, categoryNames);
  if (!found) return undefined;
  if (verb === "add" && !/^(?:to|into)\b/i.test(rest.slice(found.index))) return undefined;
  const left = tidy(cut(rest, found.index, found.end));
  const pointer = POINTER.test(left);
  const quoted = pointer ? undefined : soleQuote(left, quotes);
  if (!pointer && !quoted) return undefined;
  return {
    intent: "update",
    category: found.reference,
    missing: [],
    ...(pointer ? { pointsBack: true } : { target: { kind: "title", title: quoted! } }),
  };
}

/** The measure a traffic question names: "active users", "key events" or "conversions"; else sessions. */
function metricIn(text: string): TrafficMetric {
  if (/\b(?:active\s+)?users\b|\bvisitors\b/i.test(text)) return "activeUsers";
  if (/\b(?:key\s+events?|conversions?)\b/i.test(text)) return "keyEvents";
  return "sessions";
}

export function readSlots(
  reading: Classified,
  normalised: Pick<Normalised, "quotes" | "propertyId">,
  today: CalendarDate,
  /** The person's category names, so a looser phrase ("in Promos") can name one of them. */
  categoryNames: readonly string[] = [],
): Understanding {
  const { intent, verb } = reading;
  let story = reading.story;
  const quotes = normalised.quotes;
  let rest = reading.rest;
  const understanding: Understanding = { intent, missing: [] };
  if (normalised.propertyId) understanding.propertyId = normalised.propertyId;
  // "that day" is the day named elsewhere in the message.
  const sameDay = SAME_DAY.exec(rest);
  const storyDate = story ? findDate(story, today) : undefined;
  if (sameDay) rest = cut(rest, sameDay.index, sameDay.index + sameDay[0].length);

  let rangeStart: CalendarDate | undefined;
  switch (intent) {
    case "create": {
      const put = readPutInCategory(verb, rest, quotes, categoryNames);
      if (put)
        return {
          ...put,
          ...(understanding.propertyId ? { propertyId: understanding.propertyId } : {}),
        };
      // "log a release “Checkout v2”", "a Campaigns annotation called …".
      const adjective = findCategoryAdjective(rest, categoryNames);
      if (adjective) {
        understanding.category = adjective.reference;
        rest = rest.slice(adjective.end).replace(/^\s*:?\s*/, "");
      }
      // "from Nov 3 to Nov 10", "for all of last week", "Black Friday weekend": a range of days.
      if (namesRange(rest)) {
        const found = findDateRange(rest, today);
        if (found && compareDates(found.range.end, found.range.start) > 0) {
          rest = cut(rest, dateLeadIn(rest, found.index), found.end);
          understanding.endDate = found.range.end;
          rangeStart = found.range.start;
        }
      }
      // "log the sale next week", "we launched it last month": a period that names no one day
      // is asked about, never replaced by today, and is not part of the title.
      const vague = rangeStart ? undefined : periodWithoutDay(rest, today);
      if (vague) rest = cut(rest, vague.index, vague.end);
      const storyVague =
        !vague && !rangeStart && story && !storyDate ? periodWithoutDay(story, today) : undefined;
      if (story && storyVague) story = cut(story, storyVague.index, storyVague.end);
      const pointer = POINTER.test(tidy(rest).replace(/^(?:down|up)\s+/i, ""));
      const { invalidDate, date, ...slots } = parseCreate(
        pointer ? "" : rest,
        quotes,
        today,
        categoryNames,
      );
      Object.assign(understanding, defined(slots));
      if (!understanding.title && story) {
        const title = titleFromStory(story, quotes, today);
        if (title) understanding.title = title;
      }
      if (!understanding.title) understanding.missing.push("title");
      const wroteDate = findDate(rest, today) !== undefined;
      const unreadWhen = vague?.words ?? storyVague?.words;
      if (unreadWhen) understanding.unreadPeriod = unreadWhen;
      // A written date that does not exist is asked about, not replaced by today.
      if (invalidDate || unreadWhen) understanding.missing.push("date");
      else understanding.date = rangeStart ?? (!wroteDate && storyDate ? storyDate.date : date);
      break;
    }
    case "traffic_day": {
      // "what happened last week?" asks about a period's annotations, as it always has.
      const range = findDateRange(rest, today);
      // The question's own words name the measure ("why did active users drop …").
      understanding.metric = metricIn(reading.rest + " " + (reading.verb ?? ""));
      if (range && compareDates(range.range.end, range.range.start) > 0)
        return {
          ...understanding,
          intent: "list",
          dateRange: range.range,
        };
      const day = range?.range.start ?? findDate(rest, today)?.date;
      const unread = day ? undefined : findUnreadPeriod(rest);
      if (day) understanding.date = day;
      else if (unread) return unreadPeriod(understanding, unread);
      else understanding.missing.push("date");
      break;
    }
    case "traffic_period": {
      understanding.metric = metricIn(rest);
      const named = findDateRange(rest, today)?.range;
      const unread = named ? undefined : findUnreadPeriod(rest);
      if (unread) return unreadPeriod(understanding, unread);
      // Without a period: the chart's default, the last 28 days up to yesterday.
      const yesterday = addDays(today, -1);
      const asked = named ?? {
        start: addDays(today, -28),
        end: yesterday,
      };
      // Today is not complete and later days have no data (the chart's ranges end yesterday):
      // they would read as drops. A period with no complete day is kept for the engine to say so.
      understanding.dateRange =
        compareDates(asked.start, yesterday) <= 0 && compareDates(asked.end, yesterday) > 0
          ? { start: asked.start, end: yesterday }
          : asked;
      break;
    }
    case "list": {
      const slots = parseList(verb, rest, quotes, today, categoryNames);
      const unread = slots.dateRange ? undefined : findUnreadPeriod(rest);
      if (unread) return unreadPeriod(understanding, unread);
      // "what is 2+2", "any news?": a question word alone does not make a list request.
      if (
        QUESTION_VERB.test(verb) &&
        !slots.dateRange &&
        !slots.color &&
        !slots.colors &&
        !slots.latest &&
        !slots.category &&
        !/⟪\d+⟫/.test(rest) &&
        !ABOUT_ANNOTATIONS.test(rest)
      )
        return { ...understanding, intent: "unknown" };
      Object.assign(understanding, defined(slots));
      break;
    }
    case "delete":
    case "update": {
      // "remove “Sale” from Campaigns" takes it out of the category; the annotation stays.
      const from = intent === "delete" ? findCategory(rest, quotes, categoryNames) : undefined;
      if (from && /^from\b/i.test(rest.slice(from.index))) {
        const target = parseTarget(cut(rest, from.index, from.end), quotes);
        return {
          intent: "update",
          clearCategory: true,
          missing: target || POINTS_BACK.test(rest) ? [] : ["target"],
          ...(target ? { target } : POINTS_BACK.test(rest) ? { pointsBack: true } : {}),
        };
      }
      const every = intent === "delete" && EVERY.test(tidy(rest));
      // "delete the last 3 annotations" means those three, shown for confirmation like "all".
      const newest =
        intent === "delete" && !every
          ? parseList("find", rest, quotes, today, categoryNames).latest
          : undefined;
      if (every || (newest ?? 0) > 1) {
        // "delete all the test annotations": words left once the filler is gone are a title search.
        const filters = parseList("find", rest.replace(EVERY, ""), quotes, today, categoryNames);
        const unread = filters.dateRange ? undefined : findUnreadPeriod(rest);
        if (unread) return { ...unreadPeriod(understanding, unread), everyMatch: true };
        Object.assign(understanding, defined(filters), { everyMatch: true });
        if (
          !filters.dateRange &&
          !filters.color &&
          !filters.colors &&
          !filters.latest &&
          !filters.titleContains &&
          !filters.category
        )
          understanding.missing.push("target");
        break;
      }
      const slots =
        intent === "update"
          ? parseUpdate(verb, rest, quotes, today, categoryNames)
          : parseDelete(rest, quotes, today);
      Object.assign(understanding, defined(slots));
      if (!understanding.target && POINTS_BACK.test(rest)) understanding.pointsBack = true;
      if (
        intent === "update" &&
        sameDay &&
        storyDate &&
        understanding.date === undefined &&
        understanding.missing.includes("change")
      ) {
        understanding.date = storyDate.date;
        understanding.missing = understanding.missing.filter((item) => item !== "change");
      }
      break;
    }
    case "unknown": {
      // "the site was down from 2pm to 4pm yesterday": a dated happening told, not a request.
      // Its title and day are kept so the reply can offer to note it; nothing is written unasked.
      if (/\?\s*$/.test(rest) || QUESTION_START.test(rest)) break;
      const day = findDate(rest, today);
      const title =
        day && compareDates(day.date, today) <= 0 && titleFromStory(rest, quotes, today);
      if (day && title) return { ...understanding, title, date: day.date };
      break;
    }
    default:
      break;
  }
  return understanding;
}

const QUESTION_START =
  /^(?:what|which|why|how|who|where|when|is|are|was|were|do|does|did|can|could|should|would|will)\b/i;
