/**
 * Whether words name an annotation's title: exactly, as a part of it, or by its words in their
 * order. The product's resolve, the engine's answers to "which one?" and the corpus checker all
 * find titles with it, so a reference is read one way everywhere.
 */
import { oneSlipApart } from "./slips.js";

const fold = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ");

const LONGEST_NAME = 200;
/** A name said by some of its words is a few of them: more is no reference looked for loosely. */
const LOOSE_WORDS = 6;
/** Words that point at an annotation without naming it: "the tiktok push annotation", "… one". */
const POINTING_WORDS = new Set([
  "the",
  "a",
  "an",
  "my",
  "our",
  "annotation",
  "note",
  "one",
  "ones",
  "entry",
  "thing",
  "things",
  "stuff",
]);
const wordsOf = (text: string) =>
  fold(text)
    .split(/[^\p{L}\p{N}.#]+/u)
    .filter(Boolean);
/**
 * A word of a title as a reference says it: the same, its plural ("teasers" of "teaser"), or, in
 * a longer word, one letter apart ("referral" of "Referal"), a slip in the one or the other.
 */
const sameWord = (said: string, own: string) =>
  said === own ||
  said === `${own}s` ||
  own === `${said}s` ||
  (Math.min(said.length, own.length) >= 5 && oneSlipApart(said, own));

/**
 * Whether every word said is a word of the title, in its order ("loyalty relaunch" of "Loyalty
 * points relaunch").
 */
function saidInOrder(said: readonly string[], title: string): boolean {
  let at = 0;
  const own = wordsOf(title);
  for (const word of said) {
    while (at < own.length && !sameWord(word, own[at]!)) at += 1;
    if (at === own.length) return false;
    at += 1;
  }
  return true;
}

/** Whether every word said is a word of the title, in any order. */
function saidAnyOrder(said: readonly string[], title: string): boolean {
  const own = wordsOf(title);
  return said.every((word) => own.some((ownWord) => sameWord(word, ownWord)));
}

/**
 * The items whose title a reference names: exactly (ignoring case), else as a part of it, else —
 * for two words or more — by its words in their order with others between ("the tiktok push" for
 * "TikTok creator push"), which is a guess (`loose`). The product and the corpus checker both
 * find targets with it.
 */
export function titleMatches<T extends { title: string }>(
  items: readonly T[],
  title: string,
): { matches: T[]; loose: boolean; partial?: true } {
  const wanted = fold(title);
  if (!wanted) return { matches: [], loose: false };
  const exact = items.filter((item) => fold(item.title) === wanted);
  if (exact.length > 0) return { matches: exact, loose: false };
  const partial = items.filter((item) => fold(item.title).includes(wanted));
  if (partial.length > 0) return { matches: partial, loose: false, partial: true };
  // A name is a few words: longer text is no reference to look for word by word (bounded work).
  if (wanted.length > LONGEST_NAME) return { matches: [], loose: false };
  const said = wordsOf(wanted).filter((word) => !POINTING_WORDS.has(word));
  // One word names an annotation only when it is a word of some length ("the pinterest one").
  if (said.length === 0 || said.length > LOOSE_WORDS || (said.length === 1 && said[0]!.length < 4))
    return { matches: [], loose: false };
  const inOrder = items.filter((item) => saidInOrder(said, item.title));
  if (inOrder.length > 0) return { matches: inOrder, loose: true };
  // "the manchester radio spots" of "Radio spots in Manchester": every word, in another order.
  return { matches: items.filter((item) => saidAnyOrder(said, item.title)), loose: true };
}
