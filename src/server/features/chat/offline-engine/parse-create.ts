/**
 * Slots of a create request: what is left once the date, colour and description phrases are cut
 * out is the title. A quoted passage is always the title, verbatim.
 */
import type { AnnotationColor } from "../../../../shared/annotation-colors.js";
import { isRealDate, type CalendarDate } from "../../../../shared/calendar-date.js";
import { categoryAlone, findCategory, findCategoryBesideQuote } from "./extract-category.js";
import { colourAlone, colourWord, findColor } from "./extract-color.js";
import { dateLeadIn, findDate } from "./extract-dates.js";
import { cut, tidy } from "./cut-text.js";
import { firstQuote, isQuoted, restoreQuotes, soleQuote, withoutMood } from "./quoted-text.js";

export interface CreateSlots {
  title?: string;
  description?: string;
  date: CalendarDate;
  color?: AnnotationColor;
  /** The category named, as written ("release", "Paid Social"). */
  category?: string;
  /** A date was written but does not exist ("Feb 30", "2025-13-01"): ask, never guess. */
  invalidDate?: boolean;
  /** Beside a quoted title: words no slot used ("fri", "Halloween:"), for the engine to doubt. */
  leftover?: string;
  /** A colour asked for that GA4 does not offer ("in orange"): asked about, never dropped. */
  unknownColour?: string;
  /** The words the day was read from ("on friday", "11/14"); absent when none was written. */
  dateWords?: string;
  /** The words the colour was read from ("in red", "purple"). */
  colorWords?: string;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const MONTH = String.raw`(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?`;
/** "31 June", "the 30th of february", "september 31st", "2026-13-02", "the 32nd", "03/11". */
const YEAR = String.raw`(?:,?\s+(\d{4})\b)?`;
const DAY_MONTH = new RegExp(
  String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH}${YEAR}`,
  "i",
);
const MONTH_DAY = new RegExp(String.raw`\b${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?\b${YEAR}`, "i");
const ISO_SHAPE = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/;
const ORDINAL_DAY = /\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b/i;
// Not inside a longer date ("2026/11/05") or a version ("Release 4.3"): dots only with a year.
const SLASHED =
  /(?<![\d/.-])\b(\d{1,2})(?:\/(\d{1,2})(?:\/\d{2,4})?|\.(\d{1,2})\.\d{2,4})\b(?![/.-]?\d)/;

/**
 * A date that is written but cannot be one day: a day its month does not have, a month past
 * December, or day and month both 12 or less with slashes (3/11 is March 11 or 3 November).
 */
export function impossibleDate(text: string): boolean {
  // With a year, February has the days of that year ("Feb 29 2025" is none).
  const bad = (month: number, day: number, year?: string) =>
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > MONTH_DAYS[month - 1]! ||
    (year !== undefined && !isRealDate({ year: Number(year), month, day }));
  const dayMonth = DAY_MONTH.exec(text);
  if (
    dayMonth &&
    bad(MONTHS.indexOf(dayMonth[2]!.toLowerCase()) + 1, Number(dayMonth[1]), dayMonth[3])
  )
    return true;
  const monthDay = MONTH_DAY.exec(text);
  if (
    monthDay &&
    bad(MONTHS.indexOf(monthDay[1]!.toLowerCase()) + 1, Number(monthDay[2]), monthDay[3])
  )
    return true;
  const iso = ISO_SHAPE.exec(text);
  if (iso && bad(Number(iso[2]), Number(iso[3]), iso[1])) return true;
  const ordinal = ORDINAL_DAY.exec(text);
  if (ordinal && Number(ordinal[1]) > 31) return true;
  const slashed = SLASHED.exec(text);
  if (slashed) {
    const [first, second] = [Number(slashed[1]), Number(slashed[2] ?? slashed[3])];
    // Dots are written day first ("03.11.2026" is 3 November); slashes may be either way round.
    if (slashed[3] !== undefined) return bad(second, first);
    if (first !== second && first <= 12 && second <= 12) return true;
    if (bad(first, second) && bad(second, first)) return true;
  }
  return false;
}

/** Words that carry no slot beside a quoted title, nor any doubt about it ("they started Oct 26"). */
const FILLER =
  /\b(?:a|an|the|new|annotation|annotations|note|notes|marker|entry|one|something|started|starting|began|went|out|live|launched|they|we|was|were|is|for|on|at|in|of|called|named|titled|as|with|please|pls|plz|thanks|thank|you|can|could|would|u|me|it|this|that|just|quick|quickly|and|to|today|add|log|create|make|record)\b/gi;

/** "on Feb 30", "for 2025-02-31": a date-shaped phrase the date parser rejected. */
const IMPOSSIBLE_DATE =
  /(?:^|\s(?:on|for|dated)\s+)(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?|\d{4}-\d{1,2}-\d{1,2})(?=\s|$|[.,!])/i;

/**
 * "a new annotation", "an annotation", "a note" right after the verb, with the particle "put"
 * takes ("put in an annotation for …", "put an annotation in for …").
 */
const OBJECT =
  /^(?:(?:in|down|up)\s+(?=(?:a|an|the|one|another|my|new|annotation|note|marker|entry)\b))?(?:(?:a|an|the|one|another|my|me\s+an?)\s+)?(?:new\s+)?(?:annotation|note|marker|entry|event)s?\b(?:\s+in(?=\s+for\b))?\s*/i;

/**
 * "one" for the annotation ("add one for yesterday called Outage"), only before the words that
 * lead to its date or title and only in lower case, so that a title starting with "One" stays whole.
 */
const ONE =
  /^(?:(?:a\s+new|another)\s+)?one(?:\s+(?=(?:for|on|called|named|titled|dated|yesterday|today|tomorrow)\b)|$)/;

/** The object of the verb, "an annotation" or "one", dropped from what becomes the title. */
function dropObject(text: string): string {
  return text.replace(OBJECT, "").replace(ONE, "");
}

/** "description" as typed, slips included ("decription", "descripton"), and its short forms. */
const DESCRIPTION_WORD = String.raw`(?:description|descriptoin|descripton|decription|desription|discription|descrption|desc)\b`;
const DESCRIPTION_OR_NOTE = String.raw`(?:${DESCRIPTION_WORD}|details|notes?|comment)`;

/**
 * Description markers. Rule: the description runs from the marker to the end of the message, or,
 * when it is quoted, to its closing quote. "note:" counts only after something else ("Launch
 * today, note: big day"); at the start of a request it is just the command ("note: outage").
 * A bare "description" counts only right before a quote ("…, description “all plans”") or a
 * dash ("…, desc - posts moved to /journal").
 */
const DESCRIPTION_MARKER = new RegExp(
  String.raw`(?:\s*[,;\u2014\u2013-]\s*|\s+)(?:and\s+)?(?:(?:with|w/)\s+(?:a\s+|the\s+)?${DESCRIPTION_OR_NOTE}(?:\s+(?:of|saying|that\s+says|reading))?|describ(?:ed|e\s+it)\s+as|(?:in|for)\s+the\s+${DESCRIPTION_OR_NOTE}\s*,?\s*(?:put|say|write|add|:)|${DESCRIPTION_OR_NOTE}\s*[:=]|${DESCRIPTION_WORD}\s+[-–—](?=\s)|${DESCRIPTION_WORD}(?=\s+⟪))\s*:?\s*`,
  "i",
);

/** "and put “X” in the description": the description named before its marker (quoted only). */
const PUT_IN_DESCRIPTION = new RegExp(
  String.raw`(?:\s*[,;]\s*|\s+)(?:and\s+)?(?:put|add|write|use|have|set)\s+(⟪\d+⟫)\s+(?:in|into|as|for)\s+(?:the\s+)?${DESCRIPTION_OR_NOTE}\b`,
  "i",
);

/** ". green please" after an unquoted description: a colour of its own, not part of it. */
const COLOUR_SENTENCE_AT_END =
  /(?:[.;]\s+(?:(?:make\s+it|in|colou?r(?:\s+it)?)\s+)?|,\s+(?:and\s+)?(?:make\s+it|in|colou?red)\s+)(purple|brown|blue|green|red|cyan)(?:\s+(?:please|pls|plz|thanks))?[\s.!]*$/i;

const COLOURED_OBJECT =
  /^(?:(?:a|an|the|one|another|my)\s+)?(?:new\s+)?(purple|brown|blue|green|red|cyan)\s+(?:annotation|note|marker|entry|one)s?\b\s*:?\s*/i;

/** "for 5 days ago", "on two weeks ago": the preposition is no part of the day. */
const FOR_AGO =
  /\b(?:for|on)\s+(?=(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,3})\s+(?:days?|weeks?|months?)\s+ago\b)/gi;

export interface SplitDescription {
  text: string;
  description?: string;
}

export function splitDescription(text: string, quotes: readonly string[]): SplitDescription {
  const put = PUT_IN_DESCRIPTION.exec(text);
  if (put && tidy(text.slice(0, put.index))) {
    return {
      text: cut(text, put.index, put.index + put[0].length),
      description: soleQuote(put[1]!, quotes) ?? "",
    };
  }
  const marker = DESCRIPTION_MARKER.exec(text);
  if (!marker || !tidy(text.slice(0, marker.index))) return { text };
  const before = text.slice(0, marker.index);
  const after = text.slice(marker.index + marker[0].length);
  const quoted = /^⟪\d+⟫/.exec(after);
  if (quoted) {
    return {
      text: `${before} ${after.slice(quoted[0].length)}`,
      description: soleQuote(quoted[0], quotes) ?? "",
    };
  }
  const colour = COLOUR_SENTENCE_AT_END.exec(after);
  const described = colour ? after.slice(0, colour.index) : after;
  return {
    text: colour ? `${before} in ${colour[1]!.toLowerCase()}` : before,
    description: tidyDescription(restoreQuotes(described, quotes)),
  };
}

/**
 * A description without the quote marks around it. The closing marks are walked back from the
 * end: a `[…]+$` pattern would rescan a long run of marks from each of its positions.
 */
function tidyDescription(text: string): string {
  const trimmed = text.trim();
  const start = /^["'“‘]*/.exec(trimmed)![0].length;
  let end = trimmed.length;
  while (end > start && `"'”’`.includes(trimmed[end - 1]!)) end -= 1;
  return trimmed.slice(start, end).trim();
}

const TITLE_LEAD =
  /^(?:(?:called|named|titled|entitled|title[d]?\s*[:=]?|with\s+(?:the\s+|a\s+)?title(?:\s+of)?|saying|that\s+says|reading|about|as|for|on|to|that|:)\s+|[:=-]\s*)/i;
const TITLE_TAIL =
  /\s+(?:annotation|note|marker|on|for|at|to|dated|with|and|as|called|named|titled|then|tho|though|pls|plz|please|thx)$/i;

/**
 * How many rounds of lead-in and trailing words are dropped from a title. Each round reads the
 * whole title, so "with with with …" would otherwise cost rounds in proportion to its length.
 */
const TITLE_ROUNDS = 8;

export function cleanTitle(text: string, quotes: readonly string[]): string | undefined {
  const quoted = firstQuote(text, quotes);
  // "🚚 Free next-day delivery": emoji at either end of a quote dress it; the words are the name.
  if (quoted) return withoutMood(quoted.value) || undefined;
  // "the podcast ad? not 100% sure it went out": a name ends where its question does.
  let title = tidy(text.replace(/\s*\?\s+\S[^]*$/, ""));
  let previous: string;
  let rounds = 0;
  do {
    previous = title;
    title = tidy(title.replace(TITLE_LEAD, "").replace(TITLE_TAIL, ""));
    rounds += 1;
  } while (title !== previous && rounds < TITLE_ROUNDS);
  title = title.replace(/^(?:an?\s+)(?=\S)/i, "");
  // "🎄 shop opened 🎉": emoji around the words typed are their mood, not the name.
  title = withoutMood(title);
  // "a note for the klaviyo relaunch": the event is named without the article it was given.
  if (/^(?:for|about)\s+the\s+\S/i.test(tidy(text))) title = title.replace(/^the\s+(?=\S)/i, "");
  return title || undefined;
}

/**
 * "…, dated the 20th", "— date 2026-09-01", "… on the 3rd": the day said to be the date, before
 * a day-like word of the title ("Monday metrics email on the 3rd").
 */
const DATE_LABEL = /(?:\s*[,;\u2014\u2013-]\s*|\s+)(?:dated|date\s*[:=]?|on)\s+/gi;

function datedAfterLabel(text: string, today: CalendarDate) {
  for (const label of text.matchAll(DATE_LABEL)) {
    const from = label.index + label[0].length;
    const found = findDate(text.slice(from), today);
    if (found?.index === 0)
      return { ...found, index: label.index, end: from + found.end, valueIndex: from };
  }
  return undefined;
}

export function parseCreate(
  rest: string,
  quotes: readonly string[],
  today: CalendarDate,
  categoryNames: readonly string[] = [],
): CreateSlots {
  const labelled = readLabels(rest);
  if (labelled) return parseLabelled(labelled, quotes, today);
  // "a brown annotation called …": the colour describes the annotation.
  const adjective = COLOURED_OBJECT.exec(rest);
  let text = (adjective ? rest.slice(adjective[0].length) : dropObject(rest)).replace(FOR_AGO, "");
  const split = splitDescription(text, quotes);
  // After the description is set apart, so words in it never name a category.
  // A list at the end that says again what a cue says ("in Campaigns, incidents") is not read as
  // a list: its words stay, for the engine to doubt.
  let listed = trailingAttributes(split.text, categoryNames);
  if (
    (listed.category && findCategory(listed.text, quotes, categoryNames)) ||
    (listed.color && findColor(listed.text, "cued"))
  )
    listed = { text: split.text };
  text = listed.text;
  const named =
    findCategory(text, quotes, categoryNames) ??
    (listed.category ? undefined : findCategoryBesideQuote(text, categoryNames));
  if (named) text = cut(text, named.index, named.end);
  let category = named ? named.reference : listed.category;

  const colourFound = adjective
    ? { color: findColor(adjective[1] ?? "", "loose")?.color, index: 0, end: 0 }
    : findColor(text, "cued");
  const colourWords = colourFound ? text.slice(colourFound.index, colourFound.end) : "";
  if (colourFound) text = cut(text, colourFound.index, colourFound.end);
  // "description: shipping delays, cyan": a list item at the description's end is an attribute.
  const described =
    split.description && !quotes.includes(split.description)
      ? trailingAttributes(split.description, categoryNames)
      : undefined;
  const color = colourFound?.color ?? listed.color ?? described?.color;

  const dated = datedAfterLabel(text, today);
  const found = dated ?? findDate(text, today);
  const dateWords = found
    ? restoreQuotes(text.slice(dated ? dated.valueIndex : found.index, found.end), quotes)
    : undefined;
  if (found) text = cut(text, dated ? dated.index : dateLeadIn(text, found.index), found.end);

  const impossible = found ? null : IMPOSSIBLE_DATE.exec(text);
  if (impossible) text = cut(text, impossible.index, impossible.index + impossible[0].length);

  const slots: CreateSlots = { date: found?.date ?? today };
  if (dateWords) slots.dateWords = tidy(dateWords);
  // "thursday the 3rd", when the 3rd is no Thursday: asked, never one of the two guessed.
  if (impossible || impossibleDate(rest) || found?.weekdayClash) slots.invalidDate = true;
  const title = cleanTitle(soleQuote(text, quotes) !== undefined ? text : dropObject(text), quotes);
  if (title) slots.title = title;
  if (split.description) slots.description = split.description;
  if (described && (described.color || described.category)) {
    slots.description = tidy(described.text.replace(/[\s,;–—-]+$/u, ""));
    if (!category && described.category) category = described.category;
  }
  if (colourFound && !colourFound.color && !color)
    slots.unknownColour =
      tidy(
        colourWords.replace(
          /\b(?:in|into|as|to|colou?r(?:ed)?|with|the|a|an|of|label|tag|marker|dot|using|set|make|it)\b|[:=]/gi,
          " ",
        ),
      ) || "that colour";
  if (color) {
    slots.color = color;
    slots.colorWords = tidy(colourWords) || color.toLowerCase();
  }
  if (category) slots.category = category;
  // A quoted title is verbatim; every other word beside it must have been read as something.
  if (/⟪\d+⟫/.test(text) && isQuoted(quotes, title)) {
    const left = tidy(
      text
        .replace(/⟪\d+⟫/g, " ")
        .replace(FILLER, " ")
        .replace(/[^\p{L}\p{N}#%&+]+/gu, " "),
    );
    // "…, pink please", "orange if you can": a colour GA4 lacks, asked for among the six.
    const asked = left
      .replace(/\b(?:please|pls|plz|if\s+(?:you\s+can|possible|poss)|ideally|maybe)\b/gi, " ")
      .trim();
    const lacking = !slots.color && !slots.unknownColour ? colourAlone(asked) : undefined;
    if (lacking && !lacking.color) slots.unknownColour = asked.toLowerCase();
    else if (left) slots.leftover = left;
  }
  return slots;
}

/** Courtesy and emphasis at the very end of a request: "pls 🙏", "thanks!", "please.". */
const COURTESY_TAIL =
  /(?:[\s,]+(?:pls|plz|please|thanks|thx|ty|thank\s+you)\b|[\s.!?]|\p{Extended_Pictographic}|\uFE0F)+$/iu;
/** The last item of a list at the end of a request: after a comma, a semicolon or a spaced dash. */
const LAST_ITEM = /(?:[,;]|\s[-–—])\s*(?:and\s+)?([^,;]+)$/u;

/**
 * "… friday, red, incidents pls", "… on nov 19 - campaigns": a list at the end of a create whose
 * items are each, whole, a colour or one of the person's category words. Read from the end while
 * every item is one; the first item that is anything else ends the list, and it stays in the text
 * (a title or a date). A colour alone is taken in any case beside a quoted title, and only in
 * lower case otherwise ("Launch, Seeing Red" keeps its title).
 */
export function trailingAttributes(
  text: string,
  names: readonly string[],
): { text: string; color?: AnnotationColor; category?: string } {
  let rest = text;
  let color: AnnotationColor | undefined;
  let category: string | undefined;
  const quoted = /⟪\d+⟫/.test(text);
  for (let items = 0; items < 3; items += 1) {
    const trimmed = rest.replace(COURTESY_TAIL, "");
    const last = LAST_ITEM.exec(trimmed);
    if (!last) break;
    const item = (last[1] ?? "").trim();
    const asColour = quoted || item === item.toLowerCase() ? colourWord(item) : undefined;
    const asCategory = asColour ? undefined : categoryAlone(item, names);
    if (asColour && !color) color = asColour;
    else if (asCategory && !category) category = asCategory;
    else break;
    rest = trimmed.slice(0, last.index);
  }
  if (color === undefined && category === undefined) return { text };
  return {
    text: rest,
    ...(color ? { color } : {}),
    ...(category ? { category } : {}),
  };
}

/** Slots from labelled fields: each label's value is read as that slot alone. */
function parseLabelled(
  fields: Map<string, string>,
  quotes: readonly string[],
  today: CalendarDate,
): CreateSlots {
  const slots: CreateSlots = { date: today };
  const unread: string[] = [];
  const title = cleanTitle(fields.get("title") ?? "", quotes);
  if (title) slots.title = title;
  const when = fields.get("date");
  if (when) {
    const found = findDate(when, today);
    if (found) {
      slots.date = found.date;
      slots.dateWords = tidy(restoreQuotes(when, quotes));
    }
    if (impossibleDate(when)) slots.invalidDate = true;
    const left = found ? tidy(cut(when, found.index, found.end)) : when;
    if (left && !slots.invalidDate) unread.push(left);
  }
  const colour = fields.get("color");
  if (colour) {
    const found = findColor(colour, "loose");
    if (found?.color) {
      slots.color = found.color;
      slots.colorWords = tidy(colour);
    }
    const left = found ? tidy(cut(colour, found.index, found.end)) : colour;
    if (left) unread.push(left);
  }
  const description = fields.get("description");
  if (description) slots.description = tidyDescription(restoreQuotes(description, quotes));
  const category = fields.get("category");
  if (category) slots.category = soleQuote(category, quotes) ?? tidy(category);
  if (unread.length > 0) slots.leftover = restoreQuotes(unread.join(" "), quotes);
  return slots;
}

/**
 * The clause that names the event: "mark it down as …", "the title should be …", "just say …",
 * "call it …". What follows it is the title; the rest of the message is read for its day.
 */
export const NAMING =
  /(?:^|[,;.:]\s*|\s)(?:(?:and\s+)?(?:the\s+)?(?:title|name)\s+(?:should\s+be|is|will\s+be|can\s+be|of\s+it\s+is)|title\s*[:=]|title(?=\s+⟪)|(?:with|w\/)\s+(?:the\s+|a\s+)?title(?:\s+of)?|(?:just\s+)?(?:say|write)|(?:and\s+)?(?:call|name|title)\s+it|(?:^|\b(?:mark|put|note|log|write|jot|save|record|enter|annotate)\s+)(?:it|this|that)\s+(?:down\s+|up\s+|in\s+)?as)\s*:?\s+(?=\S)/i;

/**
 * Words that stand for the event without naming it: a pronoun ("that", "them too", "one for
 * them"), a clause about it ("what happened", "what the devs pushed"), or a thing left unnamed
 * ("something", "the thing with the server", "that thing"). Such a title is asked for, never made
 * up from these words.
 */
const UNNAMED_START =
  /^(?:(?:about|for|on)\s+)?(?:what|whatever|something|anything|some\s+stuff|stuff|(?:the|that|this|a)\s+(?:thing|stuff|one)|thing|one\s+for)\b/i;
const ONLY_POINTERS =
  /^(?:(?:it|that|this|them|those|these|they|one|too|also|as\s+well|again|about|for|on|of|all|both|same)\b\s*)+$/i;

export function namesNothing(title: string): boolean {
  const words = title.trim();
  return UNNAMED_START.test(words) || ONLY_POINTERS.test(words);
}

/**
 * A title given in so many words, the one thing that makes a message without a command word a
 * create: "…, 2026-08-19. Title: Founder AMA", "title it …", "with the title …", "the title should
 * be …", "— title “…”".
 */
export function givesTitle(text: string): boolean {
  return TITLE_GIVEN.test(text);
}
const TITLE_GIVEN =
  /(?:^|[\s,;.:!?\u2014\u2013-])(?:title\s*[:=]|title\s+it\s|title(?=\s+⟪)|(?:with|w\/)\s+(?:the\s+|a\s+)?title\s|(?:the\s+)?title\s+(?:should|will|must|can)\s+be\s)/i;

/** A field's label: "title:", "name =", "date:", "desc:", "colour:", "category:". */
const LABEL =
  /(?:^|[\s/|,;]\s*)(title|name|date|day|when|description|desc|notes?|colou?r|category|cat)\s*[:=]\s*/gi;

export interface Labelled {
  fields: Map<string, string>;
}

/**
 * Labelled fields, the first of them at the start: "title: X / date: 3 Nov / description: Y",
 * "name: X, date: nov 13, colour: purple". Each value runs to the next label, without the
 * separator before it. A title and at least one other field, each label once.
 */
export function readLabels(text: string): Map<string, string> | undefined {
  const found = [...text.matchAll(LABEL)];
  if (found.length < 2 || found[0]!.index !== 0) return undefined;
  const fields = new Map<string, string>();
  for (const [position, match] of found.entries()) {
    const label = labelOf(match[1]!.toLowerCase());
    const next = found[position + 1];
    const value = text.slice(match.index + match[0].length, next ? next.index : text.length);
    if (fields.has(label)) return undefined;
    fields.set(label, value.replace(/[\s/|,;.]+$/, "").trim());
  }
  return fields.has("title") ? fields : undefined;
}

function labelOf(label: string): string {
  if (label === "name") return "title";
  if (label === "day" || label === "when") return "date";
  if (label === "desc" || label.startsWith("note")) return "description";
  if (label.startsWith("col")) return "color";
  if (label === "cat") return "category";
  return label;
}
