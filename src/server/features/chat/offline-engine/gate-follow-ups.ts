/**
 * The write gate's follow-ups: what a message says about an annotation already there — a day
 * said by its number, a description, a typo in its title, values said alone, words added to it.
 */
import { about } from "./doubts.js";
import { draftSources } from "./draft-sources.js";
import { findDate } from "./extract-dates.js";
import { findMention, type KnownAnnotation, type Mention } from "./known-annotations.js";
import type { Understanding } from "./understanding.js";
import { BARE_DAY, PLACED } from "./days-alone.js";
import { respeltAsSaid, respelledTitle } from "./spelling.js";
import { readValuesAlone } from "./values-alone.js";
import {
  type GateContext,
  editDistance,
  fold,
  nearlySameTitle,
  quotedInMessage,
} from "./gate-words.js";

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
export const DESCRIBING =
  /\b(?:description|desc|descr|note\s+that\s+(?!down\b)\S+\s+\S+)|^\W*(?:(?:and|also|then|oh|pls|please)\W+)*(?:add|put|write)\s+(?:a\s+|the\s+|some\s+)?(?:note|details?)\s*[:—–]|^\W*(?:and|also|then|oh|pls|please)\W+(?:note|details?)\s*[:—–]/i;

/** "add a note: …", "details — …": the words after the label are the description. */
const NOTE_LABEL = /\b(?:note|details?)\s*[:—–]\s*(.+?)[.!]*$/i;

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
  const quoted = /["“]([^"“”]+)["”]/.exec(message);
  // 'add a note: "Tracking pixel removed"': a quoted name after "note:" is a new annotation's.
  if (quoted && !/\b(?:description|desc|descr|note\s+that)\b/i.test(message)) return;
  const text =
    understanding.description ??
    quoted?.[1]?.trim() ??
    NOTE_THAT.exec(message.slice(0, 400))?.[1]?.trim() ??
    NOTE_LABEL.exec(message.slice(0, 400))?.[1]?.trim();
  if (!text) return;
  const withoutText = (whole: string) => {
    const at = whole.toLowerCase().lastIndexOf(text.toLowerCase());
    return at < 0 ? whole : `${whole.slice(0, at)} ${whole.slice(at + text.length)}`;
  };
  // A new annotation said with its day and a description stays a create ("today" inside the
  // description, "still running as of today", is no day of the annotation's).
  if (findDate(withoutText(message), context.today)) return;
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
    sources: _sources,
    ...kept
  } = understanding;
  // "a note that …" may also be a new annotation's story: shown before it is written.
  const doubts =
    noted && !quoted ? [about(["description"], `I read “${text}” as its description`)] : [];
  return {
    ...kept,
    intent: "update",
    newDescription: text,
    ...(doubts.length > 0 ? { doubts: doubts.map((doubt) => doubt.text) } : {}),
    sources: draftSources({ description: text }, doubts),
    ...(named
      ? { target: { kind: "title", title: named.annotation.title }, missing: [] }
      : { pointsBack: true, missing: ["target"] }),
  };
}

export const TYPO =
  /\b(?:typo|typos|misspel\w*|misspelt|spelt\s+wrong|spelled\s+wrong|wrong\s+title|title\s+is\s+wrong|spelling(?:\s+(?:mistake|error|slip))?|(?:is\s+)?missing\s+(?:an?\s+)?(?:letter|[a-z])(?=[\s,.;!]|$))|(?<!\b(?:it|this|that|which|description|details|desc|note|text)\s+)\bshould\s+(?:say|read)\s*:?\s*["“']/i;

/** The title as it should be: quoted after its cue (words may follow), or the rest of the message. */
const CORRECTED_QUOTED =
  /(?:\bshould\s+(?:be|read|say)|\bit'?s(?:\s+(?:actually|really))?|\bnot\s+["“'][^"”']+["”']\s*,?\s*but|->|→)\s*[:\-–]?\s*["“']([^"”]+)["”']/i;
const CORRECTED_SAID =
  /(?:\bshould\s+(?:be|read|say)|\bit'?s\s+(?:actually|really)|->|→)\s*[:\-–]?\s*["“']?([^"”]+?)["”']?\s*(?:[,(]?\s*(?:a\s+)?typo\)?)?\s*[.!]*$/i;
const correctionIn = (text: string) => CORRECTED_QUOTED.exec(text) ?? CORRECTED_SAID.exec(text);

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
  const correction = correctionIn(context.message.slice(0, 400));
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
  const said =
    corrected && (!title || fold(corrected) !== fold(title))
      ? corrected
      : title
        ? (respeltAsSaid(title, besideMention(context.message, mention), alike) ??
          respelledTitle(title))
        : undefined;
  const named = said && title ? completedTitle(title, said) : said;
  if (!title && !named) return;
  return named
    ? {
        ...base,
        newTitle: named,
        sources: draftSources({ title: named }, [about(["title"], doubts[0]!)]),
      }
    : { ...base, missing: [...base.missing, "change"] };
}

/** The message without the words that named the annotation, however they were spelt. */
function besideMention(message: string, mention: Mention | KnownAnnotation | undefined): string {
  return mention && "index" in mention
    ? `${message.slice(0, mention.index)} ${message.slice(mention.end)}`
    : message;
}

/**
 * "a typo in “Newsletter #47”, it should be #46": a correction of fewer words than the title, like
 * the words it replaces at the title's end (or start), is the title with those words corrected.
 */
export function completedTitle(title: string, correction: string): string {
  const words = title.split(/\s+/);
  const replacing = correction.split(/\s+/).length;
  if (replacing >= words.length) return correction;
  // "should be autumn": the one word of the title it is a slip of, spelt as the title spells.
  if (replacing === 1) {
    const at = words.findIndex((word) => alike(word, correction));
    if (at >= 0 && words.findIndex((word, i) => i > at && alike(word, correction)) < 0)
      return words.map((word, i) => (i === at ? likeCase(word, correction) : word)).join(" ");
  }
  const tail = words.slice(-replacing).join(" ");
  const head = words.slice(0, replacing).join(" ");
  if (alike(tail, correction)) return [...words.slice(0, -replacing), correction].join(" ");
  if (alike(head, correction)) return [correction, ...words.slice(replacing)].join(" ");
  return correction;
}

/**
 * "the description should say about 40% of sessions" of "Consent mode dropped about 30% of
 * sessions": a correction of fewer words than the text, like as many words of it in a row, is the
 * text with those words corrected; any other is the whole new text.
 */
export function correctedText(text: string, correction: string): string {
  const words = text.split(/\s+/);
  const length = correction.split(/\s+/).length;
  if (length >= words.length) return correction;
  for (let at = words.length - length; at >= 0; at -= 1) {
    const part = words.slice(at, at + length).join(" ");
    if (alike(part, correction))
      return [...words.slice(0, at), correction, ...words.slice(at + length)].join(" ");
  }
  return correction;
}

/** A correction in the case of the word it replaces: "Autum" corrected by "autumn" is "Autumn". */
function likeCase(word: string, correction: string): string {
  if (word === word.toUpperCase() && /\p{L}{2}/u.test(word)) return correction.toUpperCase();
  return /^\p{Lu}/u.test(word) ? correction[0]!.toUpperCase() + correction.slice(1) : correction;
}

/** Two spellings of the same words: one slip apart, or numbers in the same frame ("#47", "#46"). */
function alike(written: string, correction: string): boolean {
  const [a, b] = [fold(written), fold(correction)];
  if (a === b) return false;
  const frame = (text: string) => text.replace(/\d+/g, "0");
  if (/\d/.test(a) && frame(a) === frame(b)) return true;
  const limit = Math.max(1, Math.floor(Math.min(a.length, b.length) / 4));
  return editDistance(a, b, limit) <= limit;
}

/**
 * "brown pls", "purple, and campaigns", "two days earlier", "fine, brown", "orange if possible",
 * "details: …": values said alone, right after an annotation was made or shown, are changes to
 * it — read only when nothing else is left in the message, and only for "it" (the annotation in
 * focus). A colour GA4 lacks is the change asked for, chosen again.
 */
export function valuesAlone(
  understanding: Understanding,
  context: GateContext,
): Understanding | undefined {
  if (understanding.intent !== "unknown") return;
  const said = readValuesAlone(context.message, context.today, context.categoryNames);
  if (!said) return;
  const { unknownColour, ...values } = said;
  return {
    intent: "update",
    pointsBack: true,
    missing: Object.keys(values).length > 0 ? ["target"] : ["target", "change"],
    ...values,
    ...(unknownColour ? { unknownColour } : {}),
  };
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
  const message = context.message.slice(0, 600);
  const said = ADD_TO.exec(message) ?? ADD_DETAILS_TO.exec(message) ?? DETAILS_FOR.exec(message);
  if (!said) return;
  const named = context.known.find((annotation) =>
    nearlySameTitle(annotation.title, said[1]!.replace(/^["“']|["”']$/g, "")),
  );
  if (!named) return;
  const text = said[2]!.trim();
  // "add to" may mean after what is there: the card shows the description it would set.
  const replacing = about(
    ["description"],
    `I'd set its description to “${text}”, replacing any it has`,
  );
  return {
    intent: "update",
    target: { kind: "title", title: named.title },
    newDescription: text,
    missing: [],
    doubts: [replacing.text],
    sources: draftSources({ description: text }, [replacing]),
  };
}

const DETAIL_WORD = String.raw`(?:some\s+|a\s+|the\s+)?(?:details?|description|desc|notes?|context)`;
/** "add details to Checkout outage: Stripe webhook failures". */
const ADD_DETAILS_TO = new RegExp(
  String.raw`^\W*(?:(?:please|pls|can\s+you|could\s+you)\s+)?add\s+${DETAIL_WORD}\s+(?:to|for|on)\s+(.+?)\s*[:—–-]\s+(.+)$`,
  "i",
);
/**
 * "checkout outage: add details — payment iframe failed", "Checkout outage - add details: …".
 * The name starts at a word character, so the run of other characters before it is read one way
 * only: a message of nothing but spaces is given up at once, not tried at every split.
 */
const DETAILS_FOR = new RegExp(
  String.raw`^\W*(\w.{1,79}?)\s*(?::|\s[-–—])\s*(?:pls\s+|please\s+)?add\s+${DETAIL_WORD}\s*(?::|[-–—])?\s*(.+)$`,
  "i",
);

/** The clause that says what to do with "it", after a clause that names the annotation. */
const IT_CLAUSE =
  /[,;.—–]\s*(?:so\s+|then\s+|just\s+|please\s+|pls\s+)*[^,;.—–]*\b(?:it|that\s+one|this\s+one)\b[^,;.—–]*$/i;

/**
 * "the Google core update note is wrong, delete it", "Site migration can go, delete it": "it" is
 * the annotation the clause before names, not whichever was talked about last. Deletions only:
 * they always wait for a yes that names the annotation.
 */
export function namedBeforeIt(
  understanding: Understanding,
  context: GateContext,
): Understanding | undefined {
  if (understanding.intent !== "delete" || understanding.target || !understanding.pointsBack)
    return;
  const message = context.message.slice(0, 400);
  const clause = IT_CLAUSE.exec(message);
  if (!clause) return;
  // Only the clause right before: an annotation named earlier is no longer "it".
  const before = message.slice(0, clause.index);
  const start = Math.max(
    ...[".", ",", ";", "—", "–", "!", "?"].map((mark) => before.lastIndexOf(mark)),
  );
  const mention = findMention(before.slice(start + 1), context.known);
  if (!mention) return;
  const { pointsBack: _it, ...rest } = understanding;
  return {
    ...rest,
    target: { kind: "title", title: mention.annotation.title },
    missing: rest.missing.filter((piece) => piece !== "target"),
  };
}
