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

/**
 * A short name a text opens with, read more loosely than a noun phrase: compromise tags names'
 * nouns as verbs when they could be ("Coat clearance", "Cyber bundles", "Sitemap rebuild"), so a
 * verb in its plain form counts as a noun here. A word that can only tell (past tense, -ing, a
 * pronoun, a modal, a question word, a preposition) makes it no name.
 */
export function openingName(text: string): Span | undefined {
  let terms: { text: string; tags: string[]; start: number; length: number }[];
  try {
    const json = nlp(lead(text)).terms().json({ offset: true }) as {
      terms: { text: string; tags: string[] }[];
      offset: { start: number; length: number };
    }[];
    terms = json.map((term) => ({ ...term.terms[0]!, ...term.offset }));
  } catch {
    return undefined;
  }
  if (terms.length === 0 || terms.length > 6) return undefined;
  const telling =
    /^(?:PastTense|Gerund|Pronoun|Modal|Copula|Auxiliary|QuestionWord|Preposition|Conjunction|Adverb|Negative|Imperative|Expression)$/;
  const naming =
    /^(?:Noun|Adjective|Value|ProperNoun|Acronym|Infinitive|PresentTense|Hyphenated|Particle)$/;
  // "Mince pie giveaway": a first word read as a command is a name's when a noun follows it.
  const nounNext = terms[1]?.tags.includes("Noun") && !terms[1].tags.includes("Pronoun");
  const tells = (tags: string[], at: number) =>
    tags.some((tag) => telling.test(tag) && !(at === 0 && nounNext && tag === "Imperative"));
  const named = terms.every(
    (term, at) =>
      !tells(term.tags, at) &&
      (term.tags.some((tag) => naming.test(tag)) || (at === 0 && term.tags.includes("Determiner"))),
  );
  if (!named) return undefined;
  const last = terms[terms.length - 1]!;
  const start = terms[0]!.start;
  const name = text.slice(start, last.start + last.length).replace(/[,;:.!?]+$/, "");
  // A name is one run of words: "ugh ok, the" is talk, not a name.
  return /[,;:!?.]/.test(name) ? undefined : { start, end: start + name.length, text: name };
}
