/**
 * The words that claim a message for a new annotation: its command words ("add", "log", "note
 * down"), "a new annotation" after "make"/"set"/"drop", and asking for one ("I need a new note").
 * They are the create capability's; the reading tries them in its own order.
 */
import type { CapabilityWords } from "../offline-engine/intents.js";

const CREATE_VERB =
  /^(create|add|new|make|log|annotate|mark|record|note(?:\s+down)?|insert|put|save|write(?:\s+down)?|enter|register|jot(?:\s+down)?|post|place|drop|set\s+up)\b\s*/i;
/**
 * "make/set/put/drop an annotation …" creates; "make X red" updates. "make one … called X" creates
 * too: "one" stands for the annotation when a title for it follows.
 */
const NEW_THING =
  /^(?:(?:me\s+)?(?:a|an|new|a\s+new|another)\s+)(?:annotation|note|marker|entry)s?\b|^(?:annotation|note)s?\b|^(?:(?:a\s+new|another)\s+)?one\b(?=.*\b(?:called|named|titled)\s)/i;
/** "I need a new annotation", "can I get a note for Friday": asking for one is asking to add one. */
const WANT_NEW =
  /^(?:(?:i\s+|we\s+)?(?:need|want|would\s+like)|i'd\s+like|(?:can|could|may)\s+(?:i|we)\s+(?:get|have|make|add))\s+(?=(?:a|an|new|a\s+new|another)\s+(?:annotation|note|marker|entry)\b)/i;

/** The words that claim a message for this capability (see `CapabilityWords`). */
export const createIntentWords = {
  create: { verb: CREATE_VERB, newThing: NEW_THING, wantNew: WANT_NEW },
} satisfies Partial<CapabilityWords>;
