/**
 * Slots of update and delete requests: which annotation (the target) and, for an update, what
 * changes. Explicit phrasings ("the title of X to Y", "X's colour to red") are read first; then
 * the verb decides ("rename X to Y", "move X to Friday", "recolor X green").
 */
import type { AnnotationColor } from "../../../../shared/annotation-colors.js";
import type { CalendarDate } from "../../../../shared/calendar-date.js";
import { findCategory } from "./extract-category.js";
import { findColor } from "./extract-color.js";
import { dateLeadIn, findDate, findSpan } from "./extract-dates.js";
import { parseTarget, type AnnotationReference } from "./extract-target.js";
import { cleanTitle, impossibleDate, splitDescription } from "./parse-create.js";
import { cut, tidy } from "./cut-text.js";
import { restoreQuotes, soleQuote } from "./quoted-text.js";

import { leftoverDoubt } from "./doubts.js";
import type { Missing } from "./understanding.js";

export interface ChangeSlots {
  target?: AnnotationReference;
  newTitle?: string;
  newDescription?: string;
  /** The new last day: "extend the sale to Friday", "make the sale run until Nov 5". */
  endDate?: CalendarDate;
  date?: CalendarDate;
  color?: AnnotationColor;
  /** The category to put it in, as written. */
  category?: string;
  /** "take it out of its category", "set the category to none". */
  clearCategory?: boolean;
  missing: Missing[];
  /** Why this reading may be a guess (see doubts.ts). */
  doubts?: string[];
  /** A later part of the request that could not be read ("…, and frobnicate it"). */
  unreadPart?: string;
}

const FIELD = "(title|name|description|desc|details|date|day|colou?r|category)";
const FIELD_OF = new RegExp(
  `^(?:the\\s+)?${FIELD}\\s+(?:of|for|on)\\s+(.+?)\\s+(?:to|as|=|:|into)\\s*(.+)$`,
  "i",
);
const FIELD_POSSESSIVE = new RegExp(`^(.+?)'s?\\s+${FIELD}\\s+(?:to|as|=|:|into)\\s*(.+)$`, "i");
const FIELD_AFTER = new RegExp(`^(.+?)\\s+${FIELD}\\s+(?:to|as|=|:|into)\\s*(.+)$`, "i");
/** "change the title to Y" with no target named. */
const FIELD_ONLY = new RegExp(`^(?:the\\s+|its\\s+)?${FIELD}\\s+(?:to|as|=|:|into)\\s*(.+)$`, "i");
const TO_SPLIT = /^(.+?)\s+(?:to|into|as)\s+(.+)$/i;

const EXTEND_TO =
  /^(.+?)\s+(?:(?:to\s+)?(?:run|last)\s+)?(?:until|till|through|thru|to|by)\s+(.+)$/i;
/** "make the sale run until Nov 5", "make it until the 21st", "have it last through friday". */
const RUN_UNTIL =
  /^(.+?)\s+(?:(?:run|last|go\s+on|continue|end)\s+(?:until|till|through|thru|to|on)|until|till|through|thru)\s+(.+)$/i;
const COVER =
  /^(.+?)\s+(?:(?:to\s+)?(?:cover|include|span)s?)\s+(?:until\s+|till\s+|through\s+|to\s+)?(.+?)(?:\s+(?:as\s+well|too))?$/i;
const ALSO_COLOUR =
  /\s*,?\s+and\s+(?:make|colou?r|set|mark|turn|change)\s+it\s+(?:(?:to|as|in)\s+)?(\w+)(?:\s+colou?r)?\s*$/i;

/** A category value that means "no category". */
const NO_CATEGORY = /^(?:none|nothing|no\s+category|no\s+one|uncategori[sz]ed|empty|blank|null)$/i;
/** Verbs that do nothing but put an annotation in a category. */
const CATEGORISE_VERB = /^(?:categori[sz]e|file|tag|assign|classify|move|put|place|add)$/;
/** "take X out of its category", "remove X from its category", "uncategorise X". */
const OUT_OF_CATEGORY = /\s+(?:out\s+of|from)\s+(?:its|the|their|any|a)\s+categor(?:y|ies)$/i;

const TARGET_THEN_CATEGORY =
  /^(it|this|that|this\s+one|that\s+one|the\s+last\s+one|⟪\d+⟫)\s+(?:(?:as|in|into|under|to|with)\s+)?(?:(?:an?|the)\s+)?(\S.*)$/i;

function valueText(text: string, quotes: readonly string[]): string {
  const quoted = soleQuote(tidy(text), quotes);
  return quoted ?? tidy(restoreQuotes(text, quotes));
}

function applyField(
  slots: ChangeSlots,
  field: string,
  value: string,
  quotes: readonly string[],
  today: CalendarDate,
): void {
  const kind = field.toLowerCase();
  if (kind === "title" || kind === "name") {
    const title = cleanTitle(value, quotes);
    if (title) slots.newTitle = title;
    else slots.missing.push("title");
    // A quoted title is verbatim: words beside it were not read ("…", date should be the 6th).
    const quoted = /⟪\d+⟫/.exec(value);
    if (quoted)
      doubt(slots, leftoverDoubt(cut(value, quoted.index, quoted.index + quoted[0].length)));
  } else if (/^(?:description|desc|details|notes?)$/.test(kind)) {
    slots.newDescription = valueText(value.replace(/^(?:say|read|says|reads)\s+/i, ""), quotes);
  } else if (kind === "category") {
    const named = valueText(value, quotes)
      .replace(/^(?:the|my)\s+/i, "")
      .replace(/\s+category$/i, "");
    if (NO_CATEGORY.test(named)) slots.clearCategory = true;
    else if (named) slots.category = named;
    else slots.missing.push("category");
  } else if (kind === "date" || kind === "day") {
    // "the date of it to the 3rd to the 6th": days said from one to another are its new days.
    const span = findSpan(value, today);
    if (span) {
      slots.date = span.range.start;
      slots.endDate = span.range.end;
      doubt(slots, leftoverDoubt(cut(value, dateLeadIn(value, span.index), span.end)));
      return;
    }
    const found = findDate(value, today);
    if (found) {
      slots.date = found.date;
      doubt(slots, leftoverDoubt(cut(value, dateLeadIn(value, found.index), found.end)));
    } else slots.missing.push("date");
  } else {
    const found = findColor(value, "loose");
    if (found?.color) {
      slots.color = found.color;
      doubt(slots, leftoverDoubt(cut(value, found.index, found.end)));
    } else slots.missing.push("change");
  }
}

function doubt(slots: ChangeSlots, reason: string | undefined): void {
  if (reason) slots.doubts = [...(slots.doubts ?? []), reason];
}

/**
 * The annotation a phrase names, where a day can name it: "yesterday's note", "the one on
 * Nov 12" are whatever is on that day; with a title as well ("the launch note from Friday") the
 * title names it. A quoted title is read as written, dates and all.
 */
function targetNamingDay(
  phrase: string,
  quotes: readonly string[],
  today: CalendarDate,
): AnnotationReference | undefined {
  const text = tidy(phrase);
  const found = soleQuote(text, quotes) === undefined ? findDate(text, today) : undefined;
  if (!found) return parseTarget(text, quotes);
  const rest = cut(text, dateLeadIn(text, found.index), found.end).replace(/(?:^|\s)'s?\b/i, " ");
  return parseTarget(rest, quotes) ?? { kind: "date", date: found.date };
}

/** "it while you're at it", "that one, wrong property": "it", and words said about it. */
const POINTER_THEN_WORDS = /^(?:it|that\s+one|this\s+one|that|this)\b[\s,;:-]+(\S.*)$/i;

function setTarget(
  slots: ChangeSlots,
  phrase: string,
  quotes: readonly string[],
  today: CalendarDate,
): void {
  // The annotation just discussed, never a title made of the words after "it"; those words must
  // still be accounted for, or the change is a preview.
  const pointer = POINTER_THEN_WORDS.exec(tidy(phrase));
  if (pointer && !/⟪/.test(phrase)) {
    doubt(slots, leftoverDoubt(pointer[1] ?? ""));
    return;
  }
  const target = targetNamingDay(phrase, quotes, today);
  if (target) slots.target = target;
}

function finish(slots: ChangeSlots): ChangeSlots {
  const changed = [
    slots.newTitle,
    slots.newDescription,
    slots.date,
    slots.endDate,
    slots.color,
    slots.category,
    slots.clearCategory,
  ].some((value) => value !== undefined);
  if (!slots.target) slots.missing.unshift("target");
  if (!changed && !slots.missing.some((item) => item !== "target")) slots.missing.push("change");
  slots.missing = [...new Set(slots.missing)];
  return slots;
}

export function parseUpdate(
  verb: string,
  rest: string,
  quotes: readonly string[],
  today: CalendarDate,
  categoryNames: readonly string[] = [],
): ChangeSlots {
  const text = tidy(rest);
  // "rename X to Y and make it green": the colour is a second change, not part of the title. It
  // is looked for once, not again in what precedes it: a message of nothing but "and make it
  // red" would otherwise be read again for each one.
  const alsoColour = ALSO_COLOUR.exec(text);
  const colour = alsoColour ? findColor(alsoColour[1] ?? "", "loose")?.color : undefined;
  if (alsoColour && colour) {
    const first = parseChange(verb, text.slice(0, alsoColour.index), quotes, today, categoryNames);
    if (first.color === undefined) {
      first.color = colour;
      first.missing = first.missing.filter((item) => item !== "change");
      return first;
    }
  }
  // A description runs to the end of the message: words in it are never a further change.
  const split = splitChanges(text);
  const parts = /\b(?:description|desc|details)\b/i.test(split[0]!) ? [text] : split;
  const first = parseChange(verb, parts[0]!, quotes, today, categoryNames);
  for (const part of parts.slice(1)) {
    const next = readFollowingChange(part, quotes, today, categoryNames);
    if (!next) {
      first.unreadPart = part;
      continue;
    }
    mergeChange(first, next, part);
  }
  return first;
}

/**
 * Where a further change starts: "…, and make it red", "… then move it to Friday". Matched from
 * the first of a run of spaces and commas only (the lookbehinds), so a long run is read once.
 */
const NEXT_CHANGE =
  /(?<![\s,;])[\s,;]+(?:and\s+then|and\s+also|and|then|also)\s+(?:also\s+)?(?=(?:make|set|change|move|shift|push|describe|rename|call|recolou?r|colou?r|put|give|tag|mark|update|add|file|clear|remove)\b)|(?<![\s,;])\s*[;,]\s+(?=(?:make|set|change|move|shift|push|describe|rename|recolou?r|give|tag|update)\s+(?:it|its|the|that|this)\b)|(?<![\s,;])(?:\s*[;,]\s*(?:and\s+)?|\s+and\s+)(?=(?:(?:the\s+|its\s+)?date|(?:the|its)\s+day)\s+(?:should\s+be|is|to|=|:))/gi;

/** The parts of a several-part change, at most four (the rest stays in the last). */
function splitChanges(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (const match of text.matchAll(NEXT_CHANGE)) {
    if (parts.length === 3) break;
    // A quoted title is one piece: a break inside quotes is no break (quotes are placeholders).
    parts.push(text.slice(start, match.index));
    start = match.index + match[0].length;
  }
  parts.push(text.slice(start));
  const found = parts.map((part) => part.trim()).filter((part) => part !== "");
  return found.length > 0 ? found : [text];
}

const DATE_VALUE = /^(?:the\s+|its\s+)?(?:date|day)\s+(?:should\s+be|is|to|=|:)\s*(.+)$/i;

/** "describe it as …", "add a description: …", "give it the description …". */
const DESCRIBE =
  /^(?:describe\s+(?:it|that|this|them)(?:\s+as)?|(?:add|give\s+it|set|put|change)\s+(?:a|the|its)\s+description(?:\s+(?:of|saying|to|as|that\s+says))?|description\s*[:=]?)\s*:?\s*(.+)$/i;

/** A later part of a change, read on its own: its verb, then what it changes of "it". */
function readFollowingChange(
  part: string,
  quotes: readonly string[],
  today: CalendarDate,
  categoryNames: readonly string[],
): ChangeSlots | undefined {
  const described = DESCRIBE.exec(part);
  if (described) return { missing: [], newDescription: valueText(described[1] ?? "", quotes) };
  // "and clear its description": emptied, never deleted.
  if (
    /^(?:clear|remove|delete|drop|empty|blank)\s+(?:its|the)\s+(?:description|desc|details)$/i.test(
      part,
    )
  )
    return { missing: [], newDescription: "" };
  // "…, date should be the 6th": the new day, said as the field's value.
  const dated = DATE_VALUE.exec(part);
  const day = dated ? findDate(dated[1] ?? "", today) : undefined;
  if (dated && day && tidy(cut(dated[1]!, dateLeadIn(dated[1]!, day.index), day.end)) === "")
    return { missing: [], date: day.date };
  const verb = /^(\S+)\s*/.exec(part);
  if (!verb) return undefined;
  const slots = parseChange(
    verb[1]!.toLowerCase(),
    part.slice(verb[0].length),
    quotes,
    today,
    categoryNames,
  );
  return slots.missing.some((item) => item !== "target") ? undefined : slots;
}

const CHANGED_FIELDS = [
  "newTitle",
  "newDescription",
  "date",
  "endDate",
  "color",
  "category",
  "clearCategory",
] as const;

/** A later part's changes added to the first's; the same field changed two ways is a doubt. */
function mergeChange(first: ChangeSlots, next: ChangeSlots, part: string): void {
  for (const field of CHANGED_FIELDS) {
    const value = next[field];
    if (value === undefined) continue;
    const had = first[field];
    if (had !== undefined && JSON.stringify(had) !== JSON.stringify(value))
      doubt(first, `“${part}” changes what the first part already changed`);
    else Object.assign(first, { [field]: value });
  }
  if (next.doubts) first.doubts = [...(first.doubts ?? []), ...next.doubts];
  first.missing = first.missing.filter((item) => item !== "change");
}

/** A change request being read: its verb, the words after it, and the slots found so far. */
interface ChangeReading {
  verb: string;
  text: string;
  quotes: readonly string[];
  today: CalendarDate;
  categoryNames: readonly string[];
  slots: ChangeSlots;
}

/** "take it out of Promos", "the title of X to Y", "its colour to red": a field named outright. */
function readFieldForms({ verb, text, quotes, today, slots }: ChangeReading): boolean {
  const out = OUT_OF_CATEGORY.exec(text);
  if (out || /^uncategori[sz]e$/.test(verb)) {
    slots.clearCategory = true;
    setTarget(slots, out ? cut(text, out.index, out.index + out[0].length) : text, quotes, today);
    return true;
  }

  for (const pattern of [FIELD_OF, FIELD_POSSESSIVE, FIELD_AFTER]) {
    const match = pattern.exec(text);
    if (!match) continue;
    const [field = "", target = "", value = ""] =
      pattern === FIELD_OF ? [match[1], match[2], match[3]] : [match[2], match[1], match[3]];
    if (/^(?:the|its)$/i.test(tidy(target))) break;
    setTarget(slots, target, quotes, today);
    applyField(slots, field, value, quotes, today);
    return true;
  }
  const fieldOnly = FIELD_ONLY.exec(text);
  if (fieldOnly) {
    applyField(slots, fieldOnly[1] ?? "", fieldOnly[2] ?? "", quotes, today);
    return true;
  }

  return false;
}

const POINTER_THEN_NAME = /^(it|that(?:\s+one)?|this(?:\s+one)?)\s+(?:as\s+)?(\S.*)$/i;

/** A category ("put it in Incidents", "tag it Promos"), and a new name ("call it", "rename"). */
function readCategoryOrName(reading: ChangeReading): boolean {
  const { verb, quotes, today, categoryNames, slots } = reading;
  let text = reading.text;
  // "put it in Incidents", "move “Sale” to the Campaigns category", "tag it Promos".
  // A new title is never a category, even one that reads like one ("rename X to Releases").
  const category = /^(?:rename|retitle|relabel|call|name|title)$/.test(verb)
    ? undefined
    : findCategory(text, quotes, categoryNames);
  if (category) {
    slots.category = category.reference;
    text = tidy(cut(text, category.index, category.end));
    reading.text = text;
    if (CATEGORISE_VERB.test(verb)) {
      setTarget(slots, text.replace(/\s+(?:to|as|in|into|under)$/i, ""), quotes, today);
      return true;
    }
  } else if (/^(?:categori[sz]e|file|tag|assign|classify)$/.test(verb)) {
    // "tag it Promos", "classify “Outage” incident": the annotation, then its category.
    const named = TARGET_THEN_CATEGORY.exec(text);
    if (named) {
      setTarget(slots, named[1] ?? "", quotes, today);
      slots.category = valueText(named[2] ?? "", quotes).replace(/\s+category$/i, "");
      return true;
    }
    // "categorise it" names no category: ask which.
    setTarget(slots, text.replace(/\s+(?:as|in|into|under)$/i, ""), quotes, today);
    slots.missing.push("category");
    return true;
  }

  if (/^(?:call|name|title)$/.test(verb)) {
    // "call it X", "call the launch “Big launch”": the new title follows the annotation named.
    const pointer = /^(?:it|that|this|that\s+one|this\s+one)\s+(.+)$/i.exec(text);
    const quotedEnd = /^(.+?)\s+(⟪\d+⟫)$/.exec(text);
    const split = pointer ? ["", "", pointer[1]] : (TO_SPLIT.exec(text) ?? quotedEnd);
    if (split) {
      if (!pointer) setTarget(slots, split[1] ?? "", quotes, today);
      applyField(slots, "title", split[2] ?? "", quotes, today);
    } else slots.missing.push("title");
    return true;
  }

  if (/^(?:rename|retitle|relabel)$/.test(verb)) {
    const split = TO_SPLIT.exec(text);
    // "rename it “Podcast sponsorship Q3”": "it" is the annotation, the rest its new name.
    const pointed = split ? null : POINTER_THEN_NAME.exec(text);
    if (pointed) {
      setTarget(slots, pointed[1] ?? "", quotes, today);
      applyField(slots, "title", pointed[2] ?? "", quotes, today);
    } else if (split) {
      setTarget(slots, split[1] ?? "", quotes, today);
      applyField(slots, "title", split[2] ?? "", quotes, today);
    } else {
      setTarget(slots, text, quotes, today);
      slots.missing.push("title");
    }
    return true;
  }

  return false;
}

/** A new last day ("extend it to Friday", "make it cover the 19th"), new days, or a move. */
function readDays({ verb, text, quotes, today, slots }: ChangeReading): boolean {
  // "extend the sale to Friday", "make the sale run until Nov 5", "run it to dec 1": a new last day.
  const until = (/^(?:extend|lengthen|prolong|run|last)$/.test(verb) ? EXTEND_TO : RUN_UNTIL).exec(
    text,
  );
  const last = until ? findDate(until[2] ?? "", today) : undefined;
  if (until && (last || /^(?:extend|lengthen|prolong)$/.test(verb))) {
    setTarget(slots, until[1] ?? "", quotes, today);
    if (last) slots.endDate = last.date;
    else slots.missing.push("date");
    return true;
  }

  // "make it cover the 19th as well", "extend it to include Friday": a new last day.
  const cover = COVER.exec(text);
  const covered = cover ? findDate(cover[2] ?? "", today) : undefined;
  if (cover && covered) {
    setTarget(slots, cover[1] ?? "", quotes, today);
    slots.endDate = covered.date;
    return true;
  }

  // "move it to the week of the 2nd", "make that the 21st-22nd": days to cover, first and last.
  const span = findSpan(text, today);
  if (span && /^(?:move|reschedule|shift|push|redate|make|change|set|update)$/.test(verb)) {
    slots.date = span.range.start;
    slots.endDate = span.range.end;
    const left = cut(text, dateLeadIn(text, span.index), span.end);
    setTarget(slots, left.replace(/\s+(?:to|for|on|as|into)\s*$/i, ""), quotes, today);
    return true;
  }

  if (/^(?:move|reschedule|shift|push|redate)$/.test(verb)) {
    // "move yesterday's note to Friday": the day after "to" is the new one.
    const split = TO_SPLIT.exec(text);
    const to = split ? findDate(split[2] ?? "", today) : undefined;
    if (split && to) {
      slots.date = to.date;
      const value = split[2] ?? "";
      doubt(slots, leftoverDoubt(cut(value, dateLeadIn(value, to.index), to.end)));
      setTarget(slots, split[1] ?? "", quotes, today);
      return true;
    }
    const found = findDate(text, today);
    if (found) {
      slots.date = found.date;
      setTarget(slots, cut(text, dateLeadIn(text, found.index), found.end), quotes, today);
    } else {
      setTarget(slots, text.replace(/\s+(?:to|for|on)\s*$/i, ""), quotes, today);
      slots.missing.push("date");
    }
    return true;
  }

  return false;
}

/** "recolour it green": the colour, and the annotation around it. */
function readRecolour({ verb, text, quotes, today, slots }: ChangeReading): boolean {
  if (/^(?:recolou?r|colou?r|paint)$/.test(verb)) {
    const color = findColor(text, "loose");
    if (color?.color) slots.color = color.color;
    setTarget(
      slots,
      color ? cut(text, color.index, color.end).replace(/\s+(?:to|as|in)$/i, "") : text,
      quotes,
      today,
    );
    if (!color?.color) slots.missing.push("change");
    return true;
  }

  return false;
}

/** Generic "change/update/edit/make/set …": whatever changes are named, and the annotation. */
function readNamedChanges({ verb, text, quotes, today, slots }: ChangeReading): void {
  let remaining = text;
  const split = splitDescription(remaining, quotes);
  remaining = split.text;
  if (split.description !== undefined) slots.newDescription = split.description;
  const color = findColor(remaining, verb === "make" ? "loose" : "update");
  if (color) {
    remaining = cut(remaining, color.index, color.end);
    if (color.color) slots.color = color.color;
    else slots.missing.push("change");
  }
  let found = findDate(remaining, today);
  if (found) {
    const withoutDay = cut(remaining, dateLeadIn(remaining, found.index), found.end);
    const leadIn = remaining.slice(dateLeadIn(remaining, found.index), found.index);
    // "make last Friday's annotation red", "give the one on Nov 12 a description": the day says
    // which annotation, not where it goes.
    const namesTarget =
      /^'s?\b/i.test(remaining.slice(found.end)) ||
      (/^(?:on|from|of|dated)\b/i.test(leadIn.trim()) &&
        (color?.color !== undefined || split.description !== undefined) &&
        !parseTarget(withoutDay.replace(/\s+(?:to|as|in|with|on|for)$/i, ""), quotes));
    if (namesTarget) {
      slots.target = { kind: "date", date: found.date };
      found = undefined;
      remaining = "";
    } else {
      slots.date = found.date;
      remaining = withoutDay;
    }
  }
  const rename =
    !color && !found && !slots.target && split.description === undefined
      ? TO_SPLIT.exec(remaining)
      : null;
  if (rename && impossibleDate(rename[2] ?? "")) {
    // "change X to nov 31": a day that does not exist is asked for again, never a new title.
    setTarget(slots, rename[1] ?? "", quotes, today);
    slots.missing.push("date");
  } else if (rename) {
    // "change X to Y" with Y neither a date nor a colour: the person wants it called Y.
    setTarget(slots, rename[1] ?? "", quotes, today);
    applyField(slots, "title", rename[2] ?? "", quotes, today);
  } else if (!slots.target) {
    setTarget(slots, remaining.replace(/\s+(?:to|as|in|with|on|for)$/i, ""), quotes, today);
  }
}

/** One change request, read by its verb or by the fields it names. */
function parseChange(
  verb: string,
  rest: string,
  quotes: readonly string[],
  today: CalendarDate,
  categoryNames: readonly string[],
): ChangeSlots {
  const reading: ChangeReading = {
    verb,
    text: tidy(rest),
    quotes,
    today,
    categoryNames,
    slots: { missing: [] },
  };
  for (const read of [readFieldForms, readCategoryOrName, readDays, readRecolour])
    if (read(reading)) return finish(reading.slots);
  readNamedChanges(reading);
  return finish(reading.slots);
}

export function parseDelete(
  rest: string,
  quotes: readonly string[],
  today: CalendarDate,
): ChangeSlots {
  const text = tidy(rest);
  const found = soleQuote(text, quotes) === undefined ? findDate(text, today) : undefined;
  const withoutDay = found ? cut(text, dateLeadIn(text, found.index), found.end) : text;
  const slots: ChangeSlots = { missing: [] };
  if (
    !/^(?:all|everything|all\s+(?:of\s+)?(?:my\s+|the\s+)?(?:annotations|them|notes))$/i.test(
      tidy(withoutDay),
    )
  )
    setTarget(slots, text, quotes, today);
  if (!slots.target) slots.missing.push("target");
  return slots;
}
