/**
 * The write gate's stories: an event told rather than asked for, its name and its days, a known
 * title that is only the tail of a longer name, a quoted name the property does not have.
 */
import { compareDates } from "../../../../shared/calendar-date.js";
import { tidy } from "./cut-text.js";
import { findDate, findSpan } from "./extract-dates.js";
import { firstPastVerb, openingNounPhrase } from "./language.js";
import type { Understanding } from "./understanding.js";
import { storyWording } from "./slots.js";
import {
  FUNCTION_WORDS,
  type GateContext,
  capitalised,
  fold,
  nearlySameTitle,
  titleNamesNothing,
} from "./gate-words.js";

/**
 * The event a message tells of before asking: "Spring catalogue email went out on Dec 1 - log
 * it …" names "Spring catalogue email". Undefined when no name stands before the verb.
 */
export function storyName(message: string, categoryNames: readonly string[]): string | undefined {
  const verb = eventIn(message);
  if (!verb) return undefined;
  const name = storyWording(headline(message, verb));
  if (!name || name.split(/\s+/).length > 8 || titleNamesNothing(name, categoryNames))
    return undefined;
  return capitalised(name);
}

/** Verbs that say when something ran rather than what happened: the name stands without them. */
export const TIMING_VERB =
  /^(?:started|starts|began|begins|ran|runs|kicked|lasted|continued|ended)\b/i;

/**
 * A story's event as a title: its subject and verb ("Checkout crashed", "Sitemap resubmitted"),
 * or, with a verb of timing ("Instagram giveaway started Dec 1 …"), the noun phrase alone.
 */
export function headline(text: string, verb: { start: number; end: number }): string {
  const timing = TIMING_VERB.test(text.slice(verb.start));
  const until = timing ? verb.start : verb.end;
  const words = timing ? nameBefore(text, verb.start) : text.slice(0, until);
  // "went out", "went live": the verb's particle belongs with it.
  const particle = timing
    ? ""
    : (/^\s+(?:out|live|up|down|off|viral)\b/i.exec(text.slice(until))?.[0] ?? "");
  return tidy(`${words}${particle}`.replace(/^\W+/, "").replace(/[\s,;:—–-]+$/, ""));
}

/**
 * Where a story's event is told: its first past-tense verb ("started", "crashed", "went"), as
 * the language library tags it, or a word that tells it without a tense ("went live", "live").
 */
export function eventIn(text: string): { start: number; end: number } | undefined {
  const past = firstPastVerb(text);
  const told = EVENT_TOLD.exec(text);
  if (past && (!told || past.start <= told.index)) return past;
  return told ? { start: told.index, end: told.index + told[0].length } : undefined;
}

/** The name before the event: the noun phrase the text opens with, or else all its words. */
export function nameBefore(text: string, end: number): string {
  const before = text.slice(0, end);
  const phrase = openingNounPhrase(before);
  const words = phrase && tidy(before.slice(phrase.end)) === "" ? phrase.text : before;
  return tidy(words.replace(/^\W+/, "").replace(/[\s,;:—–-]+$/, ""));
}

export const UNPLACED = /^I couldn't place “(.+)”$/;

export function longerName(
  understanding: Understanding,
  context: GateContext,
): Understanding | undefined {
  const target = understanding.target;
  if (target?.kind !== "title") return;
  const doubt = understanding.doubts?.find((text) => UNPLACED.test(text));
  const left = doubt ? UNPLACED.exec(doubt)![1]! : undefined;
  if (!left) return;
  // Only a short, common target ("campaign") is taken for the tail of a longer name, and only
  // after words of a name of their own ("Google Ads brand"), never after a slip such as "teh".
  const own = fold(left)
    .split(" ")
    .filter((word) => !FUNCTION_WORDS.has(word) && word.length > 3);
  if (fold(target.title).split(" ").length > 2 || own.length < 2) return;
  const name = `${left} ${target.title}`;
  if (!fold(context.message).includes(fold(name))) return;
  const {
    target: _target,
    newDescription,
    newTitle: _renamed,
    pointsBack: _back,
    ...rest
  } = understanding;
  return withToldEnd(
    {
      ...rest,
      intent: "create",
      title: name,
      ...(newDescription !== undefined ? { description: newDescription } : {}),
      missing: rest.missing.filter((piece) => piece !== "target" && piece !== "change"),
      doubts: [
        ...(understanding.doubts ?? []).filter((text) => text !== doubt),
        `“${target.title}” is only part of “${name}”`,
      ],
    },
    context,
  );
}

/**
 * "Instagram giveaway started Dec 1 till Dec 4": an event and its day, told without asking for
 * anything. In an annotation tool that is most likely something to log, so it is offered as a
 * draft to create, never written.
 */
export function toldNotAsked(
  understanding: Understanding,
  context: GateContext,
): Understanding | undefined {
  const { message } = context;
  if (understanding.intent !== "unknown" || !understanding.title || !understanding.date) return;
  if (!eventIn(message) || ASKING.test(message) || CORRECTING.test(message)) return;
  // The name is what comes before the verb ("Instagram giveaway" started …), when there is one.
  const verb = eventIn(understanding.title);
  const named = verb && verb.start > 0 ? capitalised(headline(understanding.title, verb)) : "";
  return withToldEnd(
    {
      ...understanding,
      intent: "create",
      ...(named ? { title: named } : {}),
      doubts: [...(understanding.doubts ?? []), "you didn't ask me to add it"],
    },
    context,
  );
}

/** A range told with a create read from a statement ("… Dec 1 till Dec 4") keeps its end. */
export function withToldEnd(understanding: Understanding, context: GateContext): Understanding {
  const start = understanding.date;
  if (!start || understanding.endDate) return understanding;
  const span = findSpan(context.message, context.today);
  if (!span || compareDates(span.range.start, start) !== 0) return understanding;
  return { ...understanding, endDate: span.range.end };
}

/** The verbs of something that happened on a day: a launch, a send, an outage, a pause. */
export const EVENT_TOLD =
  /\b(?:started|starts|ran|runs|went\s+(?:live|out|down|up)|goes\s+live|launched|launches|paused|broke|was\s+down|began|ended|kicked\s+off|released|shipped|rolled\s+out|published|sent|aired|happened|live)\b/i;

/** A question, or a question about one: "whats there for yesterday", "wants to know how …". */
export const ASKING =
  /\?|^\W*(?:what|whats|what's|waht|wat|which|why|how|hw|who|where|when|is|are|was|were|do|does|did|can|could|should|would|will|any|show|list)\b|\b(?:know|how\s+many|left)\b/i;

/** A correction of something already there: "on the 12th, not the 11th", "meant thurs". */
export const CORRECTING = /\bnot\s+(?:the|on)\b|,\s*not\b|\b(?:meant|actually|instead)\b/i;

/**
 * "File “Cyber Monday teaser” under Campaigns for yesterday", "tag it as a release: “Android 7.4”
 * went out Thursday": a quoted name the property does not have, with a day — a new annotation to
 * file, never a change to one that is not there. Shown as a draft: the verbs are filing verbs.
 */
export function quotedNewOne(
  understanding: Understanding,
  context: GateContext,
): Understanding | undefined {
  if (understanding.intent !== "update" || context.known.length === 0) return;
  const quoted = /["“]([^"“”]{2,100})["”]/.exec(context.message);
  const quote = quoted?.[1]?.trim();
  if (!quoted || !quote || understanding.newTitle !== undefined) return;
  // A quoted description or new name is no title of a new annotation.
  const lead = context.message.slice(Math.max(0, quoted.index - 20), quoted.index);
  if (
    /\b(?:desc|description|note|notes|details|text|saying|says|to|call\s+it|rename\w*)\W*$/i.test(
      lead,
    )
  )
    return;
  if (context.known.some((annotation) => nearlySameTitle(annotation.title, quote))) return;
  const target = understanding.target;
  if (target && !(target.kind === "title" && fold(target.title) === fold(quote))) return;
  const day = understanding.date ?? findDate(context.message, context.today)?.date;
  if (!day) return;
  const {
    target: _target,
    pointsBack: _back,
    newDescription,
    bareDays: _bare,
    ...rest
  } = understanding;
  return withToldEnd(
    {
      ...rest,
      intent: "create",
      title: quote,
      date: day,
      ...(newDescription !== undefined ? { description: newDescription } : {}),
      missing: [],
      doubts: [`“${quote}” is not an annotation here yet, so I'd add it`],
    },
    context,
  );
}
