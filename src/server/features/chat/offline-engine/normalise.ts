/**
 * Stage 1 of the offline engine: the message made ready to read. Quoted passages become
 * placeholders (nothing inside quotes is ever read as a date, colour or command), a property id
 * is taken out, greetings, thanks and sign-offs around the request are dropped, and misspelt
 * command words and day words are read as the words they stand for.
 */
import { findPropertyMention } from "./property-mention.js";
import { lexiconWord, nouns } from "./lexicon.js";
import { collapseSpaces, cut, isSpace } from "./cut-text.js";
import { extractQuotes } from "./quoted-text.js";

export interface Normalised {
  /** The message as the person wrote it. */
  original: string;
  /** What is left to read: placeholders for quotes, no courtesy, command words spelt right. */
  text: string;
  quotes: string[];
  propertyId?: string;
}

const GREETING =
  /^(?:(?:hi|hello|hey|hiya|howdy|yo|good\s+(?:morning|afternoon|evening|day)|greetings|morning|dear\s+assistant)(?:\s+(?:there|team|all|again|assistant|tidemark|bot|friend))?|ok(?:ay)?|so|um+|uh+|well|alright|quick\s+(?:one|q|question))\s*[,!.:;\-–—]+\s*|^(?:hi|hello|hey|hiya|yo|good\s+(?:morning|afternoon|evening))\s+(?:there\s+)?(?=\S)(?!(?:there|all|team|everyone|guys|folks)\W*$)/i;

// The separators before a sign-off are matched from the start of their run only (the lookbehind):
// tried from inside a long run of commas, the pattern would rescan the run from every position.
const SIGN_OFF =
  /(?:^|(?<![\s,.!?;:\-–—])[\s,.!?;:\-–—]+)(?:(?:many\s+)?thanks(?:\s+(?:a\s+lot|so\s+much|in\s+advance|again|heaps|mate|team|a\s+bunch))?|thank\s+you(?:\s+(?:so\s+much|very\s+much|in\s+advance|kindly))?|thx|ty|tia|cheers(?:\s+mate)?|much\s+appreciated|appreciated|appreciate\s+it|best(?:\s+regards)?|regards|kind\s+regards|have\s+a\s+(?:nice|good|great)\s+(?:day|one)|you(?:'re|\s+are)\s+(?:the\s+best|a\s+star)|(?:if\s+you\s+can|when\s+you\s+(?:can|get\s+a\s+(?:chance|sec|moment)))|please|pls|plz|🙏|🙂|😊|:\)|:-\))[\s.!,]*$/i;

const PRAISE =
  /^(?:great|perfect|awesome|nice|cool|brilliant|brill|ace|fab|lovely|amazing|excellent|sweet|ok(?:ay)?)[\s,!.]*$/i;

/**
 * How many rounds of courtesy are dropped. Each round reads the whole message, so a message of
 * nothing but "hi, hi, hi, …" would otherwise cost rounds in proportion to its length.
 */
const COURTESY_ROUNDS = 8;

/** A letter, a digit or a quoted text's placeholder: more than emoji and stops. */
const SAYS_SOMETHING = /[\p{L}\p{N}⟪]/u;

/** Drops greetings in front of the request and courtesy after it, as often as they repeat. */
export function stripCourtesy(text: string): string {
  let result = text.trim();
  let previous: string;
  let rounds = 0;
  do {
    previous = result;
    // Never strip the whole message: "OK!", "thanks" or "hey 👋" alone is a message of its own.
    const greeted = result.replace(GREETING, "").trim();
    if (SAYS_SOMETHING.test(greeted)) result = greeted;
    const signOff = SIGN_OFF.exec(result);
    // "perfect thx", "cool thanks": praise and thanks are the whole message, thanks for a result.
    if (signOff && signOff.index > 0 && !PRAISE.test(result.slice(0, signOff.index)))
      result = result.slice(0, signOff.index).trim();
    rounds += 1;
  } while (result !== previous && rounds < COURTESY_ROUNDS);
  return result;
}

/** Whether a sentence ends just before `offset` ("… went live. Launch"), spaces aside. */
function afterSentenceEnd(text: string, offset: number): boolean {
  let at = offset;
  while (at > 0 && isSpace(text.charCodeAt(at - 1))) at -= 1;
  return at > 0 && ".!?:".includes(text[at - 1]!);
}

/** Words after which a command may stand: "and log …", "can you creat …", "please ad …". */
const COMMAND_LEAD =
  /(?:[,.;:!?\-–—(]|\b(?:and|then|also|please|pls|plz|you|just|to|now|quickly|pleas|u))\s*$/i;

/** Whether a word at `offset` stands where a command would: a clause's start or after a lead. */
function atCommandPlace(text: string, offset: number): boolean {
  const before = text.slice(Math.max(0, offset - 12), offset);
  return (offset <= 12 && before.trim() === "") || COMMAND_LEAD.test(before);
}

/** Misspelt command words, read as the lexicon words they stand for; other words untouched. */
export function correctCommandWords(text: string): string {
  return text.replace(/[A-Za-z]{4,}/g, (word, offset: number) => {
    // A capitalised word inside the message is likely a title's ("Clean energy week").
    if (offset > 0 && /^[A-Z]/.test(word) && !afterSentenceEnd(text, offset)) return word;
    const corrected = lexiconWord(word);
    if (!corrected || corrected === word.toLowerCase()) return word;
    // A slip is read as a command only where a command stands: "Annotate yesterday: TikTok
    // creator collab" keeps its "creator". Nouns ("anotation") are read as meant anywhere.
    if (!nouns.includes(corrected) && !atCommandPlace(text, offset)) return word;
    return /^[A-Z]/.test(word) ? corrected[0]!.toUpperCase() + corrected.slice(1) : corrected;
  });
}

/**
 * Common slips in the words for relative days. The date reader knows only the right spellings,
 * and a misspelt "tomorow" left in place would become part of the title while the date fell back
 * to today.
 */
const DAY_WORD_SLIPS: Record<string, string> = {
  tomorow: "tomorrow",
  tommorow: "tomorrow",
  tommorrow: "tomorrow",
  tomorrw: "tomorrow",
  tmrw: "tomorrow",
  tmr: "tomorrow",
  tmrrw: "tomorrow",
  "2moro": "tomorrow",
  yday: "yesterday",
  ydy: "yesterday",
  yest: "yesterday",
  yesterdy: "yesterday",
  yesteday: "yesterday",
  yesturday: "yesterday",
  yestarday: "yesterday",
  yesterady: "yesterday",
  ysterday: "yesterday",
  tody: "today",
  todya: "today",
  tdy: "today",
  // "3 wks ago", "a wk later": the units of a count of days back.
  wks: "weeks",
  wk: "week",
};
const DAY_WORD_SLIP = new RegExp(
  String.raw`\b(?:${Object.keys(DAY_WORD_SLIPS).join("|")})\b`,
  "gi",
);

/** Misspelt day words ("tomorow", "yesterdy"), read as the days they name. */
export function correctDayWords(text: string): string {
  return text.replace(DAY_WORD_SLIP, (word) => DAY_WORD_SLIPS[word.toLowerCase()] ?? word);
}

/** Slips in the words a question starts with ("whats there for yesterday", "hw many left"). */
const QUESTION_SLIP = /^(\W*)(whats|wats|whta|waht|wat|hw|hows|whens|wheres)\b/i;
const QUESTION_WORDS: Record<string, string> = {
  whats: "what's",
  wats: "what's",
  whta: "what",
  waht: "what",
  wat: "what",
  hw: "how",
  hows: "how's",
  whens: "when's",
  wheres: "where's",
};
/** "annoted", "anotated": the past of annotating, however it is typed. */
const ANNOTATED_SLIP = /\b(?:annoted|anotated|annotatd|anntated|annotaded|annotted)\b/gi;

/** A question's first word and "annotated", read as meant. */
export function correctQuestionWords(text: string): string {
  return text
    .replace(QUESTION_SLIP, (_all, lead: string, word: string) => {
      const meant = QUESTION_WORDS[word.toLowerCase()] ?? word;
      return lead + (/^[A-Z]/.test(word) ? meant[0]!.toUpperCase() + meant.slice(1) : meant);
    })
    .replace(ANNOTATED_SLIP, "annotated");
}

/** "New annotation pls: …": the politeness before a label's colon is no part of what follows. */
const PLEASE_BEFORE_LABEL = /\s+(?:pls|plz|please|thx)(?=\s*:)/gi;

/** "take the description off X": the field removed from X, said the way a request says it. */
const TAKE_FIELD_OFF =
  /\btake\s+((?:the|its)\s+(?:description|desc|notes?|end\s+date|category))\s+(?:off(?:\s+of)?|away\s+from|out\s+of)\s+(?=\S)/i;

/** "…, colour it purple": the colour asked as "make it" asks it. */
const COLOUR_IT =
  /\bcolou?r\s+(it|that|this)\s+(?=(?:purple|brown|blue|green|red|cyan|pink|orange|yellow|gr[ae]y|black|white)\b)/gi;

/** "can it be yellow?", "could we make it pink": a change asked of the annotation meant. */
const CAN_IT_BE =
  /^(\W*)(?:(?:can|could)\s+(?:it|that|this)(?:\s+one)?\s+be(?=\s+\S)|(?:can|could)\s+(?:we|i)\s+(?=(?:make|set|change|move|turn|switch|call|rename)\s+(?:it|that|this)\b))/i;

export function normalise(message: string): Normalised {
  const original = typeof message === "string" ? message : "";
  const quoted = extractQuotes(original);
  let text = quoted.text;
  const mention = findPropertyMention(text);
  if (mention) text = cut(text, mention.index, mention.end);
  text = collapseSpaces(
    correctCommandWords(correctQuestionWords(correctDayWords(stripCourtesy(text)))),
  )
    .replace(PLEASE_BEFORE_LABEL, "")
    .replace(TAKE_FIELD_OFF, "remove $1 from ")
    .replace(COLOUR_IT, "make $1 ")
    .replace(CAN_IT_BE, (_all, lead: string) => `${lead}${/\bbe$/i.test(_all) ? "make it" : ""}`);
  return {
    original,
    text,
    quotes: quoted.quotes,
    ...(mention ? { propertyId: mention.propertyId } : {}),
  };
}
