/**
 * The write gate's follow-ups: what a message says about an annotation already there — a day
 * said by its number, a description, a typo in its title, values said alone, words added to it.
 */
import { isAnnotationColor, type AnnotationColor } from "../../../../shared/annotation-colors.js";
import { parseCount } from "./count-words.js";
import { findDate } from "./extract-dates.js";
import { findMention } from "./known-annotations.js";
import type { Understanding } from "./understanding.js";
import {
  COLOUR_WORDS,
  type GateContext,
  fold,
  nearlySameTitle,
  quotedInMessage,
} from "./gate-words.js";

/** A day said by its number alone: "the 5th", "through the 12th", "on 8th". */
export const BARE_DAY = /\b(?:the\s+)?(?:[12]?\d|3[01])(?:st|nd|rd|th)\b/i;

/** Anything that places a day in a month or a week of its own. */
export const PLACED =
  /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\d{4}|\d+\s*[./-]\s*\d+|\b(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?\b|\b(?:today|yesterday|tonight|tomorrow|week|month|year|ago|last|next|this)\b/i;

/** A change whose days were said as days of a month only: its month is the annotation's. */
export function markBareDays(understanding: Understanding, message: string): Understanding {
  if (understanding.date === undefined && understanding.endDate === undefined) return understanding;
  if (!BARE_DAY.test(message) || PLACED.test(message)) return understanding;
  return { ...understanding, bareDays: true };
}

/**
 * "add a description: …", "put “Stripe webhook failures” in the description", "also description
 * “sent to 18k subs”", "add a note that orders shipped late": a description for an annotation —
 * the one named, or the one in focus — never a new annotation made of the description's words.
 */
export const DESCRIBING = /\b(?:description|desc|descr|note\s+that\s+(?!down\b)\S+\s+\S+)/i;

/** The words around a description said for an annotation, which name nothing themselves. */
export const DESCRIBING_WORDS =
  /\b(?:also|and|n|plus|then|put|add|set|write|use|make|the|a|an|as|in|into|to|for|on|description|desc|descr|that|this|it|one|please|pls|could|can|would|you|u|i|forgot|forget|to|say|oh|ok|okay|note|its|should|be|with)\b|[^\p{L}\p{N}]+/giu;

export const NOTE_THAT = /\bnote\s+that\s+(?!down\b)(.+?)[.!]*$/i;

export function describesIt(
  understanding: Understanding,
  context: GateContext,
): Understanding | undefined {
  const { message } = context;
  if (understanding.intent !== "create" || !DESCRIBING.test(message)) return;
  // A title of its own quoted beside a quoted description is a new annotation's: "Create “Nueva
  // tarifa” … with description “Precio sube 10%”".
  const title = understanding.title;
  const quotes = message.match(/["“][^"“”]+["”]/g)?.length ?? 0;
  if (title && quotes >= 2 && quotedInMessage(title, message)) return;
  // A new annotation said with its day and a description stays a create.
  if (findDate(message, context.today)) return;
  const quoted = /["“]([^"“”]+)["”]/.exec(message);
  const text =
    understanding.description ??
    quoted?.[1]?.trim() ??
    NOTE_THAT.exec(message.slice(0, 400))?.[1]?.trim();
  if (!text) return;
  const withoutText = (whole: string) => {
    const at = whole.toLowerCase().lastIndexOf(text.toLowerCase());
    return at < 0 ? whole : `${whole.slice(0, at)} ${whole.slice(at + text.length)}`;
  };
  const rest = quoted ? message.replace(quoted[0], " ") : withoutText(message);
  const named = findMention(rest, context.known);
  // Words left that could name an annotation ("Spring promo: description “…”") make it no
  // follow-up: the create's reading, with its doubts, stands.
  const noted = NOTE_THAT.exec(message.slice(0, 400));
  const left = (noted ? rest.slice(0, noted.index) : rest).replace(DESCRIBING_WORDS, " ");
  if (!named && /[\p{L}\p{N}]{2,}/u.test(left)) return;
  const {
    title: _title,
    description: _d,
    date: _day,
    endDate: _end,
    doubts: _doubts,
    ...kept
  } = understanding;
  return {
    ...kept,
    intent: "update",
    newDescription: text,
    // "a note that …" may also be a new annotation's story: shown before it is written.
    ...(noted && !quoted ? { doubts: [`I read “${text}” as its description`] } : {}),
    ...(named
      ? { target: { kind: "title", title: named.annotation.title }, missing: [] }
      : { pointsBack: true, missing: ["target"] }),
  };
}

export const TYPO =
  /\b(?:typo|typos|misspel\w*|misspelt|spelt\s+wrong|spelled\s+wrong|wrong\s+title|title\s+is\s+wrong)\b/i;

export const CORRECTED =
  /(?:\bshould\s+(?:be|read|say)|\bit'?s\s+(?:actually|really)|->|→)\s*[:\-–]?\s*["“']?([^"”]+?)["”']?\s*[.!]*$/i;

/**
 * "there's a typo in “Newsletter #47”, should be Newsletter #48": a report about an annotation
 * the property has, whatever the reading made of it — a change to that one (shown as a draft),
 * never a new annotation with its title.
 */
export function typoReport(
  understanding: Understanding,
  context: GateContext,
): Understanding | undefined {
  if (!TYPO.test(context.message)) return;
  const correction = CORRECTED.exec(context.message.slice(0, 400));
  const corrected = correction?.[1]?.trim();
  const before = correction ? context.message.slice(0, correction.index) : context.message;
  // The title is named before the correction, or the correction is a slip of it ("Onbaording …,
  // should be “Onboarding …”"); with neither, it is the annotation in focus.
  const mention =
    findMention(before, context.known) ??
    (corrected
      ? context.known.find((known) => nearlySameTitle(known.title, corrected))
      : undefined);
  const title = mention && "annotation" in mention ? mention.annotation.title : mention?.title;
  const doubts = [`you reported a typo in ${title ? `“${title}”` : "it"}`];
  const base: Understanding = title
    ? { intent: "update", target: { kind: "title", title }, missing: [], doubts }
    : { intent: "update", pointsBack: true, missing: ["target"], doubts };
  // A correction that only repeats the title says what is wrong with it, not what it should be.
  const named = corrected && (!title || fold(corrected) !== fold(title)) ? corrected : undefined;
  if (!title && !named) return;
  return named ? { ...base, newTitle: named } : { ...base, missing: [...base.missing, "change"] };
}

export const SHIFT_SAID =
  /\b(a|an|one|two|three|four|five|six|seven|\d{1,2})\s+(day|week)s?\s+(earlier|later|before|after|back|forward)\b/i;

export const DETAILS = /^\W*(?:details|description|desc|note)\s*[:=-]\s*(.+)$/i;

export const PRESET_KINDS: Record<string, string> = {
  incident: "Incidents",
  incidents: "Incidents",
  campaign: "Campaigns",
  campaigns: "Campaigns",
  experiment: "Experiments",
  experiments: "Experiments",
  release: "Site/App Releases",
  releases: "Site/App Releases",
};

/** What may stand beside values said alone: courtesy, joining words, emoji. */
export const BESIDE_VALUES =
  /\b(?:pls|please|plz|and|too|also|then|now|instead|thanks|thx|ok|okay|make\s+it|same\s+colou?r\s+as\s+there|colou?r|category|in)\b|[^\p{L}\p{N}]+/giu;

/**
 * "brown pls", "purple, and campaigns", "two days earlier", "details: …": values said alone,
 * right after an annotation was made or shown, are changes to it — read only when nothing else
 * is left in the message, and only for "it" (the annotation in focus).
 */
export function valuesAlone(
  understanding: Understanding,
  context: GateContext,
): Understanding | undefined {
  if (understanding.intent !== "unknown") return;
  const message = context.message.trim();
  const details = DETAILS.exec(message);
  if (details?.[1]) {
    return {
      intent: "update",
      pointsBack: true,
      missing: ["target"],
      newDescription: details[1].trim(),
    };
  }
  let rest = ` ${message.toLowerCase()} `;
  const change: Partial<Understanding> = {};
  const shift = SHIFT_SAID.exec(rest);
  if (shift) {
    const count = parseCount(shift[1]!) ?? 1;
    const days = count * (shift[2] === "week" ? 7 : 1);
    change.shiftDays = /earlier|before|back/.test(shift[3]!) ? -days : days;
    rest = rest.replace(shift[0], " ");
  }
  for (const word of rest.match(/\p{L}+/gu) ?? []) {
    if (COLOUR_WORDS.has(word) && isAnnotationColor(word.toUpperCase()) && !change.color) {
      change.color = word.toUpperCase() as AnnotationColor;
      rest = rest.replace(new RegExp(`\\b${word}\\b`), " ");
    }
  }
  const names = [...context.categoryNames].sort((a, b) => b.length - a.length);
  for (const name of names) {
    const at = rest.indexOf(` ${name.toLowerCase()} `);
    if (at >= 0 && !change.category) {
      change.category = name;
      rest = rest.replace(name.toLowerCase(), " ");
    }
  }
  for (const [word, name] of Object.entries(PRESET_KINDS)) {
    if (!change.category && new RegExp(`\\b${word}\\b`).test(rest)) {
      change.category = name;
      rest = rest.replace(new RegExp(`\\b${word}\\b`), " ");
    }
  }
  if (Object.keys(change).length === 0 || rest.replace(BESIDE_VALUES, "").trim()) return;
  return { intent: "update", pointsBack: true, missing: ["target"], ...change };
}

/**
 * "add to Release 4.2: new search filters + faster PDP": words added to an annotation the
 * property has are its description, never a new annotation titled with both.
 */
export const ADD_TO =
  /^\W*(?:(?:please|pls|can\s+you|could\s+you)\s+)?(?:add|append)\s+(?:to|for|on)\s+(.+?)\s*[:—–-]\s+(.+)$/i;

export function addedTo(
  understanding: Understanding,
  context: GateContext,
): Understanding | undefined {
  if (understanding.intent !== "create" && understanding.intent !== "unknown") return;
  const said = ADD_TO.exec(context.message);
  if (!said) return;
  const named = context.known.find((annotation) =>
    nearlySameTitle(annotation.title, said[1]!.replace(/^["“']|["”']$/g, "")),
  );
  if (!named) return;
  return {
    intent: "update",
    target: { kind: "title", title: named.title },
    newDescription: said[2]!.trim(),
    missing: [],
    // "add to" may mean after what is there: the card shows the description it would set.
    doubts: [`I'd set its description to “${said[2]!.trim()}”, replacing any it has`],
  };
}
