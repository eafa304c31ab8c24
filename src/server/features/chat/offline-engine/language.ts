/**
 * The one place the offline engine asks a linguistic library about English: compromise (MIT,
 * maintained, no model to download) tags words with their parts of speech, so a story's event is
 * found by its past-tense verb ("the checkout crashed", "Instagram giveaway started") and its name
 * is the noun phrase the person put before it — not a list of verbs kept by hand. Decision 0075.
 */
import nlp from "compromise";

/** Stories are told in their first sentence; a longer text is not tagged (bounded work). */
const TAGGED_CHARACTERS = 200;

export interface Span {
  start: number;
  end: number;
  text: string;
}

const lead = (text: string) => text.slice(0, TAGGED_CHARACTERS);

// The library builds its lexicon on first use (tens of milliseconds): done when the engine loads,
// so no person's message pays for it.
nlp("The launch went live yesterday.").match("#PastTense");

function firstMatch(text: string, pattern: string): Span | undefined {
  let tagged: { text: string; offset: { start: number; length: number } }[];
  try {
    tagged = nlp(lead(text)).match(pattern).json({ offset: true }) as typeof tagged;
  } catch {
    // A library's surprise on odd text is no reading, never a failed turn.
    return undefined;
  }
  const [found] = tagged;
  if (!found) return undefined;
  const { start, length } = found.offset;
  return { start, end: start + length, text: found.text };
}

/** The first verb in the past tense ("started", "went", "crashed"), where the story's event is. */
export function firstPastVerb(text: string): Span | undefined {
  return firstMatch(text, "#PastTense");
}

/** The noun phrase a text opens with ("Spring catalogue email", "the checkout"), if any. */
export function openingNounPhrase(text: string): Span | undefined {
  return firstMatch(text, "^#Determiner? #Possessive? #Adjective* (#Noun|#Value)+");
}
