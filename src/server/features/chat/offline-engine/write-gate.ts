/**
 * The last stage of a reading: whether its draft may be written at once. A write happens at once
 * only when every piece came from an explicit cue; these guards name, as classes, the readings
 * that must never be written without the person seeing them — whatever stage produced them. Each
 * adds a doubt (shown on the draft card) or, where nothing usable is left, a missing piece. A
 * wrong draft card costs a click; a silent wrong write is a defect.
 */
import { isAnnotationColor, type AnnotationColor } from "../../../../shared/annotation-colors.js";
import { compareDates, fromIsoDate, toIsoDate } from "../../../../shared/calendar-date.js";
import { findDate, findSpan, lastYearTaken, slashesEitherWay } from "./extract-dates.js";
import type { KnownAnnotation } from "./known-annotations.js";
import { noDaySaid } from "./doubts.js";
import { correctDayWords } from "./normalise.js";
import { trailingAttributes } from "./parse-create.js";
import type { Understanding } from "./understanding.js";
import {
  CATEGORY_WORDS,
  COLOUR_WORDS,
  type GateContext,
  capitalised,
  fold,
  nearlySameTitle,
  quotedInMessage,
  titleNamesNothing,
  withDoubt,
} from "./gate-words.js";
import { longerName, quotedNewOne, storyName, toldNotAsked } from "./gate-stories.js";
import {
  addedTo,
  describesIt,
  markBareDays,
  namedBeforeIt,
  typoReport,
  valuesAlone,
} from "./gate-follow-ups.js";

/**
 * A title that ends on an article, a preposition that needs its object or a conjunction: what is
 * left when a phrase after it was read as something else ("… for a [week from Nov 9]").
 */
const DANGLING_END = /\s(?:a|an|the|for|from|to|of|with|and|or|by|till|until|since|between)$/i;

/**
 * "…, log it as Email platform outage, incidents": a list at the end of an unquoted title whose
 * items are each wholly a colour or one of the person's categories is read apart from the name,
 * whichever stage took the title.
 */
function listedApart(understanding: Understanding, context: GateContext): Understanding {
  const title = understanding.title;
  if (!title || quotedInMessage(title, context.message)) return understanding;
  const listed = trailingAttributes(title, context.categoryNames);
  const name = listed.text.replace(/[\s,;–—-]+$/u, "").trim();
  if (!name || name === title) return understanding;
  return {
    ...understanding,
    title: name,
    ...(listed.color && !understanding.color ? { color: listed.color } : {}),
    ...(listed.category && !understanding.category ? { category: listed.category } : {}),
  };
}

/** A create said outright: "add …", "log …", "please create …", "new annotation …". */
const EXPLICIT_CREATE =
  /^\W*(?:(?:hi|hey|ok|okay|so|and|also|please|pls|can\s+you|could\s+you)\W+)*(?:add|log|create|make|note|record|mark|put|annotate|new\s+annotation)\b/i;

/**
 * The same title asked for outright on a day the known one does not cover ("add 'Checkout
 * outage' yesterday" when last month's is there): another occasion of a recurring event, which
 * people do annotate, not a reference to the old one.
 */
function anotherOccasion(
  annotation: KnownAnnotation,
  understanding: Understanding,
  context: GateContext,
): boolean {
  const day = understanding.date;
  if (!day || !EXPLICIT_CREATE.test(context.message)) return false;
  const start = fromIsoDate(annotation.date);
  const end = annotation.endDate ? fromIsoDate(annotation.endDate) : start;
  const last = understanding.endDate ?? day;
  return compareDates(last, start) < 0 || compareDates(day, end) > 0;
}

/** A colour named among a would-be title's words ("a campaign, green"). */
function colourIn(title: string): AnnotationColor | undefined {
  const word = fold(title)
    .split(" ")
    .find((candidate) => isAnnotationColor(candidate.toUpperCase()));
  return word ? (word.toUpperCase() as AnnotationColor) : undefined;
}

/** The first kind word of a would-be title ("a campaign" → "campaign"), read as a category. */
function categoryWordIn(title: string): string | undefined {
  return fold(title)
    .split(" ")
    .find((word) => CATEGORY_WORDS.has(word) && word !== "category" && word !== "categories");
}

/**
 * "log incident Checkout 500 errors": a kind typed in lower case before the name is one of the
 * person's categories (its last word, singular or plural), not the name's first word.
 */
function kindBefore(
  title: string,
  categoryNames: readonly string[],
): { category: string; name: string } | undefined {
  // "Incident - checkout down": a kind set off by a dash, in any letter case.
  const dashed = /^(\S+)\s+[-–—]\s+(\S.*)$/.exec(title);
  const [said = "", ...rest] = dashed ? [dashed[1] ?? "", dashed[2] ?? ""] : title.split(/\s+/);
  if (rest.length === 0 || (!dashed && said !== said.toLowerCase())) return undefined;
  const first = fold(said);
  const category = categoryNames.find((name) => {
    const last =
      fold(name)
        .split(/[\s/]+/)
        .pop() ?? "";
    return last === first || last === `${first}s` || `${last}s` === first;
  });
  return category ? { category, name: rest.join(" ") } : undefined;
}

/** The words just before a title in the message, when they are an article or "a new". */
function ledByArticle(title: string, message: string): string | undefined {
  const at = message.toLowerCase().indexOf(title.toLowerCase());
  if (at <= 0) return undefined;
  const lead = /(?:^|\s)((?:a|an|the|a\s+new|new|our|my|some|about\s+the|about\s+an?)\s+)$/i.exec(
    message.slice(Math.max(0, at - 16), at),
  );
  return lead?.[1]?.trim();
}

/** "TV campaign wave 1 running 3rd to 5th november": the timing verb is no part of the name. */
const TRAILING_TIMING =
  /\s+(?:started|starts|starting|running|runs|ran|began|begins|kicked\s+off|ongoing)$/i;

function withoutTimingVerb(understanding: Understanding, message: string): Understanding {
  const title = understanding.title;
  // Only before the days of a range it names, and never inside the person's quotes: "YouTube
  // pre-roll started" on one day is what happened.
  if (!title || !understanding.endDate || !TRAILING_TIMING.test(title)) return understanding;
  if (quotedInMessage(title, message)) return understanding;
  const bare = title.replace(TRAILING_TIMING, "");
  return bare ? { ...understanding, title: bare } : understanding;
}

const CLAUSE_START =
  /^(?:after|before|during|since|because|due\s+to|about|regarding|re|when|while|until|as|so|that|which)\s/i;

const ARTICLE = /^(?:the|a|an|our|my|this|that)\s+/i;
/** The articles a draft's title leaves out: "the podcast ad" is the podcast ad's annotation. */
const LEADING_ARTICLE = /^(the|a|an|our|my)\s+/i;

/**
 * "in Campaigns called Big push", "in an annotation for the gifting wave": a preposition to
 * start, or the words that introduce a name inside it, say the name was not read apart.
 */
const NAME_NOT_READ =
  /^(?:in|into|for|on|at|to|of|from|with|by|about|under)\s|\s(?:called|named|titled)\s|\b(?:annotation|annotations)\b/i;

/**
 * "the podcast ad": the draft names the thing ("Podcast ad") and says what it left out; what was
 * already said of the title ("I made the title “…” from what you told me") names the one shown.
 */
function withoutArticle(
  guarded: Understanding,
  title: string,
  article: string,
  length: number,
): Understanding {
  const named = capitalised(title.slice(length));
  const renamed = (text: string) => text.split(`“${title}”`).join(`“${named}”`);
  const source = guarded.sources?.title;
  return withDoubt(
    {
      ...guarded,
      title: named,
      ...(guarded.doubts ? { doubts: guarded.doubts.map(renamed) } : {}),
      ...(guarded.sources && source?.doubt
        ? { sources: { ...guarded.sources, title: { ...source, doubt: renamed(source.doubt) } } }
        : {}),
    },
    `I left “${article}” out of the title`,
    ["title"],
  );
}

/**
 * The guards on a create: a title that is already one of the property's annotations is a
 * reference to it; a title of no words of its own that the person did not quote is no title; an
 * unquoted title led by an article ("the Cyber Monday promo") is shown as a draft.
 */
function guardCreate(read: Understanding, context: GateContext): Understanding {
  const understanding = listedApart(withoutTimingVerb(read, context.message), context);
  const title = understanding.title;
  if (!title) return understanding;
  let guarded = understanding;
  const quoted = quotedInMessage(title, context.message);
  // A colour is never a name, quoted or not: 'add "green" for monday' says no title.
  if (COLOUR_WORDS.has(fold(title))) {
    const { title: _colour, ...rest } = guarded;
    return { ...rest, missing: [...rest.missing.filter((piece) => piece !== "title"), "title"] };
  }
  if (!quoted && titleNamesNothing(title, context.categoryNames)) {
    // "… went out on Dec 1 - log it as a campaign, green": a kind and a colour are no name. The
    // kind is its category; the name, if any, is the event the person told of first.
    const { title: _none, doubts, ...unnamed } = guarded;
    // The colour said among them is its colour, no longer a doubt about the title.
    const colour = understanding.color ?? colourIn(title);
    const rest: Understanding = {
      ...unnamed,
      ...(colour ? { color: colour } : {}),
      ...(doubts?.some((doubt) => !doubt.includes("may be its colour"))
        ? { doubts: doubts.filter((doubt) => !doubt.includes("may be its colour")) }
        : {}),
    };
    const kind = understanding.category ?? categoryWordIn(title);
    const told = storyName(context.message, context.categoryNames);
    if (told) {
      const made = `I made the title “${told}” from what you told me`;
      return {
        ...rest,
        title: told,
        ...(kind ? { category: kind } : {}),
        doubts: [...(rest.doubts ?? []), made],
        ...(rest.sources
          ? { sources: { ...rest.sources, title: { words: told, sure: false, doubt: made } } }
          : {}),
      };
    }
    return {
      ...rest,
      ...(kind ? { category: kind } : {}),
      missing: rest.missing.includes("title") ? rest.missing : [...rest.missing, "title"],
    };
  }
  if (quoted && !understanding.category) guarded = quotedCategory(guarded, title, context);
  const kind =
    quoted || understanding.category ? undefined : kindBefore(title, context.categoryNames);
  if (kind)
    guarded = withDoubt(
      { ...guarded, title: kind.name, category: kind.category },
      `I took “${title.split(/\s+/)[0]}” as its category, ${kind.category}`,
      ["title", "category"],
    );
  // A day never said is today only as a guess: shown before it is written.
  // A range was read from the person's words ("all last week"): its days were said.
  if (!daySaid(context) && !guarded.endDate && !guarded.doubts?.includes(noDaySaid))
    guarded = withDoubt(guarded, noDaySaid, ["date"]);
  const existing = context.known.find(
    (annotation) =>
      nearlySameTitle(annotation.title, title) &&
      !anotherOccasion(annotation, understanding, context),
  );
  const said = (doubt: string) => doubt.startsWith(`“${existing?.title}” is already`);
  if (existing && !guarded.doubts?.some(said))
    guarded = withDoubt(
      guarded,
      `“${existing.title}” (${existing.date}) is already an annotation here`,
      ["title"],
    );
  // "after the domain property switch": a clause about something, not its name.
  if (!quoted && CLAUSE_START.test(title))
    guarded = withDoubt(guarded, `“${title}” reads as a clause rather than a name`, ["title"]);
  // "Newsletter test for a": words left over where a phrase was read away, not a name.
  if (!quoted && DANGLING_END.test(title))
    guarded = withDoubt(guarded, `“${title}” ends mid-phrase`, ["title"]);
  if (!quoted && NAME_NOT_READ.test(title))
    guarded = withDoubt(guarded, `“${title}” doesn't read as a name on its own`, ["title"]);
  const article = quoted ? null : LEADING_ARTICLE.exec(title);
  if (article && title.length > article[0].length)
    guarded = withoutArticle(guarded, title, article[1] ?? "", article[0].length);
  else if (!quoted && ARTICLE.test(title))
    guarded = withDoubt(guarded, `the title starts with “${title.split(/\s+/)[0]}”`, ["title"]);
  else if (!quoted) {
    // "add a new landing page on the 4th", "log an outage …": a thing described, not named.
    const led = ledByArticle(title, context.message);
    if (led)
      guarded = withDoubt(
        guarded,
        `you wrote “${led} ${title}”, which may describe it rather than name it`,
        ["title"],
      );
  }
  return guarded;
}

/**
 * The guards on a change: a new title of no words of its own is never written; and a target
 * that is only the end of a longer name the person wrote ("Google Ads brand campaign paused …",
 * where the property has an annotation called "campaign") is not that annotation: the whole
 * name is a new one, offered as a draft to create.
 */
function guardUpdate(read: Understanding, context: GateContext): Understanding {
  // An annotation marks what happened: moving one to a day still to come is shown first.
  const dated =
    read.date && compareDates(read.date, context.today) > 0
      ? withDoubt(read, `${toIsoDate(read.date)} is still to come`, ["date"])
      : read;
  const understanding =
    dated.newDescription && CORRECTING_WORDS.test(context.message)
      ? { ...dated, descriptionCorrects: true }
      : dated;
  const renamed = understanding.newTitle;
  if (renamed !== undefined && titleNamesNothing(renamed, context.categoryNames))
    return withDoubt(understanding, `“${renamed}” doesn't look like a name for it`, ["title"]);
  return markBareDays(longerName(understanding, context) ?? understanding, context.message);
}

/**
 * 'add an annotation called "Incidents"': quoted, it may be meant, but a title that is one of the
 * person's categories is shown first.
 */
function quotedCategory(read: Understanding, title: string, context: GateContext): Understanding {
  return context.categoryNames.some((name) => fold(name) === fold(title))
    ? withDoubt(read, `“${title}” is the name of one of your categories`, ["title"])
    : read;
}

/** A description said as a correction of the one there: "should say …", "fix …", "… not …". */
const CORRECTING_WORDS = /\b(?:should\s+(?:say|read|be)|fix|correct|wrong|typo|not)\b/i;

/** Words that say "today" without a date: a create said with them has its day. */
const TODAY_SAID =
  /\b(?:today|tonight|now|just\s+now|this\s+(?:morning|afternoon|evening)|earlier\s+today|right\s+now)\b/i;

function daySaid(context: GateContext): boolean {
  const { today } = context;
  // "yday", "tmr": the day words as the reading corrected them.
  const message = correctDayWords(context.message);
  if (context.question?.known.date) return true;
  return (
    TODAY_SAID.test(message) ||
    findDate(message, today) !== undefined ||
    findSpan(message, today) !== undefined
  );
}

/** The reading as it may be acted on: with the doubts its guards found. */
export function guardWrites(read: Understanding, context: GateContext): Understanding {
  const understanding =
    typoReport(read, context) ??
    addedTo(read, context) ??
    valuesAlone(read, context) ??
    quotedNewOne(read, context) ??
    toldNotAsked(read, context) ??
    describesIt(read, context) ??
    namedBeforeIt(read, context) ??
    read;
  if (understanding.intent === "create")
    return endNotYet(
      bareWeekday(
        eitherWayDay(lastYearsDay(guardCreate(understanding, context), context), context),
        context,
      ),
      context,
    );
  if (understanding.intent === "update")
    return endNotYet(
      bareWeekday(
        eitherWayDay(lastYearsDay(guardUpdate(understanding, context), context), context),
        context,
      ),
      context,
    );
  return understanding;
}

/** "… suspended wed": a weekday read from a short form closing the message, with no "on". */
const BARE_WEEKDAY =
  /(?<!\b(?:on|for|since|from|until|till|to|through|thru|by|last|past|previous|this|next)\s+)\b(wed|mon)[\s.!?,]*(?:(?:pls|please|thx|thanks|ty|then|tho)[\s.!?]*)*$/;

/**
 * "add Google Ads account suspended wed": "wed" and "mon" are words too, so a day read from one
 * said bare at the end is shown to be checked before it is written.
 */
function bareWeekday(understanding: Understanding, context: GateContext): Understanding {
  const bare = BARE_WEEKDAY.exec(context.message);
  if (!bare || !understanding.date || understanding.endDate) return understanding;
  return withDoubt(understanding, `I took “${bare[1]}” as ${toIsoDate(understanding.date)}`, [
    "date",
  ]);
}

/**
 * "from nov 20 to next friday": a range that ends after today cannot be annotated yet. Its end is
 * never dropped in silence nor written: the draft leaves it open and says why.
 */
function endNotYet(understanding: Understanding, context: GateContext): Understanding {
  const end = understanding.endDate;
  if (!end || compareDates(end, context.today) <= 0) return understanding;
  const { endDate: _future, ...open } = understanding;
  return withDoubt(
    { ...open, endStillToCome: end },
    `it runs until ${toIsoDate(end)}, which is still to come, so I left its end open`,
    ["date"],
  );
}

/**
 * "2/11 to 6/11": each day reads as well day-first (2 November) as month-first (February 11),
 * and no other day in the message says which (the date reader's `slashesEitherWay`). Neither
 * reading is offered as a guess: the day is asked for, naming the words that could be either
 * (decision 0076), and an answer such as "3rd of nov" completes the request.
 */
function eitherWayDay(understanding: Understanding, context: GateContext): Understanding {
  const written = slashesEitherWay(context.message);
  if (!written) return understanding;
  const { date: _date, endDate: _end, ...rest } = understanding;
  return {
    ...rest,
    unreadPeriod: written,
    missing: rest.missing.includes("date") ? rest.missing : [...rest.missing, "date"],
  };
}

/** How near this year's day must be for last year's to be a guess rather than the plain reading. */
const NEAR_DAYS = 62;

/**
 * A day written without its year is taken as the last one past, but when this year's is only
 * weeks away ("move it to Nov 30" on Nov 23), last year's, eleven months back, is more likely a
 * slip than what was meant: shown as a draft, its day to be checked, never written at once. The
 * date reader says whether its reading was such a guess (`lastYearTaken`), from the day's own
 * words when the draft knows them.
 */
function lastYearsDay(understanding: Understanding, context: GateContext): Understanding {
  const day = understanding.date;
  // A day said by its number alone ("was just the 28th") is in the annotation's own month and year.
  if (!day || understanding.bareDays) return understanding;
  // A change that keeps an annotation in its own year moves it no year back.
  const target = understanding.target;
  const own =
    target?.kind === "title"
      ? context.known.find((known) => nearlySameTitle(known.title, target.title))
      : undefined;
  if (own && Number(own.date.slice(0, 4)) === day.year) return understanding;
  const words = understanding.sources?.date?.words ?? context.message;
  const guess = lastYearTaken(words, context.today, NEAR_DAYS);
  if (!guess || compareDates(guess.taken, day) !== 0) return understanding;
  return withDoubt(
    understanding,
    `this year's is still to come, so I took last year's: ${toIsoDate(day)}`,
    ["date"],
  );
}

export { nearlySameTitle, quotedInMessage, titleNamesNothing } from "./gate-words.js";
export type { GateContext } from "./gate-words.js";
