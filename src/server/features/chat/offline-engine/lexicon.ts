/**
 * The words people use to ask for things, and their typos. A word that is not in the lexicon is
 * read as the lexicon word it is closest to by Damerau–Levenshtein distance, but only when the
 * slip is small for the word's length (one swapped pair of letters in a short word, one or two
 * edits in a longer one) and the word is not itself an ordinary word ("last" is not "list").
 */
import { createRequire } from "node:module";

// A CommonJS package without types; this is the one call made of it.
const distance = createRequire(import.meta.url)("damerau-levenshtein") as (
  a: string,
  b: string,
) => { steps: number };

export type LexiconIntent = "create" | "update" | "delete" | "list";

/** Verbs by what they usually ask for; "make" and "set" can create or change, decided later. */
export const verbs: Record<string, LexiconIntent> = {
  add: "create",
  create: "create",
  log: "create",
  note: "create",
  record: "create",
  make: "create",
  put: "create",
  mark: "create",
  annotate: "create",
  insert: "create",
  save: "create",
  register: "create",
  jot: "create",
  enter: "create",
  track: "create",
  flag: "create",
  write: "create",
  rename: "update",
  call: "update",
  retitle: "update",
  relabel: "update",
  change: "update",
  move: "update",
  fix: "update",
  correct: "update",
  reschedule: "update",
  recolour: "update",
  recolor: "update",
  update: "update",
  edit: "update",
  modify: "update",
  shift: "update",
  push: "update",
  amend: "update",
  redate: "update",
  paint: "update",
  flip: "update",
  delete: "delete",
  remove: "delete",
  drop: "delete",
  erase: "delete",
  trash: "delete",
  discard: "delete",
  destroy: "delete",
  wipe: "delete",
  show: "list",
  list: "list",
  find: "list",
  display: "list",
  view: "list",
  search: "list",
  fetch: "list",
  filter: "list",
};

export const nouns = ["annotation", "annotations", "note", "notes", "marker", "markers", "entry"];

const vocabulary = [...Object.keys(verbs), ...nouns];
const known = new Set(vocabulary);

/** Ordinary words one slip away from a lexicon word, which must never be "corrected". */
const ordinary = new Set(
  (
    "last lost list late date fast past post most mist host cost sale safe same some shop shot " +
    "snow slow shoe node nose more mode made mare mate male like live line link fine mind kind " +
    "word ward card hard chat that what then than them they clean point print shown shows " +
    "added adds odd aid and ant all call calls cell tell fill feel fall ball wall hall mall " +
    "ended under enter entry order after alter other outer motor sector vector corrector " +
    "notes noted nope vote votes code coded mode modes move moved moves moving makes making " +
    "records recorded renamed removed deleted created changed updated edited fixed marked saved " +
    "listed shown found viewed dropped logged logs lists tracks tracked flags flagged shifted " +
    "pushed erased wiped moved recalled write wrote written writes rewrite remote remark " +
    "remain repeat report reports reported remind rebate relate retire retail rental " +
    // Real words a slip away from "correct", "delete", "select": never read as those.
    "connect connects connected connecting connection collect collected collects select " +
    "selected detect detected reject rejected respect expect expected inspect protect direct " +
    "reflect affect affected effect effects perfect reset deflect elect elected"
  ).split(" "),
);

const cache = new Map<string, string | null>();

/** The lexicon word a typed word stands for, or null when it stands for none. */
/** Slips too short for a distance to tell apart from other words, read as meant. */
const shortSlips: Record<string, string> = { ad: "add", lgo: "log", olg: "log", dd: "add" };

export function lexiconWord(word: string): string | null {
  const lower = word.toLowerCase();
  if (known.has(lower)) return lower;
  if (shortSlips[lower]) return shortSlips[lower]!;
  if (lower.length < 4 || ordinary.has(lower) || !/^[a-z]+$/.test(lower)) return null;
  const cached = cache.get(lower);
  if (cached !== undefined) return cached;
  let best: string | null = null;
  let bestSteps = Infinity;
  for (const candidate of vocabulary) {
    if (Math.abs(candidate.length - lower.length) > 2) continue;
    // "filtered", "marks", "shipping": the word itself, inflected, never a slip of it.
    if (inflectionOf(lower, candidate)) continue;
    // The distance is worked out only where it could be small enough: a long message of words
    // the lexicon does not know would otherwise cost a distance to every lexicon word for each.
    const allowed = allowedSlips(lower, candidate);
    if (allowed === 0 || lettersApart(lower, candidate) > allowed) continue;
    const steps = distance(lower, candidate).steps;
    if (steps < bestSteps && steps <= allowed) {
      best = candidate;
      bestSteps = steps;
    }
  }
  if (cache.size < 5000) cache.set(lower, best);
  return best;
}

/**
 * A lower bound of the distance between two lowercase words, from their letters alone: one edit
 * makes up for at most one of the letters either side has and the other lacks.
 */
const letterCounts = new Int32Array(26);
function lettersApart(word: string, candidate: string): number {
  const counts = letterCounts.fill(0);
  for (let at = 0; at < word.length; at += 1) counts[word.charCodeAt(at) - 97]! += 1;
  for (let at = 0; at < candidate.length; at += 1) counts[candidate.charCodeAt(at) - 97]! -= 1;
  let extra = 0;
  let missing = 0;
  for (const count of counts) {
    if (count > 0) extra += count;
    else missing -= count;
  }
  return Math.max(extra, missing);
}

const INFLECTION = /^(?:s|es|d|ed|ing|er|ers|ings)$/;
function inflectionOf(word: string, candidate: string): boolean {
  return word.startsWith(candidate) && INFLECTION.test(word.slice(candidate.length));
}

function allowedSlips(word: string, candidate: string): number {
  const length = Math.max(word.length, candidate.length);
  // Short words: only two letters swapped ("lsit", "shwo"), never a different word.
  if (length <= 4)
    return word.length === candidate.length && lettersApart(word, candidate) === 0 ? 1 : 0;
  if (length <= 6) return word[0] === candidate[0] ? 1 : 0;
  return word[0] === candidate[0] ? 2 : 1;
}

/** The intent a word asks for, typos allowed; null for other words. */
export function verbIntent(word: string): LexiconIntent | null {
  const found = lexiconWord(word);
  return found ? (verbs[found] ?? null) : null;
}
