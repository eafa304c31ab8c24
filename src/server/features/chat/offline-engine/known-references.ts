/**
 * A message read again with the property's annotations known. People name an annotation by its
 * title anywhere in a sentence and say what is wrong with it as a fact ("Release 4.2 went out on
 * the 3rd actually", "no description needed for Summer sale any more", "Tracking broken can go").
 * A title found in the message is a reference, so those words are accounted for; what is left is
 * read as the change, and any word still unexplained makes the change a preview, never a write.
 */
import {
  addDays,
  compareDates,
  isRealDate,
  type CalendarDate,
} from "../../../../shared/calendar-date.js";
import { daysInUnit, parseCount } from "./count-words.js";
import { addMonthsClamped, latestNumberedIn, weekRange } from "./dates/calendar.js";
import { tidy } from "./cut-text.js";
import { findCategory } from "./extract-category.js";
import { findColor } from "./extract-color.js";
import { findDate, findSpan } from "./extract-dates.js";
import { findLength, lastDayOf } from "./lengths.js";
import { namedByPart } from "./doubts.js";
import { daysOf, findMention, type KnownAnnotation, type Mention } from "./known-annotations.js";
import { QUESTION_START } from "./slots.js";
import type { Understanding } from "./understanding.js";

export interface KnownContext {
  message: string;
  known: readonly KnownAnnotation[];
  today: CalendarDate;
  categoryNames: readonly string[];
}

const fold = (text: string) => tidy(text).toLowerCase();

export function readAgainstKnown(alone: Understanding, context: KnownContext): Understanding {
  const mention = findMention(context.message, context.known);
  if (!mention || insideLongerQuote(context.message, mention)) return alone;
  const read = readWithMention(alone, context, mention);
  // "the outage lasted till sunday" for "Payment provider outage": named by part of its title,
  // so a change to it is shown before it is made.
  // Said with a slip ("the autumn lookbook email" for "Autum lookbook email") as much as by part.
  const title = mention.annotation.title;
  const written = tidy(context.message.slice(mention.index, mention.end));
  const differs = mention.partial || fold(written).replace(/^the\s+/, "") !== fold(title);
  if (!differs || read.intent !== "update" || read.target?.kind !== "title") return read;
  if (read.target.title !== title) return read;
  const doubt = namedByPart(written, title);
  return read.doubts?.includes(doubt) ? read : { ...read, doubts: [...(read.doubts ?? []), doubt] };
}

function readWithMention(
  alone: Understanding,
  context: KnownContext,
  mention: Mention,
): Understanding {
  const named = { kind: "title", title: mention.annotation.title } as const;
  const written = fold(context.message.slice(mention.index, mention.end));
  const target = alone.target?.kind === "title" ? fold(alone.target.title) : undefined;
  const unsure = (alone.doubts?.length ?? 0) > 0 || alone.missing.length > 0;
  // A statement's reading is taken where it accounts for every word and the first did not.
  const sure = (createdIt = false) => {
    const statement = readStatement(mention, context, createdIt);
    return statement && !statement.doubts ? statement : undefined;
  };
  if (target === fold(named.title)) return (unsure && sure()) || { ...alone, target: named };
  if (alone.intent === "traffic_day" || alone.intent === "traffic_period")
    return periodOf(alone, mention, context);
  const changing = alone.intent === "update" || alone.intent === "delete";
  // "Today's picks carousel should be cyan": the reading took the title's first word for a day.
  if (
    changing &&
    target &&
    !mention.partial &&
    written.endsWith(` ${target}`) &&
    DAY_WORD_HEAD.test(written.slice(0, -target.length - 1))
  )
    return { ...alone, target: named };
  // "wipe the notes on X", "delete the end date on X": a field of X emptied, never X deleted.
  if (alone.intent === "delete" && NAMES_A_FIELD.test(context.message)) return sure() ?? alone;
  // "the podcast sponsorship one, it never happened": the title, and words about it.
  if (changing && target?.includes(written))
    return (unsure && sure()) || snapTarget(alone, named, target.replace(written, " "));
  // "Tracking broken: move it to Oct 13, …": the title first, then what changes.
  const leads =
    ABOUT_IT_FIRST.test(context.message.slice(0, mention.index)) &&
    LIST_OF_CHANGES.test(context.message.slice(mention.end));
  // "we don't need X anymore, delete (it)": a bare deleting verb after the story that names X,
  // in the same sentence (after "X went well. The other one can go", "it" is not X).
  const bareDelete =
    alone.intent === "delete" &&
    !alone.target &&
    !(alone.pointsBack && /[.!?;]\s/.test(context.message.slice(mention.end))) &&
    !alone.everyMatch &&
    !alone.titleContains;
  // "make Today's picks carousel cyan": a whole title holding a day's word names that one, not
  // the annotation on the day.
  const dayInTitle = alone.target?.kind === "date" && !mention.partial;
  if (leads || bareDelete || (changing && (dayInTitle || !namesKnown(alone, context.known)))) {
    const led = sure();
    // "delete the google update one from the 11th": a deletion stays one, its day a description.
    if (led && (alone.intent !== "delete" || led.intent === "delete")) return led;
  }
  // "Android app 6.0 release, make it pink": the title first, then a change to "it" that must be
  // asked about (a colour GA4 lacks): "it" is that annotation, the question stays.
  if (
    alone.intent === "update" &&
    alone.missing.includes("target") &&
    context.message.slice(0, mention.index).trim() === "" &&
    /^\s*[,:;–—-]/.test(context.message.slice(mention.end))
  ) {
    const { pointsBack: _back, target: _it, ...rest } = alone;
    return { ...rest, target: named, missing: rest.missing.filter((piece) => piece !== "target") };
  }
  const createdIt = alone.intent === "create" && fold(alone.title ?? "").includes(written);
  if (alone.intent === "create" && !createdIt && unsure) return sure() ?? alone;
  if (alone.intent !== "unknown" && !createdIt && !(alone.intent === "update" && !alone.target))
    return alone;
  const statement = readStatement(mention, context, createdIt);
  if (statement || !createdIt) return statement ?? alone;
  // "put Tracking broken in there too": an annotation the property has, not a new one's name.
  const rest = fold(alone.title ?? "").replace(written, " ");
  if (tidy(rest.replace(ABOUT_IT, " ").replace(/\b(?:there|too|also|again|as\s+well)\b/g, " ")))
    return alone;
  const doubt = `“${named.title}” is already an annotation here`;
  return { ...alone, doubts: [...(alone.doubts ?? []), doubt] };
}

/** A title's first word that the date readers take as a day ("Today's picks", "Monday deals"). */
const DAY_WORD_HEAD =
  /^(?:today|yesterday|tonight|tomorrow|(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?)(?:['’]?s)?$/i;

/** A field of an annotation named: what a request to clear or delete it empties. */
const NAMES_A_FIELD =
  /\b(?:description|desc|notes?|details|text|blurb|summary|end\s+date|end|category|categories)\b/i;

/** Whether a reading's target is one of the property's annotations, as the product finds one. */
function namesKnown(understanding: Understanding, known: readonly KnownAnnotation[]): boolean {
  const { target } = understanding;
  if (target?.kind !== "title") return true;
  const wanted = fold(target.title);
  const exact = known.filter((annotation) => fold(annotation.title) === wanted);
  return (
    (exact.length > 0 ? exact : known.filter((a) => fold(a.title).includes(wanted))).length === 1
  );
}

/** A title inside a longer quoted passage is part of a new name ("rename it to “Site migration 2”"). */
function insideLongerQuote(message: string, mention: Mention): boolean {
  for (const quote of message.matchAll(/"([^"]*)"|“([^”]*)”/g)) {
    const start = quote.index + 1;
    const end = quote.index + quote[0].length - 1;
    if (mention.index >= start && mention.end <= end)
      return tidy(message.slice(start, end)).length > mention.end - mention.index;
  }
  return false;
}

/** Words about an annotation that ask for no change ("one", "marker", "it never happened"). */
const ABOUT_IT =
  /\b(?:the|a|an|one|ones|annotation|marker|note|entry|from|in|on|of|last|this|that|year|month|week|it|was|is|never|happened|mistake|duplicate|wrong|false|alarm|we're|we|are|redoing|not|needed|anymore|any|more|please|pls|'s)\b|[,.;:!?'-]/gi;

function snapTarget(
  alone: Understanding,
  target: { kind: "title"; title: string },
  around: string,
): Understanding {
  const snapped: Understanding = { ...alone, target };
  if (alone.intent === "delete") return snapped;
  const left = tidy(around.replace(ABOUT_IT, " "));
  if (!left) return snapped;
  return { ...snapped, doubts: [...(alone.doubts ?? []), `I couldn't place “${left}”`] };
}

/** "during the summer sale", "after the outage": the period the annotation names. */
function periodOf(alone: Understanding, mention: Mention, context: KnownContext): Understanding {
  // A period the reading assumed (the chart's own) gives way to the one the annotation names.
  if ((alone.dateRange && !alone.periodAssumed) || alone.date) return alone;
  const { periodAssumed: _assumed, ...asked } = alone;
  const days = daysOf(mention.annotation);
  const before = context.message.slice(0, mention.index).toLowerCase();
  const since = /\b(?:after|since|following)\s+(?:the\s+|our\s+)?$/.test(before);
  const missing = asked.missing.filter((piece) => piece !== "date" && piece !== "period");
  // "did traffic drop during the tuesday deal drops?": over every day it covers, not its first.
  if (asked.intent === "traffic_day" && !since && compareDates(days.start, days.end) !== 0)
    return { ...asked, intent: "traffic_period", missing, dateRange: days };
  if (asked.intent === "traffic_day") return { ...asked, missing, date: days.start };
  return { ...asked, missing, dateRange: since ? { start: days.start, end: context.today } : days };
}

const DESCRIPTION = /\b(?:description|desc|notes?|details|text|blurb|summary)\b/i;
const CATEGORY =
  /\b(?:categor(?:y|ies|ised|ized)|categroy|catagory|catergory|cateogry|uncategori[sz]ed?)\b/i;
/** A deleting verb whose object is the annotation itself ("delete it", "bin that one"). */
const DELETES_IT =
  /\b(?:delete|remove|erase|trash|bin|scrap|ditch|nuke|kill|get\s+rid\s+of)\s+(?:it|this|that)(?:\s+one)?\b(?!\s*['’]s)/i;
const CLEARING =
  /\b(?:wipe|clear|empty|blank|remove|delete|drop|erase|strip|take\s+(?:out|off|away)|get\s+rid\s+of|no\s+(?:longer\s+)?(?:need|needs|needed)|(?:doesn'?t|does\s+not|don'?t|do\s+not)\s+need|not\s+needed|(?:shouldn'?t|should\s+not)\s+(?:be|have)|without|out\s+of|no)\b/i;
const DELETING =
  /\b(?:(?:can|needs\s+to|has\s+to|should|must|gotta)\s+go|can\s+be\s+(?:deleted|removed|binned)|(?:don'?t|do\s+not)\s+(?:want|need)\b|no\s+longer\s+(?:want|need)|get\s+rid\s+of|bin|scrap|ditch|trash|nuke|delete|remove|drop|kill|lose)\b/i;
/** A day the annotation ends on: "ran until 2 August", "actually ended on the 18th". */
const ENDS =
  /\b(?:end|ended|ends|ending|finished|stopped|wrapped\s+up|concluded|ran|runs|lasted|lasting|lasts|spilled\s+over|went\s+on|until|till|thru|through)\b/i;
const SHIFT =
  /\b(a|an|one|two|three|four|five|six|seven|\d{1,2}|the)\s+(day|week|fortnight)s?\s+(earlier|later|before|after)\b(?!\s+(?:yesterday|today|tomorrow|last|next|this|the|on|\d))/i;
/** Something the person says is wrong or should be otherwise: a statement asks for a change. */
const CORRECTION =
  /\b(?:actually|really|in\s+fact|wrong|should|supposed|instead|belongs?|earlier|later|not|isn'?t|wasn'?t|mistake|incorrect|fix)\b/i;
/** Words of a statement of fact about an annotation, beyond the values read from it. */
const STATEMENT_WORDS =
  /\b(?:actually|really|in|fact|wrong|should|shouldn'?t|have|has|had|been|be|supposed|to|not|the|a|an|it|its|it's|is|isn'?t|was|wasn'?t|were|on|at|day|date|dates|annotation|marker|note|entry|one|that|this|went|out|live|happened|happen|started|start|began|begun|launched|ran|run|runs|ended|ends|end|broke|aired|shipped|paused|released|published|sent|earlier|later|than|it\s+says|says|shows|hmm|oh|sorry|oops|wait|fyi|btw|so|and|but|also|please|pls|can|you|could|fix|correct|change|set|make|update|belongs?|under|category|colou?r|as|of|by|from|for|instead|there|listed|shown|we|i|our|us|my|right|move|moved|needs?|needed|has|must|gotta|just|all|days?|weeks?|through|until|till|thru|lasted|finished|ending|any\s*more|longer|no|any|with|away|off|take|get|rid|wipe|clear|empty|blank|remove|delete|drop|erase|strip|without|description|desc|notes?|details|text|blurb|summary|go|deleted|removed|want|bin|scrap|ditch|trash|nuke|kill|lose|mistake|incorrect|title|titled|rename|renamed|call|called|new|say|says|saying|only|single|both|put|mark|fyi|thanks|thx|cheers|though|now|too|already|category|categroy|categories|colour|color|lasting|lasts|into|over|spilled|tbh|nvm|oops|whoops|ugh|lol|ok|okay|yes|yeah|no|nope|sorry|my|bad|range|make|made|show|stopped|fixed|got|wrapped|up|concluded)\b|[,.;:!?'"()\-–—>→]/gi;

/** A question about what exists: "is …", "did we …", "have we annotated …", "any note for …". */
const ASKS = new RegExp(
  `${QUESTION_START.source}|^(?:have|has|any|anything|tell\\s+me\\s+about)\\b`,
  "i",
);

/** A create's own verbs: with one, a title the property has may still name a new annotation. */
const CREATE_VERB =
  /^\W*(?:(?:please|pls|can\s+you|could\s+you|would\s+you)\s+)*(?:add|create|log|record|annotate|note|new|make\s+(?:a|an|one)\b)/i;
/** "Tracking broken → …", "Podcast sponsorship: purple, …", "for the checkout outage, set …". */
const ABOUT_IT_FIRST = /^\W*(?:for\s+(?:the\s+)?)?$/i;
const LIST_OF_CHANGES = /^\s*(?:[:→,;—–]|->|-\s)/;

/** A statement or question about one annotation, read as the change or the look-up it asks for. */
function readStatement(
  mention: Mention,
  context: KnownContext,
  createdIt: boolean,
): Understanding | undefined {
  const target = { kind: "title", title: mention.annotation.title } as const;
  const before = context.message.slice(0, mention.index);
  const after = context.message.slice(mention.end);
  // "call the site migration …" → "call it …": the annotation, whatever article it was given.
  // "meta ads weren't paused on the 5th": a negation inside the title's words still negates.
  const negated = /\b(?:not|never|(?:is|was|were|are|has|had|have|do|does|did)n'?t)\b/i.test(
    context.message.slice(mention.index, mention.end),
  )
    ? " not"
    : "";
  const rest = `${before.replace(/\bthe\s*$/i, "")} it${negated} ${after}`;
  const change = readChanges(rest, mention.annotation, context);
  if (ASKS.test(tidy(context.message)) && !change.found && !CREATE_VERB.test(context.message)) {
    const written = context.message.slice(mention.index, mention.end).toLowerCase();
    return { intent: "list", titleContains: written.replace(/^the\s+/, ""), missing: [] };
  }
  if (!change.found && !createdIt && DELETING.test(rest) && !DESCRIPTION.test(rest))
    return { intent: "delete", target, missing: [] };
  if (!change.found) return createdIt ? undefined : textAfterName(before, after, target);
  // "add Site migration under Releases" may be a second annotation of that name; "put Site
  // migration under Releases", "Site migration: purple" or "… should be purple" is about the first.
  const aboutIt =
    !createdIt ||
    CORRECTION.test(rest) ||
    !CREATE_VERB.test(context.message) ||
    (ABOUT_IT_FIRST.test(before) && LIST_OF_CHANGES.test(after));
  if (!aboutIt) return undefined;
  const left = unplaced(change.left);
  const doubts = [...change.doubts, ...(left ? [`I couldn't place “${left}”`] : [])];
  return {
    intent: "update",
    target,
    missing: [],
    ...change.slots,
    ...(doubts.length > 0 ? { doubts } : {}),
  };
}

/** "for Android app 8.0: added dark mode …", "re Launch — went fine": words after a name. */
const AFTER_NAME = /^\s*[:–—]\s*([^?]{3,500})$/;

/**
 * Words after an annotation's name and a colon, with nothing else asked: most likely its
 * description, shown first since they might be meant otherwise.
 */
function textAfterName(
  before: string,
  after: string,
  target: { kind: "title"; title: string },
): Understanding | undefined {
  const text = AFTER_NAME.exec(after)?.[1]?.trim();
  if (!text || !/^\s*(?:(?:for|re|on|about)\s+)?(?:the\s+)?$/i.test(before)) return undefined;
  return {
    intent: "update",
    target,
    missing: [],
    newDescription: text,
    doubts: [`I took what you wrote after “${target.title}” as its description`],
  };
}

/** A new description, quoted or to the end of the message: "description “…”", "desc: …". */
const DESCRIPTION_VALUE =
  /\b(?:description|desc|descripton|decription|descrption|details|notes?)\b\s*(?:(?:to\s+say|to|should\s+say|should\s+be|says?|saying|reads?|as|is)\b\s*[:=]?|[:=–—-])?\s*(?:"([^"]*)"|“([^”]*)”|(?<=(?:\bto|\bsay|\bsays|\bsaying|\bread|\breads|\bas|[:=–—-])\s*)([^"“\s].*))$/i;
/** "the description is wrong — it should say “…”": the quoted words it should say. */
const SAYS_QUOTED =
  /\b(?:should\s+(?:say|read|be)|to\s+say|says?|reads?)\s*:?\s*(?:"([^"]+)"|“([^”]+)”)/i;
/** A new title: "→ “…”", "call it “…”", "rename it to “…”", "title should be “…”". */
const TITLE_VALUE =
  /(?:→|->|\bcall(?:ed)?\s+it|\brename(?:d)?\s+(?:it\s+)?(?:to\s+)?|\b(?:new\s+)?title\s*(?:to|should\s+be|is)?\s*[:=]?)\s*(?:"([^"]+)"|“([^”]+)”)/i;
/** A range made one day: "drop the end date", "it was only one day". */
const CLEAR_END =
  /\b(?:(?:drop|remove|delete|clear|get\s+rid\s+of|no)\s+(?:the\s+|its\s+)?end(?:\s+date)?|(?:only|just)\s+(?:the\s+)?(?:one|a\s+single|1)\s+day|(?:shouldn'?t|should\s+not|doesn'?t|does\s+not|don'?t|do\s+not)\s+(?:have|need)\s+(?:an?\s+|the\s+|its\s+)?end(?:\s+date)?|without\s+(?:an?\s+)?end(?:\s+date)?|take\s+(?:the\s+|its\s+)?end(?:\s+date)?\s+off|open[\s-]ended)\b/i;

/** A value said not to be: the words after "not", "n't (be)", "never" — never read as a change. */
const NEGATED_VALUE =
  /\b(?:not|never|(?:is|was|were|are|should|did|does|do|has|have|had|could|would|wo|ca)n'?t)\s+(?:(?:be|been|have\s+been|have|be\s+in|be\s+on)\s+)?(?:the\s+|on\s+(?:the\s+)?|in\s+|an?\s+)?[\p{L}\p{N}/#.]+(?:\s+\p{L}+)?/giu;

/** The words of a statement left once its values and its own words are taken out. */
function unplaced(text: string): string {
  const words = text.replace(/(?<=\p{L})['’](?:s|re|ve|ll|d|m)\b/gu, " ");
  return tidy(words.replace(STATEMENT_WORDS, " ").replace(THEM, " "));
}

/** Words for the annotation itself, or the people who made it: never a value. */
const THEM =
  /\b(?:they|them|those|these|he|she|someone|somebody|we|our|team|outdated|stale|old)\b/gi;

/** Every change a statement gives, part by part: each part a value, or words left over. */
function readChanges(
  text: string,
  /** The annotation the statement is about, when known: "two weeks earlier" counts from its day. */
  annotation: KnownAnnotation | undefined,
  context: Pick<KnownContext, "today" | "categoryNames">,
): ReadChange & { doubts: string[] } {
  const slots: Partial<Understanding> = {};
  const doubts: string[] = [];
  let rest = text;
  const title = TITLE_VALUE.exec(rest);
  if (title) {
    slots.newTitle = tidy(title[1] ?? title[2] ?? "");
    rest = `${rest.slice(0, title.index)} ${rest.slice(title.index + title[0].length)}`;
  }
  const described =
    DESCRIPTION_VALUE.exec(rest) ?? (DESCRIPTION.test(rest) ? SAYS_QUOTED.exec(rest) : null);
  const value = described ? (described[1] ?? described[2] ?? described[3]) : undefined;
  // "no description needed" empties it (below); a value after the word sets it.
  if (described && value !== undefined && !CLEARING.test(value)) {
    slots.newDescription = tidy(value);
    rest = rest.slice(0, described.index);
  }
  const clearEnd = CLEAR_END.exec(rest);
  if (clearEnd) {
    slots.clearEnd = true;
    rest = `${rest.slice(0, clearEnd.index)} ${rest.slice(clearEnd.index + clearEnd[0].length)}`;
  }
  // "the description is wrong, just blank it": a field emptied is read across the parts. "The
  // Google core update note is wrong, delete it" deletes the annotation it calls a note: a verb of
  // deleting whose object is "it" never empties a field.
  if (
    slots.newDescription === undefined &&
    CLEARING.test(rest) &&
    NAMES_A_FIELD.test(rest) &&
    !DELETES_IT.test(rest)
  ) {
    const whole = readChange(rest, annotation, context);
    if (whole.slots.newDescription !== undefined || whole.slots.clearCategory)
      return { found: true, slots: { ...slots, ...whole.slots }, left: whole.left, doubts };
  }
  // "ran march 3 – march 9": a span is read whole before the parts are split at its dash.
  const span = findSpan(rest, context.today);
  if (span) {
    Object.assign(slots, { date: span.range.start, endDate: span.range.end });
    rest = `${rest.slice(0, span.index)} ${rest.slice(span.end)}`;
  }
  let left = "";
  for (const part of rest.split(/[;,]|\band\b|\bthen\b|→|->|\s[—–-]\s/i)) {
    const change = readChange(part, annotation, context);
    for (const [field, found] of Object.entries(change.slots)) {
      const had = slots[field as keyof Understanding];
      if (had !== undefined && JSON.stringify(had) !== JSON.stringify(found))
        doubts.push(`“${tidy(part)}” changes what another part already changed`);
      else Object.assign(slots, { [field]: found });
    }
    left += ` ${change.left}`;
  }
  return { found: Object.keys(slots).length > 0, slots, left, doubts };
}

interface ReadChange {
  found: boolean;
  slots: Partial<Understanding>;
  /** The words not read as a value. */
  left: string;
}

/** The values a statement gives: a day or a last day, a shift, a colour, a category, a field emptied. */
function readChange(
  text: string,
  annotation: KnownAnnotation | undefined,
  context: Pick<KnownContext, "today" | "categoryNames">,
): ReadChange {
  const clearing = CLEARING.test(text);
  // What it is not is no value: "on the 2nd, not the 3rd", "shouldn't be red", "isn't Campaigns".
  let left = text.replace(NEGATED_VALUE, " ");
  const slots: Partial<Understanding> = {};
  // "shouldn't have a category", "take it out of Incidents": the field emptied, whatever it was.
  if (clearing && DESCRIPTION.test(text) && !/⟪|"|“/.test(text)) slots.newDescription = "";
  else if (clearing && (CATEGORY.test(text) || namesCategory(text, context.categoryNames)))
    slots.clearCategory = true;
  if (slots.newDescription !== undefined || slots.clearCategory)
    return { found: true, slots, left: withoutNames(text.replace(CATEGORY, " "), context) };
  const shift = SHIFT.exec(left);
  if (shift) {
    const count = /^the$/i.test(shift[1]!) ? 1 : (parseCount(shift[1]!) ?? 1);
    const days = count * daysInUnit(shift[2]!);
    const sign = /earlier|before/i.test(shift[3]!) ? -1 : 1;
    // Every day it covers moves: a range stays the same length.
    if (annotation) {
      const { start, end } = daysOf(annotation);
      slots.date = addDays(start, sign * days);
      if (compareDates(end, start) > 0) slots.endDate = addDays(end, sign * days);
    } else slots.shiftDays = sign * days;
    left = left.replace(shift[0], " ");
  }
  // "ran a week longer than it says", "the code died two days early": counted from its days.
  // "the title should be 2 weeks" names a field: no length of its days.
  const namesField = /\b(?:title|name|description|desc|notes?|colou?r|category)\b/i.test(left);
  const length = shift || !annotation || namesField ? undefined : findLength(left);
  if (length) left = `${left.slice(0, length.index)} ${left.slice(length.end)}`;
  // "Price match guarantee ran all week": the Monday-to-Sunday week it is in, once it is over.
  const wholeWeek = shift || length || !annotation ? null : ALL_WEEK.exec(left);
  if (wholeWeek) {
    const week = weekRange(daysOf(annotation!).start);
    if (compareDates(week.end, context.today) <= 0) {
      slots.date = week.start;
      slots.endDate = week.end;
      left = left.replace(wholeWeek[0], " ");
    }
  }
  // "ran July 3 to July 17": both days.
  const range = shift || length || slots.date ? undefined : findSpan(left, context.today);
  if (range) {
    slots.date = range.range.start;
    slots.endDate = range.range.end;
    left = `${left.slice(0, range.index)} ${left.slice(range.end)}`;
  }
  const day = slots.date ? undefined : findDate(left, context.today);
  if (day && !shift) {
    const phrase = left.slice(day.index, day.end);
    const ends = ENDS.test(left.slice(0, day.index));
    const date = (annotation && inMonthOf(phrase, annotation, ends)) ?? day.date;
    if (ends) slots.endDate = date;
    else slots.date = date;
    left = `${left.slice(0, day.index)} ${left.slice(day.end)}`;
  }
  if (length) {
    // "it started on the 2nd and ran for 3 days": from the first day said, if one was.
    const own = daysOf(annotation!);
    const start = slots.date ?? own.start;
    const last = lastDayOf(length.length, start, slots.date ? start : own.end);
    if (compareDates(last, start) > 0) slots.endDate = last;
    else if (compareDates(last, start) === 0 && compareDates(own.end, own.start) > 0)
      slots.clearEnd = true;
  }
  // "was only on the 11th", "just the 12th": one day, no longer a range.
  if (slots.date && !slots.endDate && annotation?.endDate && ONE_DAY.test(text))
    slots.clearEnd = true;
  const colour = findColor(left, "loose");
  if (colour?.color) {
    slots.color = colour.color;
    left = `${left.slice(0, colour.index)} ${left.slice(colour.end)}`;
  }
  const category =
    findCategory(left, [], context.categoryNames) ?? categoryAlone(left, context.categoryNames);
  if (category) {
    slots.category = category.reference;
    left = `${left.slice(0, category.index)} ${left.slice(category.end)}`;
  }
  return { found: Object.keys(slots).length > 0, slots, left };
}

const ONE_DAY = /\b(?:only|just|single\s+day|one\s+day)\b/i;
const ALL_WEEK = /\b(?:all|the\s+whole|the\s+entire|the\s+full)\s+week(?:\s+long)?\b/i;

/**
 * "it broke on the 13th" of an annotation in October: a day of the month alone corrects the day
 * within the annotation's month, the one the person is looking at, not the latest 13th.
 */
function inMonthOf(
  phrase: string,
  annotation: KnownAnnotation,
  /** A last day: "ended on the 2nd" of one that began on Oct 30 is Nov 2, the first 2nd after. */
  ends = false,
): CalendarDate | undefined {
  const day = /^(?:on\s+)?(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?$/i.exec(tidy(phrase));
  if (!day) return undefined;
  const { start, end } = daysOf(annotation);
  // "ended on the 13th" of a range over two months: the latest 13th it covers.
  const within = ends ? latestNumberedIn(Number(day[1]), { start, end }) : undefined;
  if (within) return within;
  const date = { year: start.year, month: start.month, day: Number(day[1]) };
  if (ends && isRealDate(date) && compareDates(date, start) < 0) {
    const next = addMonthsClamped({ ...start, day: 1 }, 1);
    const after = { ...next, day: date.day };
    return isRealDate(after) ? after : undefined;
  }
  return isRealDate(date) ? date : undefined;
}

/** The text without the person's category names (or their singulars) in it. */
function withoutNames(text: string, context: Pick<KnownContext, "categoryNames">): string {
  let left = withoutCategory(text, context).toLowerCase();
  for (const name of context.categoryNames) {
    const named = fold(name);
    left = left.split(named).join(" ").split(named.replace(/s$/, "")).join(" ");
  }
  return left;
}

/** Whether the text names one of the person's categories anywhere ("out of Incidents"). */
function namesCategory(text: string, names: readonly string[]): boolean {
  const words = ` ${fold(text).replace(/[^\p{L}\p{N}/ ]+/gu, " ")} `;
  return names.some((name) => {
    const named = fold(name);
    return words.includes(` ${named} `) || words.includes(` ${named.replace(/s$/, "")} `);
  });
}

/** A part that is nothing but one of the person's category names ("…: purple, Campaigns"). */
function categoryAlone(part: string, names: readonly string[]) {
  const words = fold(part.replace(/^\s*(?:it|in|under|to)\s+/i, " "));
  const at = part.toLowerCase().indexOf(words);
  const named = names.find((name) => fold(name) === words || `${fold(name)}s` === words);
  return named && at >= 0 ? { reference: named, index: at, end: at + words.length } : undefined;
}

function withoutCategory(text: string, context: Pick<KnownContext, "categoryNames">): string {
  const category = findCategory(text, [], context.categoryNames);
  return category ? `${text.slice(0, category.index)} ${text.slice(category.end)}` : text;
}

const CREATE_WORD =
  /\b(?:add|adds|log|record|note|create|annotate|annotation|new|jot|put\s+down|mark\s+down|title|titled|call|called|name|named|label(?:led)?)\b/i;

/** Words that carry on from the turn before: "and …", "also …", "oh and …". */
const CARRIES_ON = /^\W*(?:(?:oh|ah|and|also|plus|wait|hmm+|sorry|oops|no|nope|actually)\b\W*)+/i;
const POINTS_AT_IT = /\b(?:it|its|it's|that\s+one|this\s+one)\b/i;

/**
 * A statement about the annotation just discussed ("hmm it was two weeks earlier actually",
 * "should've been red tbh", "and it was paid social really", "oh and description: sent to 48k"):
 * a change of "it", made only when every word is accounted for; the product asks which
 * annotation when nothing was discussed.
 */
export function readAboutFocus(
  alone: Understanding,
  message: string,
  context: Pick<KnownContext, "today" | "categoryNames">,
): Understanding {
  const text = tidy(message);
  const pointer = POINTS_AT_IT.test(text) || CARRIES_ON.test(text) || /^should/i.test(text);
  // A create asked for in so many words stays one ("log it", "add “Promo” and make it red").
  const unread =
    alone.intent === "unknown" ||
    (alone.intent === "create" && !!alone.doubts && !CREATE_WORD.test(text));
  const opening = text.replace(CARRIES_ON, "");
  const question =
    /\?\s*$/.test(text) ||
    (QUESTION_START.test(opening) && !/^should(?:'?ve|\s+have|\s+be)\b/i.test(opening));
  if (!pointer || !unread || question) return alone;
  const change = readChanges(text, undefined, context);
  if (!change.found) return alone;
  const left = unplaced(change.left);
  const doubts = [...change.doubts, ...(left ? [`I couldn't place “${left}”`] : [])];
  return {
    intent: "update",
    pointsBack: true,
    missing: ["target"],
    ...change.slots,
    ...(alone.propertyId ? { propertyId: alone.propertyId } : {}),
    ...(doubts.length > 0 ? { doubts } : {}),
  };
}
