/**
 * The days a change gives an annotation: moved by a count ("two days earlier", "the week
 * before"), given a length ("make it two weeks", "a day longer"), or a day or last day said, each
 * worked out from the days it covers now. The update skill reads and writes with these; the corpus
 * checker works out the same days with `daysCarriedOut`.
 */
import { annotationSpan } from "../../../../shared/annotation-span.js";
import {
  addDays,
  compareDates,
  isRealDate,
  toIsoDate,
  type CalendarDate,
} from "../../../../shared/calendar-date.js";
import type {
  Annotation,
  UpdateAnnotationRequest,
} from "../../../../shared/contracts/annotations.js";
import { describeAnnotation } from "../assistant-reply.js";
import { draftSources } from "../offline-engine/draft-sources.js";
import { daysInUnit, parseCount } from "../offline-engine/count-words.js";
import { findLength, lastDayOf } from "../offline-engine/lengths.js";
import { latestNumberedIn } from "../offline-engine/dates/calendar.js";
import { parseTarget } from "../offline-engine/extract-target.js";
import type { SlotInput } from "../offline-engine/slots.js";
import type { Understanding } from "../offline-engine/understanding.js";

const SHIFT_BY =
  /^(.+?)\s+(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,3})\s+(days?|weeks?|fortnights?)\s+(earlier|later|before|after|sooner|back|forward)$/i;
/** "move it back two days", "push the launch forward by a week": the direction said first. */
const SHIFT_BY_LEAD =
  /^(.+?)\s+(back|forward|ahead|earlier|later)\s+(?:by\s+)?(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,3})\s+(days?|weeks?|fortnights?)$/i;

/** "(it was) the week before", "the day after": the annotation's own day, moved. */
const RELATIVE_DAY =
  /^(?:the\s+(?:date|day)\s+of\s+)?(?:(?:it|that|this)\s+)?(?:was\s+|is\s+|to\s+)?(?:on\s+)?the\s+(day|week|weekend)\s+(before|after|earlier|later)(?:\s+(?:actually|then|instead|really))?$/i;

/** "move release 4.2 one day earlier", "it was the week before": its days moved, not set. */
export function readShift({
  reading,
  rest,
  quotes,
  understanding,
}: SlotInput): Understanding | undefined {
  // "move release 4.2 one day earlier", "push the podcast two days later".
  const trailing = SHIFT_BY.exec(rest);
  const leading = trailing ? undefined : SHIFT_BY_LEAD.exec(rest);
  const shifted = trailing
    ? { what: trailing[1]!, count: trailing[2]!, unit: trailing[3]!, way: trailing[4]! }
    : leading
      ? { what: leading[1]!, count: leading[3]!, unit: leading[4]!, way: leading[2]! }
      : undefined;
  if (shifted && /^(?:move|push|shift|reschedule|bring|pull)$/.test(reading.verb)) {
    const count = parseCount(shifted.count) ?? 1;
    const days = count * daysInUnit(shifted.unit);
    const pointer = /^(?:it|that|this|that\s+one|this\s+one|the\s+last\s+one)$/i.test(shifted.what);
    const target = pointer ? undefined : parseTarget(shifted.what, quotes);
    const shift = [shifted.count, shifted.unit, shifted.way];
    return {
      ...understanding,
      shiftDays: /^(?:earlier|before|sooner|back)$/i.test(shifted.way) ? -days : days,
      ...(target ? { target } : { pointsBack: true }),
      missing: understanding.missing.filter((piece) => piece !== "date" && piece !== "change"),
      sources: draftSources(
        { date: (leading ? [shifted.way, ...shift.slice(0, 2)] : shift).join(" ") },
        [],
      ),
    };
  }
  // "it was the week before", "make it the day after": one day or week from its own day.
  const relative = RELATIVE_DAY.exec(rest);
  if (!relative) return undefined;
  return {
    ...understanding,
    shiftDays:
      // The weekend before a weekend is seven days earlier, as the week before is.
      (/^week(?:end)?$/i.test(relative[1]!) ? 7 : 1) *
      (/^(?:before|earlier)$/i.test(relative[2]!) ? -1 : 1),
    pointsBack: true,
    missing: understanding.missing.filter((piece) => piece !== "date" && piece !== "change"),
    sources: draftSources({ date: `the ${relative[1]} ${relative[2]}` }, []),
  };
}

/** "make it two weeks", "extend the summer sale by 3 days": a length, from its own days. */
const LONGEST_LENGTH = 120;
const LENGTH_AFTER =
  /^(.+?)\s+(?:(?:to\s+)?(?:last|run|be)\s+)?(by\s+|for\s+)?((?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\s+(?:whole\s+|full\s+)?(?:day|week|fortnight)s?)(?:\s+(?:long|in\s+total|total|longer|more))?$/i;

export function readLength({
  reading,
  rest,
  quotes,
  understanding,
}: SlotInput): Understanding | undefined {
  const longer = /^(?:extend|lengthen|prolong)$/.test(reading.verb);
  if (!longer && !/^(?:make|set|change)$/.test(reading.verb)) return undefined;
  // A length is a few words: a long text is no length, and is not scanned for one.
  if (rest.length > LONGEST_LENGTH) return undefined;
  // From the start of the closing run only: tried inside a long run, it would rescan the run.
  const said = LENGTH_AFTER.exec(
    rest.replace(/(?<![\s,.!])[\s,.!]+(?:(?:please|pls|thanks|thx|then)[\s.!]*)?$/i, ""),
  );
  // "extend it 3 days" adds them; "make it 3 days" is all of it, "make it 3 days longer" adds.
  const length = said && findLength(said[3]!, true);
  if (!said || !length || !("totalDays" in length.length) || (!longer && said[2] === "by "))
    return undefined;
  const days = length.length.totalDays;
  const more = longer || /(?:longer|more)$/i.test(rest.trim());
  const what = said[1]!.replace(/\s+to$/i, "");
  // "add a description to X: double points for the first 2 weeks" sets a field, not its days.
  if (
    /[:"“]|\b(?:description|desc|notes?|details|title|name|colou?r|category|first|last)\b/i.test(
      what,
    )
  )
    return undefined;
  const pointer = /^(?:it|that|this|that\s+one|this\s+one|the\s+last\s+one)$/i.test(what);
  const target = pointer ? undefined : parseTarget(what, quotes);
  if (!pointer && !target) return undefined;
  return {
    ...understanding,
    lengthSaid: more ? { moreDays: days } : { totalDays: days },
    ...(target ? { target } : { pointsBack: true }),
    missing: understanding.missing.filter(
      (piece) => piece !== "date" && piece !== "change" && (!target || piece !== "target"),
    ),
    sources: draftSources({ date: rest.slice(what.length).trim() }, []),
  };
}

/**
 * The days the change gives the annotation: a day said by its number, a shift, a dropped end, a
 * new last day. A day that cannot be is answered as the question to ask instead. The corpus
 * checker carries a reading's days out with it too.
 */
export function setChangedDays(
  changes: UpdateAnnotationRequest,
  understood: Understanding,
  target: Annotation,
): string | null {
  if (understood.bareDays) anchorToTarget(changes, understood, target);
  if (understood.shiftDays !== undefined) {
    // "it was two weeks earlier": every day it covers moves by the same number of days.
    const span = annotationSpan(target);
    const start = addDays(span.start, understood.shiftDays);
    if (compareDates(span.end, span.start) === 0) changes.annotationDate = start;
    else
      changes.annotationDateRange = {
        startDate: start,
        endDate: addDays(span.end, understood.shiftDays),
      };
  }
  if (understood.lengthSaid) {
    // "it ran for 3 days", "a day longer": counted from the days it covers now.
    const span = annotationSpan(target);
    const first = changes.annotationDateRange?.startDate ?? changes.annotationDate ?? span.start;
    const last = lastDayOf(
      understood.lengthSaid,
      first,
      changes.annotationDateRange?.endDate ?? span.end,
    );
    if (compareDates(last, first) < 0)
      return `${describeAnnotation(target)} starts on ${toIsoDate(first)}, so it can't end on ${toIsoDate(last)}. Which day should it end on?`;
    delete changes.annotationDate;
    if (compareDates(last, first) === 0) changes.annotationDate = first;
    else changes.annotationDateRange = { startDate: first, endDate: last };
  }
  if (understood.clearEnd) changes.annotationDate = understood.date ?? annotationSpan(target).start;
  if (understood.endDate) {
    // A new last day keeps the first: the annotation becomes (or stays) a range.
    const own = annotationSpan(target).start;
    // "ran the 3rd to the 5th" of an annotation in October: both days in its month.
    const saidStart =
      understood.date && understood.bareDays
        ? { ...own, day: understood.date.day }
        : understood.date;
    const start = changes.annotationDate ?? saidStart ?? own;
    if (!isRealDate(start))
      return `${describeAnnotation(target)} has no day ${start.day} in its month. Which day should it start on?`;
    // "it ended on the 13th" of one running Oct 2 to Nov 20: the latest 13th it covers; with a
    // first day said too ("the 3rd to the 5th"), the first such day after it.
    const within = saidStart
      ? undefined
      : latestNumberedIn(understood.endDate.day, annotationSpan(target));
    const end = understood.bareDays
      ? (within ?? dayOnOrAfter(understood.endDate.day, start))
      : understood.endDate;
    if (compareDates(end, start) < 0)
      return `${describeAnnotation(target)} starts on ${toIsoDate(start)}, so it can't end on ${toIsoDate(end)}. Which day should it end on?`;
    // "make it run until friday" of a range that starts on the Friday just past: the coming one
    // is meant, which has not come yet; folding the range into one day is never the answer.
    const span = annotationSpan(target);
    if (compareDates(end, start) === 0 && compareDates(span.end, span.start) > 0 && !saidStart)
      return `${describeAnnotation(target)} starts on ${toIsoDate(start)}, so ending on ${toIsoDate(end)} would make it one day. Which day should it end on?`;
    if (compareDates(end, start) === 0) changes.annotationDate = start;
    else changes.annotationDateRange = { startDate: start, endDate: end };
  }
  return null;
}

/**
 * The days a change gives an annotation known by its title and days (the corpus checker's), as
 * `setChangedDays` works them out for the product.
 */
export function daysCarriedOut(
  understanding: Understanding,
  known: { title: string; start: CalendarDate; end?: CalendarDate },
): { date?: string; end?: string; asks?: true } {
  const { start, end } = known;
  const annotation = {
    title: known.title,
    annotationDate: start,
    ...(end ? { annotationDateRange: { startDate: start, endDate: end } } : {}),
  } as Annotation;
  const changes: UpdateAnnotationRequest =
    understanding.date && !understanding.endDate ? { annotationDate: understanding.date } : {};
  if (setChangedDays(changes, understanding, annotation) !== null) return { asks: true };
  const range = changes.annotationDateRange;
  if (range) return { date: toIsoDate(range.startDate), end: toIsoDate(range.endDate) };
  return changes.annotationDate ? { date: toIsoDate(changes.annotationDate) } : {};
}

/**
 * "actually the 5th", "through the 12th": a day said by its number alone is in the annotation's
 * own month (the conversation's), never today's — a story's day is never replaced by today's.
 */
function anchorToTarget(
  changes: UpdateAnnotationRequest,
  understood: Understanding,
  target: Annotation,
): void {
  const start = annotationSpan(target).start;
  if (understood.date && changes.annotationDate) {
    const day = { ...start, day: understood.date.day };
    if (isRealDate(day)) changes.annotationDate = day;
  }
}

/** The first date with that day of the month on or after `from` (the month after, if need be). */
function dayOnOrAfter(dayOfMonth: number, from: CalendarDate): CalendarDate {
  const same = { ...from, day: dayOfMonth };
  if (isRealDate(same) && compareDates(same, from) >= 0) return same;
  const next = addMonths(from, 1);
  return isRealDate({ ...next, day: dayOfMonth }) ? { ...next, day: dayOfMonth } : same;
}

function addMonths(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1, day: 1 };
}
