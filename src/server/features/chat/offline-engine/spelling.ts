/**
 * "there's a typo in Advent calender box": the title as it is most likely meant, for a typo
 * reported without the right spelling. Hunspell's English dictionary (nspell, dictionary-en)
 * says which words are words; the candidates are ours, one slip away from the title's word, so
 * the work is bounded (nspell's own suggestions can spend half a second on a brand name). The
 * result is only ever shown on a card, to be confirmed or edited (decision 0077).
 */
import dictionary from "dictionary-en";
import nspell from "nspell";

/** Loaded with the module (at the reading thread's start), never during a reading. */
const speller = nspell({ aff: Buffer.from(dictionary.aff), dic: Buffer.from(dictionary.dic) });

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

const isWord = (word: string) =>
  speller.correct(word) || speller.correct(word[0]!.toUpperCase() + word.slice(1));

/** The one best respelling of a word that is no English word, if there is exactly one. */
function respelledWord(word: string): { word: string; rank: number } | undefined {
  const lower = word.toLowerCase();
  if (lower.length < 4 || lower.length > LONGEST_WORD || !/^[a-z]+$/.test(lower)) return;
  if (isWord(word) || isWord(lower)) return;
  let best: Slip[] = [];
  for (const slip of slipsOf(lower)) {
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
  return speller.correct(word) ? word : word[0]!.toUpperCase() + word.slice(1);
}

/**
 * The title with its one misspelt word respelt, when exactly one of its words is one likely slip
 * away from an English word; undefined when none is, or when it cannot tell which.
 */
export function respelledTitle(title: string): string | undefined {
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
 * that is a slip away from one of its words that is no English word, put in its place.
 */
export function respeltAsSaid(
  title: string,
  message: string,
  alike: (written: string, said: string) => boolean,
): string | undefined {
  const at = message.toLowerCase().indexOf(title.toLowerCase());
  const beside = at < 0 ? message : message.slice(0, at) + " " + message.slice(at + title.length);
  const words = title.split(/(\s+)/);
  const misspelt = words
    .slice(0, 2 * MOST_WORDS)
    .filter((word) => /^\p{L}{4,20}$/u.test(word) && !isWord(word) && !isWord(word.toLowerCase()));
  const found = new Map<string, string>();
  for (const said of beside.slice(0, 300).match(/\p{L}{4,20}/gu) ?? []) {
    const word = misspelt.find((written) => alike(written, said));
    // Said by the person, a name the dictionary lacks counts too ("its Pinterest").
    if (word) found.set(said.toLowerCase(), word);
  }
  if (found.size !== 1) return undefined;
  const [[said, written]] = [...found] as [[string, string]];
  return words.map((word) => (word === written ? inCaseOf(word, said) : word)).join("");
}
