/**
 * The offline engine's reading of a message — stages 1 to 4: normalise → intents → slots →
 * continue the conversation — as one pure function of plain data. It is all the engine does with
 * the person's text, so it is what runs on the reading thread (reading-thread.ts); the later
 * stages (resolve, act) only look annotations up and write.
 */
import { findDate } from "./extract-dates.js";
import { findMention } from "./known-annotations.js";
import { colourWord } from "./extract-color.js";
import type { CalendarDate } from "../../../../shared/calendar-date.js";
import { continueConversation } from "./continue-conversation.js";
import { trafficDuring } from "./traffic-during.js";
import { readFollowUp } from "./follow-up.js";
import { readIntent, type CapabilityWords } from "./intents.js";
import { readAboutFocus, readAgainstKnown } from "./known-references.js";
import type { KnownAnnotation } from "./known-annotations.js";
import { verbIntent } from "./lexicon.js";
import { guardWrites } from "./write-gate.js";
import { colourAlone } from "./extract-color.js";
import { MONTH_NAMES } from "./dates/months.js";
import { normalise, type Normalised } from "./normalise.js";
import { readSlots, type SlotReaders } from "./slots.js";
import type { AskedBefore, PendingQuestion, Understanding } from "./understanding.js";

export interface ReadingRequest {
  message: string;
  today: CalendarDate;
  /** The person's own category names, so "in Promos" can name one; presets' words always can. */
  categoryNames: readonly string[];
  /** The question the assistant asked last, which the message may answer. */
  question?: PendingQuestion;
  /**
   * The property's annotations, newest first (at most KNOWN_ANNOTATIONS_LIMIT), when the first
   * reading was not sure enough to act on alone: a title written anywhere is then a reference.
   */
  annotations?: readonly KnownAnnotation[];
  /** The list or traffic question answered last, which the message may ask again ("and Sunday?"). */
  asked?: AskedBefore;
}

/**
 * The reading of one message with the capabilities' slot readers and the words that claim a
 * whole message for each (both the registry's: the engine keeps the order they are tried in).
 */
export function readMessage(
  asked: ReadingRequest,
  readers: SlotReaders,
  words: CapabilityWords,
): Understanding {
  // "draft an annotation for …, don't save it yet": read without the words that hold it back,
  // then shown as a draft whatever else the reading is sure of.
  const held = heldBack(asked.message);
  const request = held ? { ...asked, message: held } : asked;
  const read =
    namedByColour(request, readers, words) ??
    titleWithDayWords(request, readers, words, readWhole(request, readers, words));
  if (!held || (read.intent !== "create" && read.intent !== "update")) return read;
  return { ...read, doubts: [...(read.doubts ?? []), heldBackDoubt] };
}

/** "make the red one green", "delete the brown one": an annotation named by its colour. */
const BY_COLOUR = /\bthe\s+([a-z]{3,7})\s+(?:one|annotation|note|entry|marker)\b(?!['’]?s\b)/i;

/**
 * A change or deletion of "the red one", read as one of "it" whose annotation is the one of that
 * colour; resolve finds it (or asks which, when there are several). Anything else reads as said.
 */
function namedByColour(
  request: ReadingRequest,
  readers: SlotReaders,
  words: CapabilityWords,
): Understanding | undefined {
  // Inside quotes the words are a title or a description's ("rename it to “the red one”").
  if (request.question || request.message.length > 300 || /["“”]/.test(request.message))
    return undefined;
  const named = BY_COLOUR.exec(request.message);
  const color = named ? colourWord(named[1] ?? "") : undefined;
  if (!named || !color) return undefined;
  const message = `${request.message.slice(0, named.index)}it${request.message.slice(named.index + named[0].length)}`;
  const read = readWhole({ ...request, message }, readers, words);
  if ((read.intent !== "update" && read.intent !== "delete") || !read.pointsBack || read.target)
    return undefined;
  const { pointsBack: _it, ...rest } = read;
  const missing = read.missing.filter((field) => field !== "target");
  return { ...rest, missing, target: { kind: "color", color } };
}

/**
 * "when was today's picks carousel", "did traffic drop during the tuesday deal drops?": a title
 * the property has, written whole, whose words a date reader would take for a day. A question
 * read as if it were quoted takes its words as its name.
 */
function titleWithDayWords(
  request: ReadingRequest,
  readers: SlotReaders,
  words: CapabilityWords,
  first: Understanding,
): Understanding {
  // Only a question is read again: every other message pays for no second look at the titles.
  const asks = (read: Understanding) => read.intent === "list" || read.intent.startsWith("traffic");
  const known = request.annotations;
  if (!asks(first) || !known?.length || request.message.length > 300) return first;
  if (/["“”]/.test(request.message)) return first;
  const mention = findMention(request.message, known);
  if (!mention || mention.partial) return first;
  const written = request.message.slice(mention.index, mention.end);
  const plain = findDate(written, request.today);
  const after = plain ? undefined : findDate(`on ${written}`, request.today);
  const day = plain ?? (after && { index: after.index - 3, end: after.end - 3 });
  // "what did we annotate on Black Friday?": a title that is only a day's name is that day too.
  if (!day || (day.index <= 0 && day.end >= written.length)) return first;
  const message = `${request.message.slice(0, mention.index)}“${written}”${request.message.slice(mention.end)}`;
  const read = readWhole({ ...request, message }, readers, words);
  return asks(read) ? read : first;
}

/** The doubt of a request the person asked to see before it is written. */
export const heldBackDoubt = "you asked to see it before it is written";

/** "draft an annotation …", "prepare a note …", "pls draft: …": a create, asked for as a draft. */
const DRAFT_VERB =
  /^(\W*(?:(?:can|could|would)\s+(?:you|u)\s+(?:please\s+|possibly\s+|maybe\s+)?|please\s+|pls\s+|just\s+|maybe\s+)?)(?:(?:draft|make\s+(?:me\s+)?a\s+draft|prepare)\s*:\s*(?=\S)|(?:draft|prepare|mock\s+up|set\s+up|write\s+up)\s+(?:(?:me\s+)?(?:something|one|a\s+draft)\s+(?=for\b)|(?=(?:me\s+)?(?:an?\s+|the\s+)?(?:new\s+)?(?:annotation|note|entry|marker)\b)))/i;
/** "…, don't save it yet", "… but don't write it yet", "I'll check it first". */
const HOLD_CLAUSE =
  /(?:\s*[,;.—–-]\s*|\s+)(?:(?:but|and)\s+)?(?:(?:please\s+)?(?:don'?t|do\s+not)\s+(?:save|write|add|create|log|post|publish)(?:\s+(?:it|that|this|anything))?\s+(?:just\s+)?yet|hold\s+off\s+(?:on\s+)?(?:saving|writing|creating)(?:\s+(?:it|that|this))?(?:\s+for\s+now)?|(?:i'?ll|i\s+will|let\s+me)\s+(?:check|review|look\s+at|approve)\s+it(?:\s+first)?|(?:don'?t|do\s+not)\s+(?:create|save|add|write)\s+it\s+yet)(?=[\s.!?]*$)/i;

/** "hold off saving but add …", "don't save yet, just add …": held back before the request. */
const HOLD_FIRST =
  /^\W*(?:(?:please|pls)\s+)?(?:hold\s+off\s+(?:on\s+)?(?:saving|writing|creating|adding|posting)(?:\s+(?:it|this|that|anything))?(?:\s+for\s+now)?|(?:don'?t|do\s+not)\s+(?:save|write|create)(?:\s+(?:it|this|that|anything))?\s+yet)\s*[,;:.—–-]?\s*(?:(?:but|and|just)\s+)*/i;

function heldBack(message: string): string | undefined {
  if (message.length > 500) return undefined;
  const first = HOLD_FIRST.exec(message);
  if (first && first[0].length < message.length) return message.slice(first[0].length);
  const draft = DRAFT_VERB.exec(message);
  const hold = HOLD_CLAUSE.exec(message);
  if (!draft && !hold) return undefined;
  let text = hold
    ? message.slice(0, hold.index) + message.slice(hold.index + hold[0].length)
    : message;
  if (draft) text = `${draft[1]}add ${text.slice(draft[0].length)}`;
  return text.trim() === "" ? undefined : text;
}

function readWhole(
  request: ReadingRequest,
  readers: SlotReaders,
  words: CapabilityWords,
): Understanding {
  const normalised = normalise(request.message);
  // A message answering a question is read as its answer: no event stated on its own.
  const classified = readIntent(
    normalised.text,
    words,
    request.question ? undefined : request.today,
  );
  const read1 = readSlots(classified, normalised, request.today, request.categoryNames, readers);
  // "how did traffic look during the pinterest one": a traffic question over an annotation's days.
  const during =
    !request.question &&
    (read1.intent === "unknown" ||
      read1.intent === "list" ||
      (read1.intent === "traffic_period" && read1.periodAssumed))
      ? trafficDuring(normalised.text, request.today, normalised.quotes)
      : undefined;
  const alone = during
    ? during
    : read1.intent === "unknown" || read1.intent === "create"
      ? (statedOfOne(normalised, request) ??
        (read1.intent === "unknown" && !request.question
          ? filtersAlone(normalised, request, readers)
          : undefined) ??
        read1)
      : read1;
  const joined = classified.story ? withStoryChange(alone, classified.story, request) : alone;
  const known = request.annotations ?? [];
  const read =
    known.length > 0
      ? readAgainstKnown(joined, {
          message: request.message,
          known,
          today: request.today,
          categoryNames: request.categoryNames,
        })
      : joined;
  const continued = continueConversation(read, normalised, request.question, request.today);
  const followed = readFollowUp(
    continued,
    normalised,
    request.asked,
    request.today,
    request.categoryNames,
    readers,
  );
  // A statement about the annotation just discussed, when the message is nothing else: never
  // with a question waiting ("found it — wednesday" answers it) or as the follow-up of one.
  const read2 =
    request.question || followed !== continued
      ? followed
      : readAboutFocus(followed, request.message, {
          today: request.today,
          categoryNames: request.categoryNames,
        });
  // The gate first: a reading it turns into a change ("green?") is still asked, not told.
  const guarded = guardWrites(read2, {
    message: request.message,
    known,
    categoryNames: request.categoryNames,
    today: request.today,
    ...(request.question ? { question: request.question } : {}),
  });
  return askedAsQuestion(guarded, normalised);
}

/** The fields a change of "it" may carry, from one clause or another. */
const CHANGE_FIELDS = [
  "date",
  "endDate",
  "clearEnd",
  "shiftDays",
  "lengthSaid",
  "color",
  "category",
  "newDescription",
  "newTitle",
] as const;

/**
 * "it went on to the 8th, and make it green": the change read from the last clause, with what
 * the clause before it says of "it" too. A story that says something of it the reading cannot
 * place is a doubt, never dropped: the change is shown before anything is written.
 */
function withStoryChange(
  read: Understanding,
  story: string,
  request: ReadingRequest,
): Understanding {
  if (read.intent !== "update" || !read.pointsBack) return read;
  const told = readAboutFocus({ intent: "unknown", missing: [] }, story, {
    today: request.today,
    categoryNames: request.categoryNames,
  });
  if (told.intent !== "update") return read;
  const joined: Understanding = { ...read };
  const doubts = [...(read.doubts ?? []), ...(told.doubts ?? [])];
  // "it started on the 1st, and make it green": a first day alone may end a range it has, so
  // the change is shown before it is written.
  if (told.date && !told.endDate && read.date === undefined)
    doubts.push(`“${story}” may change its days`);
  for (const field of CHANGE_FIELDS) {
    if (told[field] === undefined) continue;
    if (
      joined[field] !== undefined &&
      JSON.stringify(joined[field]) !== JSON.stringify(told[field])
    )
      doubts.push(`“${story}” changes what another part already changed`);
    else Object.assign(joined, { [field]: told[field] });
  }
  return doubts.length > 0 ? { ...joined, doubts } : joined;
}

/** "the ads one was the 3rd", "the printer one ran till the 5th": a statement about one. */
const ONE_STATED =
  /^(?:(?:and|so|oh|also|btw|fyi)[\s,]+)?the\s+([\p{L}][\p{L}\p{N}/&'-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}/&'.-]*){0,3})\s+(?:one|annotation|entry)\s*[,:—–-]?\s+((?:was|is|were|ran|runs|should|needs|ended|ends|started|starts|lasted|went|belongs|goes|actually|really)\b.*)$/iu;
/** Words that point at an annotation without naming it: the focus, or a question (`resolve.ts`). */
const NOT_A_NAME =
  /^(?:last|latest|first|other|new|newest|same|right|wrong|previous|next|old|older|second|third|earlier|later|one|that|this|purple|brown|blue|green|red|cyan)$/i;

/**
 * A statement about "the X one" read as the same statement about "it", with X as its target: the
 * product finds X among the property's annotations, and asks which when X names several or none.
 */
function statedOfOne(normalised: Normalised, request: ReadingRequest): Understanding | undefined {
  if (request.question || normalised.quotes.length > 0) return undefined;
  const stated = ONE_STATED.exec(normalised.text);
  const name = stated?.[1];
  if (!stated || !name) return undefined;
  // "the last one was the 3rd": the annotation in focus, as "it" is.
  const focused = /^(?:last|latest|newest)$/i.test(name);
  if (NOT_A_NAME.test(name) && !focused) return undefined;
  const asIt = readAboutFocus({ intent: "unknown", missing: [] }, `it ${stated[2]}`, {
    today: request.today,
    categoryNames: request.categoryNames,
  });
  if (asIt.intent !== "update" || !asIt.pointsBack) return undefined;
  if (focused) return asIt;
  const { pointsBack: _it, ...change } = asIt;
  // One common word names no one annotation, as in "move the ads one to the 3rd".
  const vague = /^[a-z]\S*$/.test(name) ? [`“the ${name}” may mean more than one annotation`] : [];
  const doubts = [...(change.doubts ?? []), ...vague];
  return {
    ...change,
    target: { kind: "title", title: name },
    missing: change.missing.filter((piece) => piece !== "target"),
    ...(doubts.length > 0 ? { doubts } : {}),
  };
}

/** "all incidents pls", "red ones from oct", "incidents this month?": a list with no verb. */
const LIST_WITHOUT_VERB =
  /^(?:all\s+|every\s+)?(?:the\s+|my\s+|our\s+)?\S+(?:\s+\S+)?\s+(?:ones|annotations|notes|entries)\b|^(?:all|every)\s+\S|\?\s*$/i;

/**
 * A message of nothing but what a list filters by, read as a list: only when every word of it is
 * a filter (a colour, a category, a period), so a story or a title never becomes one.
 */
function filtersAlone(
  normalised: Normalised,
  request: ReadingRequest,
  readers: SlotReaders,
): Understanding | undefined {
  const text = normalised.text;
  if (text.length > 80 || !LIST_WITHOUT_VERB.test(text)) return undefined;
  const listed = readSlots(
    { intent: "list", verb: "show", rest: text },
    normalised,
    request.today,
    request.categoryNames,
    readers,
  );
  const filters = [listed.color, listed.category, listed.dateRange].filter(Boolean).length;
  // A question mark alone says only that it asks: a colour with it ("green?") asks for a change.
  const needed =
    /\?\s*$/.test(text) && !/\b(?:ones|annotations|notes|entries|all|every)\b/i.test(text) ? 2 : 1;
  if (filters < needed || listed.titleContains) return undefined;
  const categoryWords = (listed.category ?? "").toLowerCase().split(/\s+/);
  const words = text.toLowerCase().match(/[\p{L}\p{N}'/]+/gu) ?? [];
  const accounted = (word: string) =>
    FILTER_WORDS.test(word) || categoryWords.includes(word) || colourAlone(word) !== undefined;
  return words.every(accounted) ? listed : undefined;
}

/** The words a list's filters are said in, beside the colour and category named. */
const FILTER_WORDS = new RegExp(
  String.raw`^(?:all|every|the|my|our|any|anything|everything|stuff|things|ones|annotations|notes|entries|from|in|for|during|of|on|this|last|past|previous|since|so|far|pls|plz|please|thanks|thx|year|month|week|weekend|days?|weeks|months|today|yesterday|\d{1,4}(?:st|nd|rd|th)?|\d{1,2}/\d{1,2}(?:/\d{2,4})?|${MONTH_NAMES}|(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?|tuesday|wednesday|thursday|saturday)$`,
  "i",
);

/** "can you …", "please …", "could u …": a request, though it ends with a question mark. */
const ASKS_FOR_IT =
  /^(?:(?:so|and|also|ok|okay|oh|hmm+|well|then)\W+)*(?:(?:can|could|would|will)\s+(?:you|u)\b|please\b|pls\b|plz\b|mind\b)/i;

/**
 * "so it was on the 5th?", "the promo is green?": a change stated as a question is asked, not
 * told. It may be written only once the person confirms it; a command with a question mark
 * ("move it to Friday?", "can you add …?") is still a request.
 */
/** The doubt a change or create asked as a question carries. */
export const askedAsQuestionDoubt = "you asked it as a question";

function askedAsQuestion(understanding: Understanding, normalised: Normalised): Understanding {
  if (understanding.intent !== "create" && understanding.intent !== "update") return understanding;
  const text = normalised.text.trim();
  if (!/\?\s*$/.test(normalised.original) || ASKS_FOR_IT.test(text)) return understanding;
  const first = /^\W*(\p{L}+)/u.exec(text.replace(/^(?:(?:so|and|also|ok|okay|oh|then)\W+)*/i, ""));
  if (first && verbIntent(first[1]!)) return understanding;
  return { ...understanding, doubts: [...(understanding.doubts ?? []), askedAsQuestionDoubt] };
}
