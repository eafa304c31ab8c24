/**
 * "there's a typo in Advent calender box": the title as it is most likely meant, for a typo
 * reported without the right spelling. Hunspell's English dictionaries (nspell with
 * dictionary-en and dictionary-en-gb: a word either knows is a word, so "colour" and "color" are
 * both left alone) say which words are words; the candidates are ours, one slip away from the
 * title's word, so the work is bounded (nspell's own suggestions can spend half a second on a
 * brand name). The result is only ever shown on a card, to be confirmed or edited (decision 0077).
 */
import american from "dictionary-en";
import british from "dictionary-en-gb";
import nspell from "nspell";

type Speller = ReturnType<typeof nspell>;
let spellers: Speller[] | undefined;

/**
 * Built on first use, about 400 ms and 30 MB: the reading thread builds them when it starts
 * (`warmSpelling`), so no reading pays for it; a process that never reads a typo never does.
 */
function loaded(): Speller[] {
  spellers ??= [american, british].map((dictionary) =>
    nspell({ aff: Buffer.from(dictionary.aff), dic: Buffer.from(dictionary.dic) }),
  );
  return spellers;
}

export function warmSpelling(): void {
  loaded();
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
/** Longer words are rarely a title's slip, and each costs more candidates to check. */
const LONGEST_WORD = 20;
const MOST_WORDS = 8;

/**
 * How people slip, most likely first: a letter doubled or not ("Referal", "Abandonned"), two
 * letters swapped, one left out or added, one mistyped. The first letter is almost never the
 * slip ("lookbook" is no "cookbook").
 */
type Slip = { word: string; rank: number };

function slipsOf(word: string): Slip[] {
  const out: Slip[] = [];
  for (let at = 0; at <= word.length; at++) {
    const [head, tail] = [word.slice(0, at), word.slice(at)];
    const next = tail[0];
    if (next !== undefined) {
      const doubled = next === word[at - 1] || next === tail[1];
      out.push({ word: head + tail.slice(1), rank: doubled ? 0 : 2 });
      if (tail.length > 1) out.push({ word: head + tail[1] + next + tail.slice(2), rank: 1 });
    }
    for (const letter of LETTERS) {
      const doubling = letter === word[at - 1] || letter === next;
      out.push({ word: head + letter + tail, rank: doubling ? 0 : 2 });
      if (next !== undefined && letter !== next && at > 0)
        out.push({ word: head + letter + tail.slice(1), rank: 3 });
    }
  }
  return out;
}

/** The most dictionary look-ups one title may cost: a few milliseconds whatever it holds. */
const MOST_LOOKUPS = 6000;
let lookups = 0;

function known(word: string): boolean {
  lookups += 1;
  return loaded().some((speller) => speller.correct(word));
}

const isWord = (word: string) => known(word) || known(word[0]!.toUpperCase() + word.slice(1));

/** The one best respelling of a word that is no English word, if there is exactly one. */
function respelledWord(word: string): { word: string; rank: number } | undefined {
  const lower = word.toLowerCase();
  if (lower.length < 4 || lower.length > LONGEST_WORD || !/^[a-z]+$/.test(lower)) return;
  if (isWord(word) || isWord(lower)) return;
  let best: Slip[] = [];
  for (const slip of slipsOf(lower)) {
    if (lookups > MOST_LOOKUPS) return;
    if (best.length > 0 && slip.rank > best[0]!.rank) continue;
    if (best.some((found) => found.word === slip.word) || !isWord(slip.word)) continue;
    best = best.length > 0 && slip.rank === best[0]!.rank ? [...best, slip] : [slip];
  }
  return best.length === 1 ? best[0] : undefined;
}

function inCaseOf(written: string, word: string): string {
  if (written === written.toUpperCase()) return word.toUpperCase();
  if (/^\p{Lu}/u.test(written)) return word[0]!.toUpperCase() + word.slice(1);
  // "chrismas" is "Christmas": a word the dictionary knows only capitalised keeps its capital.
  return known(word) ? word : word[0]!.toUpperCase() + word.slice(1);
}

/**
 * The title with its one misspelt word respelt, when exactly one of its words is one likely slip
 * away from an English word; undefined when none is, or when it cannot tell which.
 */
export function respelledTitle(title: string): string | undefined {
  if (remembered.has(title)) return remembered.get(title);
  lookups = 0;
  const respelt = respelling(title);
  if (remembered.size >= 200) remembered.delete(remembered.keys().next().value!);
  remembered.set(title, respelt);
  return respelt;
}

/** A reading asks the gate more than once: each title is worked out once. */
const remembered = new Map<string, string | undefined>();

function respelling(title: string): string | undefined {
  const words = title.split(/(\s+)/);
  const found: { at: number; word: string; rank: number }[] = [];
  let checked = 0;
  words.forEach((written, at) => {
    if (!/\p{L}/u.test(written) || checked >= MOST_WORDS) return;
    checked += 1;
    const respelt = respelledWord(written);
    if (respelt) found.push({ at, ...respelt });
  });
  const rank = Math.min(...found.map((slip) => slip.rank));
  const best = found.filter((slip) => slip.rank === rank);
  const [only] = best;
  if (!only || best.length !== 1) return undefined;
  return words
    .map((written, index) => (index === only.at ? inCaseOf(written, only.word) : written))
    .join("");
}

/**
 * "Advent calender box has a typo, calendar is spelt wrong": the one word said beside the title
 * (`beside`: the message without the words that named it) that is a slip away from one of the
 * title's words the dictionaries do not know, put in its place. A word said counts when it is
 * English or capitalised as a name ("its Pinterest"), never a slip of the person's own.
 */
export function respeltAsSaid(
  title: string,
  beside: string,
  alike: (written: string, said: string) => boolean,
): string | undefined {
  lookups = 0;
  const words = title.split(/(\s+)/);
  const misspelt = words
    .slice(0, 2 * MOST_WORDS)
    .filter((word) => /^\p{L}{4,20}$/u.test(word) && !isWord(word) && !isWord(word.toLowerCase()));
  if (misspelt.length === 0) return undefined;
  const found = new Map<string, string>();
  for (const said of beside.slice(0, 300).match(/\p{L}{4,20}/gu) ?? []) {
    const word = misspelt.find((written) => alike(written, said));
    if (word && (/^\p{Lu}/u.test(said) || isWord(said.toLowerCase())))
      found.set(said.toLowerCase(), word);
  }
  if (found.size !== 1) return undefined;
  const [[said, written]] = [...found] as [[string, string]];
  return words.map((word) => (word === written ? inCaseOf(word, said) : word)).join("");
}
