/**
 * Stage 2 of the offline engine: which kind of request a message is. Short replies (yes/no) and
 * help are recognised as whole messages, so a title that happens to contain "stop" or "help" is
 * not mistaken for them. Requests are read from the whole message: each clause is a candidate
 * (a story before the request, "we turned on the new checkout this morning, can you log it?",
 * leaves the request in its second clause), scored by where its command word stands, and
 * corrections phrased as statements ("the launch was really on the 14th") are read as changes.
 */
import { isSpace, withoutTrailing } from "./cut-text.js";
import { verbIntent } from "./lexicon.js";
import { undoSaidInPassing } from "./undo-words.js";
import { givesTitle, readLabels } from "./parse-create.js";
import { statedEvent } from "./stated-event.js";
import { DATE_LIKE, readCorrection } from "./stated-corrections.js";
import { asksAboutTraffic, showsAMeasure } from "./traffic-question.js";
import { readReply } from "./yes-no.js";
import type { CalendarDate } from "../../../../shared/calendar-date.js";

/**
 * The verb of a traffic question read from what it is about rather than from a phrase: its slots
 * choose between one day and a period.
 */
export const TRAFFIC_QUESTION = "traffic question";

export type Intent =
  | "create"
  | "list"
  | "update"
  | "delete"
  | "confirm"
  | "cancel"
  | "help"
  /** "how many annotations do I have left today?": the daily allowance. */
  | "allowance"
  /** "remind me to …": something Tidemark does not do, said plainly rather than misread. */
  | "reminder"
  | "list_properties"
  | "traffic_day"
  | "traffic_period"
  /** "undo that", "actually undo the last one": the person's last change, reverted. */
  | "undo"
  /** "what's in my inbox?", "accept the release one": the property's suggestion inbox. */
  | "inbox"
  /** "did the winter sale work?", "what did the outage cost us?": an annotation's impact. */
  | "impact"
  | "unknown";

/**
 * The words that claim a message for a capability, each kept in its skill file and handed to the
 * reading by the registry; the engine keeps only the order in which they are tried, and the
 * grammar no one capability owns: yes and no, second thoughts, clauses, and corrections stated
 * rather than commanded.
 */
export interface CapabilityWords {
  /** A create's command words (group 1 the verb), "a new annotation", "I need a new note". */
  create: { verb: RegExp; newThing: RegExp; wantNew: RegExp };
  /** A change's command words (group 1 the verb), "add a description to X:", emptying a field. */
  update: { verb: RegExp; describeExisting: RegExp; emptyField: RegExp };
  /** A deletion's command words (group 1 the verb). */
  delete: { verb: RegExp };
  /** A question's words (group 1 the verb), "did we log anything…", "is there a note for…". */
  list: { verb: RegExp; askedIfNoted: RegExp; isThere: RegExp; whenAsked: RegExp };
  /** "help" as a whole message, and asking what the assistant does. */
  help: { whole: RegExp; asked: RegExp };
  /** A question about one day's traffic, about a period's unexplained days, "we didn't annotate". */
  traffic: { day: RegExp; period: RegExp; notAnnotated: RegExp };
  /** "undo that", "put it back how it was", "bring back the one you deleted". */
  undo: RegExp;
  /** "what's in my inbox?", "accept the release one". */
  inbox: RegExp;
  /** "remind me to …": asked of Tidemark, which does not do it. */
  reminder: RegExp;
  /** "how many can I still add today?" */
  allowance: RegExp;
  /** "did the winter sale work?": its named groups hold the words naming the annotation. */
  impact: RegExp;
}

export interface Classified {
  intent: Intent;
  /** Text before the clause holding the request ("we shipped v2 this morning, log it"). */
  story?: string;
  /** The leading verb as written, lowercased (e.g. "rename", "move", "mark"). */
  verb: string;
  /** The request after its verb, with quoted text still as placeholders. */
  rest: string;
  /** The verb was not one of ours but read as the nearest one ("ad", "bin"): a guess. */
  guessedVerb?: boolean;
  /** No verb at all: an event named with its days ("Flash sale over the weekend"), a guess. */
  stated?: boolean;
}

/** Words of a second thought before a correction: "actually", "wait, no", "sorry". */
const SECOND_THOUGHT =
  /^(?:[\s,.!;:-]*(?:actually|wait|sorry|oh|hmm+|no|nope|oops|ah|um+|erm?|hang\s+on|on\s+second\s+thought|scratch\s+that|my\s+bad)\b)+[\s,.!;:-]*/i;

/** Whether `text` is nothing but a second thought's words. */
function onlySecondThought(text: string): boolean {
  return SECOND_THOUGHT.exec(text)?.[0].length === text.length;
}

// Courtesy and hedging in front of the real request ("hey, could you please …").
const POLITE_PREFIX =
  /^(?:(?:hey|hi|hello|ok(?:ay)?|so|um+|uh+|please|pls|plz|kindly|now|also|and|then|maybe|perhaps|possibly)\b[\s,!.]*)*(?:(?:can|could|would|will)\s+(?:you|u|ya)\s+(?:please\s+|pls\s+|plz\s+)?(?:be\s+able\s+to\s+)?|(?:is|would)\s+it\s+(?:be\s+)?possible\s+(?:for\s+you\s+)?to\s+|are\s+you\s+able\s+to\s+|would\s+you\s+mind\s+|(?:i(?:'d|\s+would)\s+like\s+(?:you\s+)?to|i\s+(?:want|need)(?:\s+you)?\s+to|i\s+wanna|let's|lets|go\s+ahead\s+and|help\s+me|try\s+to|i'd\s+love\s+to|(?:remind|tell)\s+me(?:\s+again)?|do\s+you\s+know|any\s+idea|i\s+wonder|i'm\s+wondering)\s+)?(?:please\s+|just\s+|quickly\s+|possibly\s+|maybe\s+)*/i;

function stripPoliteness(text: string): string {
  return text.replace(POLITE_PREFIX, "").trim();
}

// Trailing courtesy that does not change a yes or a no ("yes please", "no thanks!").
const COURTESY_WORDS = ["please", "thanks", "thx", "mate", "then"];

/** Whether `word` (lower case) ends at `end`, in any case. */
function endsAt(text: string, end: number, word: string): boolean {
  return end >= word.length && text.slice(end - word.length, end).toLowerCase() === word;
}

/** Where a courtesy word ending at `end` starts ("please", "thank you"), or -1. */
function courtesyWordBefore(text: string, end: number): number {
  const word = COURTESY_WORDS.find((courtesy) => endsAt(text, end, courtesy));
  if (word) return end - word.length;
  if (!endsAt(text, end, "you")) return -1;
  let space = end - 3;
  while (space > 0 && isSpace(text.charCodeAt(space - 1))) space -= 1;
  return space < end - 3 && endsAt(text, space, "thank") ? space - 5 : -1;
}

/**
 * Where trailing courtesy starts ("yes, thanks!", "no please"): stops and spaces at the very end,
 * then courtesy words each after commas or spaces. Read back from the end, so its cost is the
 * courtesy's length; a pattern anchored at the end is instead tried from every position.
 */
function courtesyTailStart(text: string): number {
  let start = withoutTrailing(text, ".!").length;
  for (;;) {
    const word = courtesyWordBefore(text, start);
    if (word < 0) return start;
    let separated = word;
    while (
      separated > 0 &&
      (text[separated - 1] === "," || isSpace(text.charCodeAt(separated - 1)))
    )
      separated -= 1;
    if (separated === word) return start;
    start = separated;
  }
}

/**
 * Asked for something Tidemark does not make: writing ("write me a tweet"), or setting up GA4
 * itself ("set up a conversion goal", "add a user"). Answered as not understood, with what the
 * assistant can do, never made into an annotation; naming a title ("called …") makes it one.
 */
const OUTSIDE_PRODUCT =
  /^(?:(?:write|draft|compose)\s+(?:me\s+|us\s+)?(?:a|an|some|the)\s+(?:blog\s+post|post|tweet|e-?mail|newsletter|caption|copy|headline|summary|poem|story|essay|article|press\s+release|slogan|linkedin\s+post)s?\b|(?:write|draft|compose|generate|create|make|give)\s+(?:me|us)\s+(?:a|an|some)\s+(?!(?:new\s+)?(?:annotation|note|marker|entry)s?\b)|(?:set\s+up|setup|create|add|make|configure|build|define)\s+(?:(?:a|an|the|some|new|my|our|another)\s+)+(?:conversion\s+goals?|goals?|conversion\s+events?|audiences?|segments?|filters?|users?|dashboards?|alerts?)\b)/i;
const NAMED_OR_QUOTED = /⟪\d+⟫|\b(?:called|named|titled)\b/i;

const PROPERTIES =
  /\b(?:properties|property\s+list|(?:ga4?|google\s+analytics|analytics)\s+accounts)\b/i;
const ANNOTATION_WORD = /\bannotat/i;

function bareReply(message: string): string {
  const text = message.trim();
  return text.slice(0, courtesyTailStart(text)).trim().toLowerCase();
}

/** Emoji and their joiners, which ask nothing ("hey 👋" greets as "hey" does). */
export const EMOJI = /\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}]|\uFE0F|\u200D/gu;

export function classify(text: string, words: CapabilityWords): Classified {
  const none = (intent: Intent): Classified => ({ intent, verb: "", rest: text });
  const reply = bareReply(text);
  if (!reply || !/[\p{L}\p{N}?👍⟪]/u.test(reply)) return none("unknown");
  // "delete it" alone is a request of its own; after a yes ("ok delete it") it only agrees.
  const said = readReply(text);
  // "perfect thx" with nothing asked is thanks for what was done, answered as small talk.
  if (
    (said.reading === "agreement" && !said.thanks) ||
    (said.reading === "yes" && !said.startsWithVerb)
  )
    return none("confirm");
  if (words.undo.test(stripPoliteness(reply)) || undoSaidInPassing(text)) return none("undo");
  if (said.reading === "no") return none("cancel");

  if (words.help.whole.test(withoutTrailing(reply, "?", false))) return none("help");
  if (words.reminder.test(text)) return none("reminder");
  if (words.allowance.test(stripPoliteness(text))) return none("allowance");
  const request = stripPoliteness(text);
  const bareRequest = withoutTrailing(request, ".!?").toLowerCase();
  if (!bareRequest) return none("unknown");
  // "hey 👋 what can you do": emoji say nothing about what is asked.
  const asked = bareRequest.replace(EMOJI, " ").trim();
  if (words.help.whole.test(asked) || words.help.asked.test(asked)) return none("help");
  if (words.inbox.test(request)) return { intent: "inbox", verb: "", rest: request };

  if (
    PROPERTIES.test(request) &&
    !ANNOTATION_WORD.test(request) &&
    !words.delete.verb.test(request) &&
    !words.create.verb.test(request)
  ) {
    return none("list_properties");
  }

  if (OUTSIDE_PRODUCT.test(request) && !NAMED_OR_QUOTED.test(request)) return none("unknown");

  const take = (intent: Intent, match: RegExpExecArray): Classified => ({
    intent,
    verb: (match[1] ?? "").toLowerCase().replace(/\s+/g, " "),
    rest: request.slice(match[0].length).trim(),
  });
  const phrased = phrasedRequest(request, words);
  if (phrased) return phrased;
  const remove = words.delete.verb.exec(request);
  // "drop a note …" is a create; "drop the Launch annotation" is a delete.
  if (
    remove &&
    !(
      remove[1]?.toLowerCase() === "drop" &&
      words.create.newThing.test(request.slice(remove[0].length))
    )
  )
    return take("delete", remove);
  const change = words.update.verb.exec(request);
  if (
    change &&
    !(
      /^(?:make|set)$/i.test(change[1] ?? "") &&
      words.create.newThing.test(request.slice(change[0].length))
    )
  )
    return take("update", change);
  const create = words.create.verb.exec(request);
  if (create) return take("create", create);
  const wanted = words.create.wantNew.exec(request);
  if (wanted)
    return { intent: "create", verb: "add", rest: request.slice(wanted[0].length).trim() };
  const list = words.list.verb.exec(request);
  if (list) return take("list", list);
  // A command word the patterns above do not spell out, or misspell ("ad", "lgo", "track").
  const first = /^([a-z]+)\b\s*/i.exec(request);
  const lexical = first ? verbIntent(first[1] ?? "") : null;
  if (first && lexical) return { ...take(lexical, first), guessedVerb: true };
  if (/\bannotations\b/i.test(request)) return { intent: "list", verb: "", rest: request };
  return none("unknown");
}

/**
 * Requests phrased around their verb rather than led by it: "did we log anything …", "add a
 * description to X: …", "drop the description", "when was X", "is there a note for X".
 */
function phrasedRequest(request: string, words: CapabilityWords): Classified | undefined {
  // "did we log anything yesterday?" asks what is there; it does not ask for a new one.
  const askedIfNoted = words.list.askedIfNoted.exec(request);
  if (askedIfNoted)
    return { intent: "list", verb: "list", rest: request.slice(askedIfNoted[0].length).trim() };
  // "add a description to the outage: rollback fixed it" changes the outage's description.
  const describe = words.update.describeExisting.exec(request);
  if (describe) {
    const [what = "", value] = request.slice(describe[0].length).split(/\s*:\s*/, 2);
    if (what && value)
      return { intent: "update", verb: "change", rest: `description of ${what} to ${value}` };
  }
  const empty = words.update.emptyField.exec(
    withoutTrailing(request, ".!").replace(
      /,?\s+but\s+keep\s+(?:it|the\s+annotation|the\s+rest)$/i,
      "",
    ),
  );
  if (empty) {
    // The fourth way names no annotation: "drop the description" is the one in focus's.
    const field = (empty[1] ?? empty[4] ?? empty[6] ?? empty[7] ?? "").toLowerCase();
    const target = (empty[2] ?? empty[3] ?? empty[5] ?? "").trim();
    return { intent: "update", verb: "empty", rest: `${field}: ${target}` };
  }
  // "when was the consent banner change": the annotation of that event, looked up.
  const when = words.list.whenAsked.exec(request);
  const event = when ? namedEvent(request.slice(when[0].length)) : undefined;
  if (event && !asksAboutTraffic(request))
    return { intent: "list", verb: "find", rest: `about ${event}` };
  const isThere = words.list.isThere.exec(request);
  if (!isThere) return undefined;
  // "anything with "checkout" in it": the words asked for, not where they are.
  const asked = withoutTrailing(request.slice(isThere[0].length), "?.!")
    .replace(/\s+in\s+(?:it|them|the\s+(?:title|name)s?)$/i, "")
    .trim();
  // "got anything on the 12th?": a day asked about, not words in a title.
  const day = /^(?:the\s+)?\d|^(?:yesterday|today|last\s|this\s)/i.test(asked);
  return { intent: "list", verb: "find", rest: day ? asked : `about ${asked}` };
}

/** The words naming an event in "when did we start …?": no article, no "thing", no verb after. */
function namedEvent(words: string): string | undefined {
  const named = withoutTrailing(words, "?.!")
    .replace(/\s+again$/i, "")
    // "when the warehouse strike was": the question turned round, its verb last.
    .replace(/\s+(?:was|were|happened|ran|started|ended|launched|went\s+(?:out|live))$/i, "")
    .replace(
      /\s+(?:on|off|live|out|run|happen|start|begin|launch|go\s+live|come\s+out|take\s+place)$/i,
      "",
    )
    .replace(/^(?:the|our|that|this)\s+/i, "")
    .replace(/\s+(?:thing|stuff|one)$/i, "")
    // "the consent banner change" for "Consent banner update": a kind of event, once a name is left.
    .replace(/(\S+\s+\S+)\s+(?:change|update)$/i, "$1")
    .trim();
  return named && named.split(/\s+/).length <= 6 ? named : undefined;
}

/**
 * Where a message may be split into clauses: sentence ends, commas, dashes, "and then", "so". A
 * run of stops is matched from its first stop only (the lookbehind), never again from inside it.
 */
const CLAUSE_BREAK = /(?:(?<![.!?;])[.!?;]+|,|\s[-–—]|\s+(?:and\s+then|so|but)\b)\s+/gi;

/**
 * How many clause starts are read. Each clause read is the rest of the message, so without a
 * bound a message of nothing but commas would be read once per comma; a request is never that
 * far into a message.
 */
const MAX_CLAUSES = 16;

const WRITE_OR_LIST = new Set<Intent>(["create", "update", "delete", "list", "list_properties"]);

const NOT_AN_EVENT =
  /^(?:(?:the|our|my|this|last|next|past|that)\s+)*(?:yesterday|today|tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)day|week(?:end)?|month|year|quarter|january|february|march|april|june|july|august|september|october|november|december|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)(?:\s+\d{1,2}(?:st|nd|rd|th)?)?|\d[\d\s/.,-]*(?:st|nd|rd|th)?|we|you|i|they|traffic|sessions|users|active\s+users|visits|visitors|key\s+events|conversions|(?:web)?site|website|the\s+site|numbers|things)$/i;

/** An impact question ("did the winter sale work?"), its target words as the rest. */
function readImpactQuestion(text: string, impact: RegExp): Classified | undefined {
  const request = stripPoliteness(text);
  const asked = impact.exec(request);
  const target = asked && Object.values(asked.groups ?? {}).find((words) => words !== undefined);
  // "how did last Wednesday do?", "did we do well?", "how did traffic do?": a day, the team or a
  // measure, which traffic questions read; an impact question names an annotated event.
  if (!target || NOT_AN_EVENT.test(target)) return undefined;
  // The question's own words ("… on key events") stay as its verb, for the measure it names.
  return { intent: "impact", verb: request.replace(target, " ").toLowerCase(), rest: target };
}

const WRITES = new Set<Intent>(["create", "update", "delete"]);

/** List questions a traffic question can look like ("how many sessions…", "which day had…"). */
const QUESTION_LIST_VERBS = new Set(["what", "which", "any", "anything", "how many", "are there"]);
/** List commands that can ask for a measure instead ("show me sessions for last week"). */
const SHOW_VERBS = new Set([
  "show",
  "display",
  "view",
  "get",
  "give me",
  "tell me",
  "pull up",
  "check",
]);

function readTrafficQuestion(
  text: string,
  whole: Classified,
  words: CapabilityWords,
): Classified | undefined {
  if (WRITES.has(whole.intent)) return undefined;
  const request = stripPoliteness(text);
  // "any spikes we didn't annotate?": the unexplained changes, though it names annotating.
  const { day, period, notAnnotated } = words.traffic;
  if (notAnnotated.test(request) && asksAboutTraffic(request.replace(notAnnotated, " ")))
    return { intent: "traffic_period", verb: "", rest: request };
  if (ANNOTATION_WORD.test(text.replace(/⟪\d+⟫/g, " "))) return undefined;
  if (period.test(request)) return { intent: "traffic_period", verb: "", rest: request };
  for (const start of clauseStarts(request)) {
    const clause = stripPoliteness(request.slice(start));
    const asked = day.exec(clause);
    if (asked && DATE_LIKE.test(clause))
      return {
        intent: "traffic_day",
        verb: asked[0].toLowerCase(),
        rest: clause.slice(asked[0].length).trim(),
      };
  }
  if (whole.intent === "list" && SHOW_VERBS.has(whole.verb) && showsAMeasure(whole.rest))
    return { intent: "traffic_day", verb: TRAFFIC_QUESTION, rest: whole.rest };
  const mayBeTraffic =
    whole.intent === "unknown" || (whole.intent === "list" && QUESTION_LIST_VERBS.has(whole.verb));
  if (!mayBeTraffic || !asksAboutTraffic(request) || asksForAWrite(request, words))
    return undefined;
  // Its slots decide between a day and a period, from the dates it names.
  return { intent: "traffic_day", verb: TRAFFIC_QUESTION, rest: request };
}

/** A request for a change later in the message ("sessions dropped on the 12th, log it"). */
function asksForAWrite(text: string, words: CapabilityWords): boolean {
  return clauseStarts(text)
    .slice(1)
    .some((start) => WRITES.has(classify(text.slice(start), words).intent));
}

function clauseStarts(text: string): number[] {
  const starts = [0];
  for (const match of text.matchAll(CLAUSE_BREAK)) {
    const start = match.index + match[0].length;
    if (start < text.length) starts.push(start);
    if (starts.length === MAX_CLAUSES) break;
  }
  return starts;
}

/**
 * The request in a message, read from the whole of it: every clause start is tried, a command
 * at the very start of the message scores highest, then one at the start of a later clause;
 * what precedes the chosen clause is kept as the story it may refer to.
 */
export function readIntent(
  text: string,
  words: CapabilityWords,
  /** The reading's day, for a message that names an event and its days without a verb. */
  today?: CalendarDate,
): Classified {
  // "title: X / date: 3 Nov": labelled fields are a create's, whatever word labels its title.
  if (readLabels(text)) return { intent: "create", verb: "", rest: text };
  const impact = readImpactQuestion(text, words.impact);
  if (impact) return impact;
  const thought = SECOND_THOUGHT.exec(text)?.[0].length ?? 0;
  // "actually call it “…”", "wait, make that Monday": the request after the second thought.
  const afterThought =
    thought > 0 && thought < text.length ? classify(text.slice(thought), words) : undefined;
  // "actually no, keep it" is a no as a whole, though "keep it" alone is not.
  const whole =
    afterThought && afterThought.intent !== "unknown" ? afterThought : classify(text, words);
  const traffic = readTrafficQuestion(text, whole, words);
  if (traffic) return traffic;
  if (!WRITE_OR_LIST.has(whole.intent) || whole.intent === "list") {
    const correction = readCorrection(stripPoliteness(text));
    if (correction) return correction;
  }
  if (whole.intent !== "unknown") return whole;
  // A quoted title with nothing else but its date ('for March 3rd: "Spring promo"') is a create.
  if (/⟪\d+⟫/.test(text) && !/\?\s*$/.test(text) && clauseStarts(text).length <= 3) {
    const withoutQuote = text.replace(/⟪\d+⟫/g, " ");
    if (
      !/\b(?:what|which|why|how|who|where|when|is|are|was|were|do|does|did)\b/i.test(withoutQuote)
    )
      return { intent: "create", verb: "", rest: text };
  }
  let best: { reading: Classified; score: number } | undefined;
  for (const start of clauseStarts(text).slice(1)) {
    const clause = text.slice(start);
    const reading = classify(clause, words);
    if (!WRITE_OR_LIST.has(reading.intent)) {
      const correction = readCorrection(stripPoliteness(clause));
      if (!correction) continue;
      return { ...correction, story: text.slice(0, start).trim() };
    }
    // "we moved hosting on the 10th, call it Hosting move": after a story, naming "it" names
    // the story's new annotation, not an existing one.
    if (reading.intent === "update" && /^(?:call|name|title)$/.test(reading.verb)) {
      const named = /^(?:it|that|this)\s+(\S.*)$/i.exec(reading.rest);
      // "actually, call it …", "wait no, call it …": a second thought, not a story.
      if (named && !onlySecondThought(text.slice(0, start)))
        return {
          intent: "create",
          verb: "log",
          rest: `it as ${named[1]}`,
          story: withoutTrailing(text.slice(0, start), ",;:.!?-"),
        };
    }
    // A write outranks a question about the same thing ("I added it yesterday, show me").
    const score = reading.intent === "list" ? 1 : 2;
    if (!best || score > best.score)
      best = {
        reading: { ...reading, story: withoutTrailing(text.slice(0, start), ",;:.!?-") },
        score,
      };
  }
  // "…, 2026-08-19. Title: Founder AMA": a title given in so many words.
  if (!best && givesTitle(text)) return { intent: "create", verb: "", rest: text };
  if (!best && today && statedEvent(text, today))
    return { intent: "create", verb: "", rest: text, stated: true };
  return best?.reading ?? whole;
}

/** "my properties": a whole reply, listed by small talk (yes and no are `readReply`'s). */
export const replyPatterns: readonly RegExp[] = [PROPERTIES];
