/** Slots of a list request: the period, a colour filter and text the title should contain. */
import { annotationColors, type AnnotationColor } from "../../../../shared/annotation-colors.js";
import { findCategory, findCategoryInList } from "./extract-category.js";
import { parseCount } from "./count-words.js";
import { findColorList } from "./extract-color.js";
import { findDateRange, findNearDay, type DateRange } from "./extract-dates.js";
import { addDays, type CalendarDate } from "../../../../shared/calendar-date.js";
import { cut, tidy } from "./cut-text.js";
import { firstQuote, restoreQuotes } from "./quoted-text.js";

export interface ListSlots {
  dateRange?: DateRange;
  /** "around the 9th": the day the annotations should be close to. */
  near?: CalendarDate;
  color?: AnnotationColor;
  /** Several colours, any of which will do ("red or blue ones"); one colour is `color`. */
  colors?: AnnotationColor[];
  /** Only this many of the newest annotations by date ("the last 5", "the latest note"). */
  latest?: number;
  titleContains?: string;
  /** The category the annotations should be in, as written ("incidents"). */
  category?: string;
}

/** How many days either side of "around the 9th" are shown. */
const NEAR_DAYS = 3;

const NOT_COLOURED =
  /\b(?:except(?:\s+for)?|but\s+not|not|other\s+than|excluding|without|aren't|are\s+not|isn't|is\s+not|non)[\s-]*(?:the\s+|any\s+)?(?:(?:ones?|annotations?|notes?)\s+)?(?:in\s+|that\s+are\s+)?$/i;
const COUNT = String.raw`\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty`;
// "the last 5", "the latest annotation", "the three most recent notes", "the newest one",
// "(show) 10 annotations".
const LATEST = new RegExp(
  String.raw`\b(?:the\s+)?(?:(?:last|latest|newest|most\s+recent)(?:\s+(${COUNT}))?|(${COUNT})\s+(?:latest|newest|most\s+recent|last))(?:\s+(annotations?|notes?|ones?|entries|entry|markers?))?\b|^(?:me\s+)?(?:the\s+)?(${COUNT})\s+(annotations?|notes?|entries|entry)\b`,
  "i",
);
const CONTAINS_MARKER =
  /\b(?:about|regarding|concerning|containing|contains?|mentioning|mentions?|matching|match(?:es)?|titled|called|named|related\s+to|with\s+(?:the\s+)?(?:words?|text|title)|that\s+(?:mention|contain|say)s?|for|on)\s+(.+)$/i;
const WITH_IN_TITLE = /\bwith\s+(.+?)\s+in\s+(?:the|their|its)\s+(?:title|name)s?\b/i;
const FILLER =
  /\b(?:me|my|all|the|annotations?|notes?|everything|anything|do|i|have|are|there|what|which|any|of|we|made|created|added|ones?|some|please|so\s+far|in\s+the\s+title|you|got|exist|existing|list|show|them|these|those|every|recent|latest|newest)\b/gi;

export function parseList(
  verb: string,
  rest: string,
  quotes: readonly string[],
  today: CalendarDate,
  categoryNames: readonly string[] = [],
): ListSlots {
  const slots: ListSlots = {};
  let text = rest;
  const quoted = firstQuote(text, quotes);
  if (quoted) {
    if (quoted.value) slots.titleContains = quoted.value;
    text = cut(text, quoted.index, quoted.end);
  }
  // "around the 9th": the days either side are shown, the day itself kept for the answer.
  const near = findNearDay(text, today);
  if (near) {
    slots.near = near.date;
    slots.dateRange = { start: addDays(near.date, -NEAR_DAYS), end: addDays(near.date, NEAR_DAYS) };
    text = cut(text, near.index, near.end);
  }
  const range = near ? undefined : findDateRange(text, today);
  if (range) {
    slots.dateRange = range.range;
    text = cut(text, range.index, range.end);
  }
  const found = findColorList(text);
  if (found) {
    const negation = NOT_COLOURED.exec(text.slice(0, found.index));
    // "everything except the red ones" asks for every other colour GA4 offers.
    const colors = negation
      ? annotationColors.filter((color) => !found.colors.includes(color))
      : found.colors;
    if (colors.length === 1) slots.color = colors[0];
    if (colors.length > 1) slots.colors = colors;
    text = cut(text, negation ? negation.index : found.index, found.end);
  }
  const latest = LATEST.exec(text);
  if (latest) {
    const count = latest[1] ?? latest[2] ?? latest[4];
    const plural = /s$/i.test(latest[3] ?? latest[5] ?? "");
    // "the latest annotations" asks for the newest first, which every list is, not for a number.
    const asked = count ? parseCount(count) : plural ? undefined : 1;
    if (asked) slots.latest = asked;
    text = cut(text, latest.index, latest.index + latest[0].length);
  }
  const category =
    findCategory(text, quotes, categoryNames) ?? findCategoryInList(text, categoryNames);
  if (category) {
    slots.category = category.reference;
    text = cut(text, category.index, category.end);
  }
  if (slots.titleContains) return slots;

  const inTitle = WITH_IN_TITLE.exec(text);
  const marker = inTitle ?? CONTAINS_MARKER.exec(text);
  let candidate = "";
  if (marker)
    candidate = (marker[1] ?? "").replace(
      /\s+(?:annotations?|notes?|in\s+(?:the|their)\s+titles?|please)$/i,
      "",
    );
  // "find Black Friday": after a search verb, whatever is not filler is the text to look for.
  else if (/^(?:find|search|search for|look up)$/.test(verb)) candidate = text.replace(FILLER, " ");
  // "list the outages": a plural after a list verb names the kind of annotation, one of which
  // is titled in the singular ("Checkout outage").
  else if (/^(?:show|list|display|view|get|see|fetch|pull up|bring up)$/.test(verb)) {
    const words = tidy(text.replace(FILLER, " "));
    if (words && words.split(/\s+/).length <= 3 && /[a-z]s$/i.test(words) && !/ss$/i.test(words))
      candidate = singular(words);
  }
  // Quoted text comes back as written, spaces and all: a run of spaces is matched from its start.
  candidate = tidy(
    restoreQuotes(candidate, quotes).replace(/(?<!\s)\s+(?:in|from|on|for|with)$/i, ""),
  )
    // "about the sale" looks for "sale": the article would miss "Winter sale".
    .replace(/^(?:the|my|our|any|all)\s+/i, "");
  // "tell me about annotations in October" asks for the annotations, not a word in their titles.
  const onlyFiller = tidy(candidate.replace(FILLER, " ")) === "";
  if (candidate && !onlyFiller && !/^(?:in|from|on|for|with|to|an?)$/i.test(candidate))
    slots.titleContains = candidate;
  return slots;
}

/** The last word of a plural phrase in the singular: outages → outage, deliveries → delivery. */
function singular(phrase: string): string {
  return phrase
    .replace(/ies$/i, "y")
    .replace(/(ch|sh|ss|x|z)es$/i, "$1")
    .replace(/s$/i, "");
}
