/**
 * The one reader of yes and no. A waiting card, a draft and the conversation's own reading all ask
 * it what a short reply means, so "nah, keep it" or "yeah, go ahead" settles the same way wherever
 * it is typed (decisions 0019, 0075).
 *
 * A reply is read as a row of known units ("yeah" + "go ahead", "nope" + "keep it as is"), matched
 * longest first over its words. Any word outside the units makes it no reply at all, so a message
 * that only starts like one ("yes, but first show me the list") is read as itself. Matching walks
 * the words once: a hostile run of units costs its length, never backtracking.
 */

export type ReplyReading =
  /** A clear yes: a yes word or the action said outright ("yep", "go for it", "ok delete it"). */
  | "yes"
  /** Politeness that agrees without saying yes ("ok", "sounds good"): a card asks for the yes. */
  | "agreement"
  | "no"
  | "other";

/** What waits for the reply: a yes naming another action ("delete" over a create) is none. */
export type Waiting = "create" | "update" | "delete";

type Unit = "yes" | "action" | "verb" | "agree" | "polite" | "no" | "keep" | "hesitation";

const OBJECTS = [
  "it",
  "them",
  "both",
  "all",
  "all of them",
  "those",
  "these",
  "that",
  "that one",
  "this",
  "this one",
  "the draft",
];
const VERBS = [
  "delete",
  "remove",
  "create",
  "add",
  "change",
  "update",
  "fix",
  "save",
  "make",
  "log",
];
const KEEP_TAILS = ["as it is", "as is", "there", "alone", "be", "then"];
const DONT_VERBS = [...VERBS, "do", "bother", "touch", "change"];
const NO_OBJECTS = ["it", "that", "this", "them"];

const cross = (heads: string[], tails: string[]) =>
  heads.flatMap((head) => tails.map((tail) => `${head} ${tail}`));

/** Every unit, its words as normalised (lower case, apostrophes dropped: "dont", "thats"). */
const UNITS: ReadonlyMap<string, Unit> = new Map<string, Unit>([
  ...["y", "yes", "yess", "yeah", "yea", "yep", "yup", "ya", "yah", "aye"].map(
    (phrase) => [phrase, "yes"] as const,
  ),
  ...[
    "go ahead",
    "go on",
    "go for it",
    "go",
    ...cross(["do", "just do", "lets do", "please do"], ["it", "that", "so"]),
    "please do",
    "proceed",
    "confirm",
    "confirmed",
    "i confirm",
    "im sure",
    "i am sure",
    "i do",
  ].map((phrase) => [phrase, "action"] as const),
  // "make"/"log" alone are no action; "delete", "save" are ("yes delete").
  ...VERBS.filter((verb) => verb !== "make" && verb !== "log").map(
    (verb) => [verb, "verb"] as const,
  ),
  ...cross(VERBS, OBJECTS).map((phrase) => [phrase, "verb"] as const),
  // "yup get rid of it": a deletion's own words.
  ...cross(["get rid of"], OBJECTS).map((phrase) => [phrase, "verb"] as const),
  ...[
    "ok",
    "okay",
    "k",
    "kk",
    "sure",
    "sure thing",
    "alright",
    "all right",
    "fine",
    "absolutely",
    "definitely",
    "of course",
    "cool",
    "great",
    "perfect",
    "nice",
    "correct",
    "right",
    ...cross(["thats"], ["right", "fine", "correct", "it", "perfect", "good", "great"]),
    "that works",
    "works for me",
    // "yes that one": the annotation on the card is the one meant.
    "that one",
    "this one",
    "thats the one",
    "affirmative",
    ...cross(["sounds", "looks"], ["good", "great", "fine", "right", "perfect"]),
    "all good",
    "why not",
    "👍",
  ].map((phrase) => [phrase, "agree"] as const),
  ...["please", "pls", "plz", "then", "thanks", "thx", "ty", "thank you", "mate", "cheers"].map(
    (phrase) => [phrase, "polite"] as const,
  ),
  ...[
    "n",
    "no",
    "nope",
    "nah",
    "naw",
    "cancel",
    ...cross(["cancel"], ["it", "that", "this", "please", "the request", "the last request"]),
    "cancel the one",
    "cancel the preview",
    "never mind",
    "nevermind",
    "nvm",
    "stop",
    "abort",
    "dont",
    "do not",
    ...cross(["dont", "do not"], DONT_VERBS),
    ...cross(cross(["dont", "do not"], DONT_VERBS), NO_OBJECTS),
    "forget it",
    "forget that",
    "forget about it",
    "no way",
    ...cross(["not"], ["now", "that", "this", "yet", "anymore"]),
    "skip",
    "skip it",
    "wrong one",
    "thats the wrong one",
    "scratch that",
    "no need",
    "lets not",
    ...cross(["dont want", "i dont want"], ["it", "that", "to"]),
    "wait",
    "hold on",
    "hang on",
    "hold up",
    "one sec",
    "one second",
    ...cross(["", "i ", "ive ", "i have "], ["changed my mind"]).map((phrase) => phrase.trim()),
  ].map((phrase) => [phrase, "no"] as const),
  // "leave it" is a no wherever it is said; "keep it" keeps what was asked about, which only a
  // deletion makes a no.
  ...(["keep", "leave"] as const).flatMap((verb) =>
    cross([verb], ["it", "that", "this", "them", "both", "that one", "this one"]).flatMap(
      (phrase) => {
        const kind: Unit = verb === "keep" ? "keep" : "no";
        return [phrase, ...KEEP_TAILS.map((tail) => `${phrase} ${tail}`)].map(
          (said) => [said, kind] as const,
        );
      },
    ),
  ),
  ...[
    "actually",
    "ah",
    "oh",
    "oops",
    "ugh",
    "sorry",
    "hmm",
    "hmmm",
    "hm",
    "um",
    "uh",
    "well",
    "on second thought",
    "on second thoughts",
    // Said alone, "it's fine" may as well agree as decline: it only goes with a no.
    "its fine",
  ].map((phrase) => [phrase, "hesitation"] as const),
]);
const longestUnit = Math.max(...[...UNITS.keys()].map((phrase) => phrase.split(" ").length));

/**
 * "oh it's already there, never mind", "ah we already have that one. skip", "homepage is fine,
 * leave it": a reason, then a no.
 */
const REASON_THEN_NO =
  /^[^!?]{1,100}[,;.]\s*(?:never\s?mind|nvm|forget\s+(?:it|that)|scratch\s+that|skip(?:\s+it)?|leave\s+it|cancel(?:\s+it)?|no\s+thanks)$/;
/** "no sorry, typed that in the wrong window", "oops, ignore that": a no, and why. */
const NO_THEN_WHY =
  /^(?:(?:no|nope|nah|oops|whoops|sorry|ah|oh)[\s,;.!-]+)+(?:sorry[\s,;.!-]+)?(?:i\s+)?(?:typed\s+(?:that|this|it)\s+in\s+the\s+wrong\s+(?:window|tab|chat|place|box)|wrong\s+(?:window|tab|chat|place|box)|ignore\s+(?:that|this|me)|(?:that\s+)?(?:was(?:nt|\s+not)\s+)?(?:meant|for)\s+(?:for\s+)?(?:someone\s+else|another\s+(?:chat|window))|my\s+(?:bad|mistake))$/;

/** "ignore that, wrong tab": the no said first, then why. */
const IGNORE_THEN_WHY =
  /^ignore\s+(?:that|this|me)[\s,;.!-]+(?:sorry[\s,;.!-]+)?(?:wrong\s+(?:window|tab|chat|place|box)|my\s+(?:bad|mistake)|not\s+for\s+you)$/;

/**
 * "nah, scrap it", "ditch that": a draft dropped. Over a deletion these words could as well mean
 * its yes, so there they are neither (the message is read as itself).
 */
const DROP_DRAFT =
  /^(?:(?:no|nah|nope|nvm|ok|okay|hmm+|oh|actually|then)[\s,;:-]+)*(?:scrap|ditch|bin|drop|trash|discard|lose)\s+(?:it|that|this(?:\s+one)?|the\s+draft)(?:[\s,;:-]+(?:then|please|thanks|sorry))*$/;

const BIN_IT =
  /^(?:(?:y|yes|yeah|yep|yup|ok|okay|sure)[\s,;:-]+)+(?:bin|scrap|ditch|trash|nuke)\s+(?:it|that|this|them)(?:\s+one)?$/;

/** A yes or a no is a few words: a longer reply is a message of its own. */
const longestReply = 120;

export interface Reply {
  reading: ReplyReading;
  /** Thanks said with it ("perfect thx", "cool thanks"): with no clear yes, thanks for a result. */
  thanks?: true;
  /** A yes whose first word is its verb ("delete it"): said alone, a request of its own. */
  startsWithVerb: boolean;
}

const other: Reply = { reading: "other", startsWithVerb: false };

/** What a short reply says, over what waits for it (nothing, for the conversation's reading). */
export function readReply(message: string, waiting?: Waiting): Reply {
  // Asked of every clause of a long message: a text far longer than any reply is none, before
  // any work on its length.
  if (message.length > longestReply + 60) return other;
  const text = message
    .trim()
    .toLowerCase()
    .replace(/[’‘`']/g, "")
    .replace(/👍/gu, " 👍 ")
    // From the start of the closing run only: tried inside a long run, it would rescan the run.
    .replace(/(?<![\s.!])[\s.!]+$/, "")
    .replace(/\s+/g, " ")
    .trim();
  if (!text || text.length > longestReply) return other;
  // "yep bin it": over a deletion, the words that drop a draft are its yes.
  if (waiting === "delete" && BIN_IT.test(text)) return { reading: "yes", startsWithVerb: false };
  const units = unitsOf(text);
  if (!units) {
    if (REASON_THEN_NO.test(text) || NO_THEN_WHY.test(text) || IGNORE_THEN_WHY.test(text))
      return { reading: "no", startsWithVerb: false };
    if (waiting && waiting !== "delete" && DROP_DRAFT.test(text))
      return { reading: "no", startsWithVerb: false };
    return other;
  }
  const kinds = units.map((unit) => unit.kind);
  const saysYes = kinds.some((kind) => kind === "yes" || kind === "action" || kind === "verb");
  const saysNo = kinds.includes("no");
  const keeps = kinds.includes("keep");
  if (saysYes && (saysNo || keeps)) return other;
  if (saysNo) return { reading: "no", startsWithVerb: false };
  // "keep it" alone keeps an annotation from its deletion, but could as well keep a draft as drop
  // it: over a draft it asks again, and to the conversation it is no reply.
  if (keeps)
    return waiting === "delete"
      ? { reading: "no", startsWithVerb: false }
      : { reading: waiting ? "agreement" : "other", startsWithVerb: false };
  if (saysYes) {
    const named = units.find((unit) => unit.kind === "verb")?.words.split(" ")[0];
    if (named && waiting && !verbsFor[waiting].includes(named)) return other;
    const first = units.find((unit) => unit.kind !== "polite");
    return { reading: "yes", startsWithVerb: first?.kind === "verb" };
  }
  const thanks = units.some((unit) => /^(?:thanks|thx|ty|thank you|cheers)$/.test(unit.words));
  if (!kinds.includes("agree")) return other;
  return { reading: "agreement", startsWithVerb: false, ...(thanks ? { thanks: true } : {}) };
}

/** The verbs that name each waiting action. */
const verbsFor: Record<Waiting, readonly string[]> = {
  delete: ["delete", "remove", "get"],
  create: ["create", "add", "save", "make", "log"],
  update: ["change", "update", "fix", "save", "make"],
};

/** The reply as units, longest first at each word; null when a word belongs to none. */
function unitsOf(text: string): { kind: Unit; words: string }[] | null {
  const words = text.split(/[\s,;:!.-]+/).filter(Boolean);
  const units: { kind: Unit; words: string }[] = [];
  let at = 0;
  while (at < words.length) {
    let matched = false;
    for (let size = Math.min(longestUnit, words.length - at); size > 0; size -= 1) {
      const phrase = words.slice(at, at + size).join(" ");
      const kind = UNITS.get(phrase) ?? (/^hm+$/.test(phrase) ? "hesitation" : undefined);
      if (!kind) continue;
      units.push({ kind, words: phrase });
      at += size;
      matched = true;
      break;
    }
    if (!matched) return null;
  }
  return units;
}

/** Where a reply may join an edit and its yes: a comma, a semicolon, a dash, "and" or "but". */
const JOINS = /\s*(?:[,;]|\s-\s|\band\b|\bbut\b)\s*/gi;
const LEADING_YES = /^(?:(?:y|yes|yeah|yep|yup|ok|okay|sure)[\s,!.]+)+/i;

/**
 * An edit said together with its yes: "make it the 17th and yes save", "yep friday is the date,
 * save it". The yes is the last part, whole; the edit is what is left. (`yesThenEdit` reads the
 * other order, "yes but brown".)
 */
export function editWithYes(message: string, waiting: Waiting): { edit: string } | undefined {
  const text = message.trim();
  if (text.length > longestReply * 2) return undefined;
  const joins = [...text.matchAll(JOINS)];
  const last = joins.at(-1);
  if (last) {
    const tail = text.slice(last.index + last[0].length);
    const head = text.slice(0, last.index).replace(LEADING_YES, "").trim();
    if (head && readReply(tail, waiting).reading === "yes") return { edit: head };
  }
  return undefined;
}

/**
 * A yes said first, then a change: "yes but brown", "yes that one, make it blue". Over a draft it
 * is the yes to the draft as edited, when the edit is read without a doubt; over a change card
 * that already shows that change, a yes with the change restated. The caller decides which.
 */
export function yesThenEdit(message: string, waiting: Waiting): { edit: string } | undefined {
  const text = message.trim();
  if (text.length > longestReply * 2) return undefined;
  const [first] = text.matchAll(JOINS);
  if (!first) return undefined;
  const head = text.slice(0, first.index);
  const edit = text.slice(first.index + first[0].length).trim();
  return edit && readReply(head, waiting).reading === "yes" ? { edit } : undefined;
}
