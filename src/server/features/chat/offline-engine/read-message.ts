/**
 * The offline engine's reading of a message — stages 1 to 4: normalise → intents → slots →
 * continue the conversation — as one pure function of plain data. It is all the engine does with
 * the person's text, so it is what runs on the reading thread (reading-thread.ts); the later
 * stages (resolve, act) only look annotations up and write.
 */
import type { CalendarDate } from "../../../../shared/calendar-date.js";
import { continueConversation } from "./continue-conversation.js";
import { readFollowUp } from "./follow-up.js";
import { readIntent } from "./intents.js";
import { readAboutFocus, readAgainstKnown } from "./known-references.js";
import type { KnownAnnotation } from "./known-annotations.js";
import { verbIntent } from "./lexicon.js";
import { guardWrites } from "./write-gate.js";
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

export function readMessage(request: ReadingRequest, readers: SlotReaders): Understanding {
  const normalised = normalise(request.message);
  const alone = readSlots(
    readIntent(normalised.text),
    normalised,
    request.today,
    request.categoryNames,
    readers,
  );
  const known = request.annotations ?? [];
  const read =
    known.length > 0
      ? readAgainstKnown(alone, {
          message: request.message,
          known,
          today: request.today,
          categoryNames: request.categoryNames,
        })
      : alone;
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

/** "can you …", "please …", "could u …": a request, though it ends with a question mark. */
const ASKS_FOR_IT =
  /^(?:(?:so|and|also|ok|okay|oh|hmm+|well|then)\W+)*(?:(?:can|could|would|will)\s+(?:you|u)\b|please\b|pls\b|plz\b|mind\b)/i;

/**
 * "so it was on the 5th?", "the promo is green?": a change stated as a question is asked, not
 * told. It may be written only once the person confirms it; a command with a question mark
 * ("move it to Friday?", "can you add …?") is still a request.
 */
function askedAsQuestion(understanding: Understanding, normalised: Normalised): Understanding {
  if (understanding.intent !== "create" && understanding.intent !== "update") return understanding;
  const text = normalised.text.trim();
  if (!/\?\s*$/.test(normalised.original) || ASKS_FOR_IT.test(text)) return understanding;
  const first = /^\W*(\p{L}+)/u.exec(text.replace(/^(?:(?:so|and|also|ok|okay|oh|then)\W+)*/i, ""));
  if (first && verbIntent(first[1]!)) return understanding;
  const doubt = "you asked it as a question";
  return { ...understanding, doubts: [...(understanding.doubts ?? []), doubt] };
}
