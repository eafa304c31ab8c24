/**
 * Category phrases. Which category a phrase names is the categories service's decision (a name,
 * a plural, a preset's prefix); this module only finds where a message names one, and hands the
 * words on as written. Quoted passages are placeholders here, so a title that happens to be a
 * category's name ('add "Releases" today') is never read as one.
 *
 * Two kinds of place name a category:
 * - an unmistakable cue takes any words: "in the Paid Social category", "category: Promos",
 *   "under Promos", "tag it Promos";
 * - a looser place ("in Campaigns", "as an incident", "a release “Checkout v2”", "the incidents
 *   from last month") takes only a category word: a preset's prefix (release, campaigns, …) or
 *   the name of one of the person's categories. Elsewhere such a word is left to the title.
 */
import { categoryNameMaxLength, categoryPresets } from "../../../../shared/categories.js";
import { tidy } from "./cut-text.js";
import { oneSlipApart } from "./slips.js";
import { restoreQuotes, soleQuote } from "./quoted-text.js";

export interface FoundCategory {
  /** The words that name the category, as written ("releases", "Paid Social"). */
  reference: string;
  index: number;
  end: number;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The words that may name a category in a looser place: preset prefixes and the person's names. */
function categoryWordList(names: readonly string[]): string[] {
  const words = new Set<string>();
  for (const preset of categoryPresets) {
    const prefix = preset.prefix.toLowerCase();
    words.add(prefix);
    words.add(`${prefix}s`);
  }
  for (const name of names) {
    const lower = tidy(name.toLowerCase().replace(/\s+/g, " "));
    if (!lower || /^⟪/.test(lower)) continue;
    words.add(lower);
    // "Campaigns" is also "campaign", "Release" also "releases".
    words.add(lower.endsWith("s") ? lower.slice(0, -1) : `${lower}s`);
  }
  return [...words].filter((word) => word.length >= 2);
}

const SLIPS_READ = 300;
const SLIPS_KEPT = 4;

/** Real words one slip from a category word, never read as it ("released", "eternal"). */
const NOT_A_SLIP = /(?:ed|ing|er)$|^eternal$/;

/**
 * The category words a text misspells ("campains", "paid socail", "relase"), each with the word it
 * means: a word of five letters or more one slip from a word of a category's name.
 */
function slipsIn(text: string, words: readonly string[]): Map<string, string> {
  const slips = new Map<string, string>();
  // A misspelt category is read in a request of a few lines, with a few slips at most: a longer
  // text is read without them, so it never pays for patterns built for its words.
  if (text.length > SLIPS_READ) return slips;
  const said = new Set(
    (text.toLowerCase().match(/\p{L}{5,}/gu) ?? []).filter((word) => !NOT_A_SLIP.test(word)),
  );
  if (said.size === 0) return slips;
  // A word of a name is spelled right, whichever name it is of ("social" of "paid socials").
  const spelledRight = new Set(words.flatMap((word) => word.split(" ")));
  for (const word of words) {
    const parts = word.split(" ");
    parts.forEach((part, at) => {
      if (part.length < 5) return;
      for (const token of said)
        if (!spelledRight.has(token) && oneSlipApart(token, part))
          if (slips.size < SLIPS_KEPT)
            slips.set([...parts.slice(0, at), token, ...parts.slice(at + 1)].join(" "), word);
    });
  }
  return slips;
}

/** The words as one alternation, longest first, spaces matching any run of spaces. */
function alternation(words: Iterable<string>): string {
  return [...words]
    .sort((a, b) => b.length - a.length)
    .map((word) => escape(word).replace(/ /g, "\\s+"))
    .join("|");
}

/** A category word as it is spelled, where the text misspelt it ("campains": "campaigns"). */
function spelled(reference: string, patterns: CategoryPatterns): string {
  return patterns.slips.get(reference.toLowerCase().replace(/\s+/g, " ")) ?? reference;
}

/** What follows a category phrase: the end, punctuation, or the next piece of the request. */
const AFTER = String.raw`(?=$|\s*[,;]|[\s,.;:!?]+(?:$|on\b|for\b|at\b|in\b|with\b|from\b|and\b|as\b|dated\b|please\b|today\b|yesterday\b|tomorrow\b|really\b|actually\b|too\b|btw\b|instead\b|though\b|tbh\b|starting\b|started\b|since\b|till\b|until\b|running\b|⟪))`;
/** Any category name after an unmistakable cue: a quoted name, or up to four words. */
const ANY_NAME = String.raw`(⟪\d+⟫|[\p{L}\p{N}][\p{L}\p{N}&/'+-]*(?:\s+(?!(?:on|for|at|in|with|from|and|as|dated|please|pls|today|yesterday|tomorrow|though|tho|actually|really|too|btw|instead|tbh|then|now)\b)[\p{L}\p{N}&/'+-]+){0,3})`;

const LEAD = String.raw`(?:(?:in|into|under|to|as|from|for|with)\s+)?(?:(?:the|my|its|a|an)\s+)?`;

/**
 * A word of a name written before "category": never a pointer, an article or a preposition. At
 * most as long as a name may be: unbounded, it would be tried from every boundary inside a long
 * "1/2/3/…" and read to its end from each.
 */
const NAME_WORD = String.raw`(?!(?:it|this|that|them|to|the|in|into|under|as|from|for|with|on|at|and|a|an|my|its|their|of|out|wrong|right|correct|same|other|different)\b)[\p{L}\p{N}][\p{L}\p{N}&/'+-]{0,${categoryNameMaxLength - 1}}`;

/** "in the Paid Social category", "move it to the Promos category". */
const BEFORE_CATEGORY = new RegExp(
  String.raw`\b${LEAD}(⟪\d+⟫|${NAME_WORD}(?:\s+${NAME_WORD}){0,3})\s+category\b`,
  "iu",
);
/** "category: Promos", "with the category Promos", "category is Promos". */
const AFTER_CATEGORY = new RegExp(
  String.raw`\b(?:(?:with|in|under|and)\s+)?(?:the\s+|a\s+)?category\s*(?:[:=]|\bof\b|\bas\b|\bto\b|\bis\b)?\s*${ANY_NAME}${AFTER}`,
  "iu",
);
/** "under Promos", "file it under Promos", "tag it Promos", "tagged as Promos", "label it as Promos". */
const STRONG_CUE = new RegExp(
  String.raw`\b(?:(?:file[ds]?\s+(?:it\s+|them\s+)?)?under|tag(?:ged)?\s+(?:it|this|that|them)(?:\s+(?:as|with))?|tag(?:ged)?\s+(?:as|with)|tagged|label(?:led)?\s+(?:it\s+)?as)\s+(?:the\s+|an?\s+)?${ANY_NAME}${AFTER}`,
  "iu",
);

/** Words that cannot be a category's name where a cue expects one. */
const NOT_A_NAME =
  /^(?:a|an|the|which|what|any|no|none|new|its|their|this|that|it|with|in|into|under|to|as|from|for|and|of|my)$/i;

/** The name a cue captured: a quoted passage verbatim, else the words tidied. */
function nameOf(captured: string, quotes: readonly string[]): string {
  return soleQuote(captured, quotes) ?? tidy(restoreQuotes(captured, quotes));
}

/**
 * The patterns built from a person's category words, kept for the lists of names met last: one
 * message asks for them several times, and a pattern built anew is also run by V8's slower
 * interpreter the first time, which on a long message is most of the work.
 */
const builtFor = new Map<string, CategoryPatterns>();
const BUILT_REMEMBERS = 8;

interface CategoryPatterns {
  /** What each misspelt category word of the text means ("campains": "campaigns"). */
  slips: ReadonlyMap<string, string>;
  loose: RegExp;
  adjective: RegExp;
  /** "we pushed release “Checkout v3”": the kind said right before the quoted title. */
  beforeQuote: RegExp;
  /** "“Pinterest pins” paid social 16th-22nd nov": the kind said right after it. */
  afterQuote: RegExp;
  inList: RegExp;
  alone: RegExp;
}

/** The category words of the lists of names met last, asked for several times per message. */
const listedFor = new Map<string, string[]>();

function patternsFor(names: readonly string[], text: string): CategoryPatterns {
  const namesKey = names.join("\u0000");
  let listed = listedFor.get(namesKey);
  if (!listed) {
    if (listedFor.size >= BUILT_REMEMBERS) listedFor.delete(listedFor.keys().next().value!);
    listed = categoryWordList(names);
    listedFor.set(namesKey, listed);
  }
  const slips = slipsIn(text, listed);
  const key = [...names, "", ...slips.keys()].join("\u0000");
  const known = builtFor.get(key);
  if (known) return known;
  const words = alternation([...listed, ...slips.keys()]);
  const built = {
    slips,
    loose: new RegExp(
      String.raw`\b(?:in(?:to)?|to|as|from|for|(?:it|that|this|which)(?:'s|s|\s+is|\s+was)(?:\s+(?:more\s+(?:of|like)|really|actually|just|kind\s+of|kinda|basically|rather))?|thats|is|was)\s+(?:the\s+|my\s+|an?\s+)?(${words})(?:\s+(?:ones?|annotations?|thing))?${AFTER}`,
      "i",
    ),
    adjective: new RegExp(
      String.raw`^((?:(?:a|an|the|one|another|my)\s+)?(?:new\s+)?)(${words})(?:\s+for\s+(?:me|us)\s*,?(?=\s*⟪\d+⟫))?(?=\s*(?:⟪\d+⟫|:|\s(?:annotation|note|marker|entry|event|one)s?\b|\s(?:called|named|titled)\s)|\s+(?:on|for|from|since|starting|started|dated|today|yesterday|this|last)\b[^:⟪,;]{0,40}(?::|⟪))`,
      "i",
    ),
    beforeQuote: new RegExp(
      String.raw`(?:^|\s)(?:(?:a|an|the|new|our|my)\s+)*(${words})(?=\s*[,:]?\s*⟪\d+⟫)`,
      "i",
    ),
    afterQuote: new RegExp(
      String.raw`⟪\d+⟫\s*,?\s*(?:(?:as|in)\s+)?(?:an?\s+)?(${words})(?=$|\s*[,;.]|\s+(?:\d|on\b|from\b|for\b|since\b|starting\b|last\b|this\b|yesterday\b|today\b|the\b|in\b|and\b|with\b))`,
      "i",
    ),
    inList: new RegExp(
      String.raw`(^|\s)(?:the\s+|my\s+|all\s+(?:the\s+|my\s+)?)?(${words})(?:\s+(?:ones|annotations|notes))?(?=$|[\s,.;:!?])`,
      "i",
    ),
    alone: new RegExp(
      String.raw`^(?:(?:in(?:to)?|under|as)\s+)?(?:the\s+|my\s+)?(${words})(?:\s+(?:category|cat))?$`,
      "i",
    ),
  };
  if (builtFor.size >= BUILT_REMEMBERS) builtFor.delete(builtFor.keys().next().value!);
  builtFor.set(key, built);
  return built;
}

/**
 * A category named anywhere in the text: by a cue, which takes any name, or by a category word
 * in "in/into/to/as/from/for X" (a colour, a month or "in the title" never match there: only
 * category words do).
 */
export function findCategory(
  text: string,
  quotes: readonly string[],
  names: readonly string[],
): FoundCategory | undefined {
  const patterns = patternsFor(names, text);
  for (const cue of [BEFORE_CATEGORY, AFTER_CATEGORY, STRONG_CUE]) {
    const match = cue.exec(text);
    if (!match) continue;
    const reference = nameOf(match[1] ?? "", quotes);
    if (reference && !NOT_A_NAME.test(reference))
      return {
        reference: spelled(reference, patterns),
        index: match.index,
        end: match.index + match[0].length,
      };
  }
  const loose = patterns.loose.exec(text);
  if (loose)
    return {
      reference: spelled(tidy(loose[1] ?? ""), patterns),
      index: loose.index,
      end: loose.index + loose[0].length,
    };
  return undefined;
}

/**
 * A category word describing the annotation, right after the verb: "a release “Checkout v2”",
 * "a Campaigns annotation called …", "an incident: CDN down". It counts only before a quoted
 * title, an annotation word or a colon, so "log Release 4.2 today" keeps its title.
 */
export function findCategoryAdjective(
  text: string,
  names: readonly string[],
): FoundCategory | undefined {
  const patterns = patternsFor(names, text);
  const match = patterns.adjective.exec(text);
  if (!match) return undefined;
  const start = (match[1] ?? "").length;
  // "add Release notes v2": a category word the verb takes directly, then an annotation word and
  // no quote, colon or "called", starts the title; "log a release note: v2" names its kind.
  const named =
    /^\s(?:annotation|note|marker|entry|event|one)(s?)\b\s*(⟪|[:–—-]|(?:called|named|titled)\b)?/i.exec(
      text.slice(match[0].length),
    );
  // "Release notes - v2" is a title; "new campaign annotation - …" sets off the one to come.
  if (start === 0 && named && (!named[2] || (named[1] && /^[–—-]$/.test(named[2]))))
    return undefined;
  return { reference: spelled(match[2] ?? "", patterns), index: start, end: match[0].length };
}

/**
 * The kind of a new annotation said right next to its quoted title, before it ("pushed release
 * “Checkout v3”") or after it ("“Pinterest pins” paid social 16th-22nd nov"). Only a create reads
 * it: in a change, words before a quoted title may name the one meant.
 */
export function findCategoryBesideQuote(
  text: string,
  names: readonly string[],
): FoundCategory | undefined {
  const patterns = patternsFor(names, text);
  for (const pattern of [patterns.afterQuote, patterns.beforeQuote]) {
    const match = pattern.exec(text);
    if (!match) continue;
    const word = match[1] ?? "";
    const index = match.index + match[0].length - word.length;
    return { reference: spelled(tidy(word), patterns), index, end: index + word.length };
  }
  return undefined;
}

/**
 * A category word standing for the annotations themselves in a list request: "the incidents
 * from last month", "campaign annotations", "my Paid Social ones". Never after a word that asks
 * for text in titles ("about releases").
 */
export function findCategoryInList(
  text: string,
  names: readonly string[],
): FoundCategory | undefined {
  const patterns = patternsFor(names, text);
  const match = patterns.inList.exec(text);
  if (!match) return undefined;
  const before = text.slice(0, match.index);
  if (
    /\b(?:about|regarding|concerning|containing|contains?|mentioning|mentions?|matching|titled|called|named|words?|text)\s*$/i.test(
      before,
    )
  )
    return undefined;
  const index = match.index + (match[1] ?? "").length;
  return {
    reference: spelled(tidy(match[2] ?? ""), patterns),
    index,
    end: match.index + match[0].length,
  };
}

/**
 * A phrase that is only a category word ("incidents", "paid social category", "in Campaigns"):
 * one item of a list of attributes, as the person wrote it.
 */
export function categoryAlone(phrase: string, names: readonly string[]): string | undefined {
  if (names.length === 0) return undefined;
  const patterns = patternsFor(names, phrase);
  const match = patterns.alone.exec(phrase.trim());
  return match ? spelled(tidy(match[1] ?? ""), patterns) : undefined;
}
