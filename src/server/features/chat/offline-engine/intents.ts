/**
 * Stage 2 of the offline engine: which kind of request a message is. Short replies (yes/no) and
 * help are recognised as whole messages, so a title that happens to contain "stop" or "help" is
 * not mistaken for them. Requests are read from the whole message: each clause is a candidate
 * (a story before the request, "we turned on the new checkout this morning, can you log it?",
 * leaves the request in its second clause), scored by where its command word stands, and
 * corrections phrased as statements ("the launch was really on the 14th") are read as changes.
 */
import { parseCount } from "./count-words.js";
import { isSpace, withoutTrailing } from "./cut-text.js";
import { verbIntent } from "./lexicon.js";
import { UNDO_VERB, undoSaidInPassing } from "./undo-words.js";
import { givesTitle, readLabels } from "./parse-create.js";
import { asksAboutTraffic, showsAMeasure, trafficQuestionPatterns } from "./traffic-question.js";

/**
 * The verb of a traffic question read from what it is about rather than from a phrase: its slots
 * choose between one day and a period.
 */
export const TRAFFIC_QUESTION = "traffic question";

export type Intent =
  | "create"
  | "list"
  | "update"
  | "delete"
  | "confirm"
  | "cancel"
  | "help"
  /** "how many annotations do I have left today?": the daily allowance. */
  | "allowance"
  /** "remind me to …": something Tidemark does not do, said plainly rather than misread. */
  | "reminder"
  | "list_properties"
  | "traffic_day"
  | "traffic_period"
  /** "undo that", "actually undo the last one": the person's last change, reverted. */
  | "undo"
  /** "what's in my inbox?", "accept the release one": the property's suggestion inbox. */
  | "inbox"
  /** "did the winter sale work?", "what did the outage cost us?": an annotation's impact. */
  | "impact"
  | "unknown";

export interface Classified {
  intent: Intent;
  /** Text before the clause holding the request ("we shipped v2 this morning, log it"). */
  story?: string;
  /** The leading verb as written, lowercased (e.g. "rename", "move", "mark"). */
  verb: string;
  /** The request after its verb, with quoted text still as placeholders. */
  rest: string;
  /** The verb was not one of ours but read as the nearest one ("ad", "bin"): a guess. */
  guessedVerb?: boolean;
}

/** Words of a second thought before a correction: "actually", "wait, no", "sorry". */
const SECOND_THOUGHT =
  /^(?:[\s,.!;:-]*(?:actually|wait|sorry|oh|hmm+|no|nope|oops|ah|um+|erm?|hang\s+on|on\s+second\s+thought|scratch\s+that|my\s+bad)\b)+[\s,.!;:-]*/i;

/** Whether `text` is nothing but a second thought's words. */
function onlySecondThought(text: string): boolean {
  return SECOND_THOUGHT.exec(text)?.[0].length === text.length;
}

// Courtesy and hedging in front of the real request ("hey, could you please …").
const POLITE_PREFIX =
  /^(?:(?:hey|hi|hello|ok(?:ay)?|so|um+|uh+|please|pls|plz|kindly|now|also|and|then)\b[\s,!.]*)*(?:(?:can|could|would|will)\s+(?:you|u|ya)\s+(?:please\s+|pls\s+|plz\s+)?(?:be\s+able\s+to\s+)?|(?:is|would)\s+it\s+(?:be\s+)?possible\s+(?:for\s+you\s+)?to\s+|are\s+you\s+able\s+to\s+|would\s+you\s+mind\s+|(?:i(?:'d|\s+would)\s+like\s+(?:you\s+)?to|i\s+(?:want|need)(?:\s+you)?\s+to|i\s+wanna|let's|lets|go\s+ahead\s+and|help\s+me|try\s+to|i'd\s+love\s+to|(?:remind|tell)\s+me(?:\s+again)?|do\s+you\s+know|any\s+idea|i\s+wonder|i'm\s+wondering)\s+)?(?:please\s+|just\s+|quickly\s+)*/i;

function stripPoliteness(text: string): string {
  return text.replace(POLITE_PREFIX, "").trim();
}

// Trailing courtesy that does not change a yes or a no ("yes please", "no thanks!").
const COURTESY_WORDS = ["please", "thanks", "thx", "mate", "then"];

/** Whether `word` (lower case) ends at `end`, in any case. */
function endsAt(text: string, end: number, word: string): boolean {
  return end >= word.length && text.slice(end - word.length, end).toLowerCase() === word;
}

/** Where a courtesy word ending at `end` starts ("please", "thank you"), or -1. */
function courtesyWordBefore(text: string, end: number): number {
  const word = COURTESY_WORDS.find((courtesy) => endsAt(text, end, courtesy));
  if (word) return end - word.length;
  if (!endsAt(text, end, "you")) return -1;
  let space = end - 3;
  while (space > 0 && isSpace(text.charCodeAt(space - 1))) space -= 1;
  return space < end - 3 && endsAt(text, space, "thank") ? space - 5 : -1;
}

/**
 * Where trailing courtesy starts ("yes, thanks!", "no please"): stops and spaces at the very end,
 * then courtesy words each after commas or spaces. Read back from the end, so its cost is the
 * courtesy's length; a pattern anchored at the end is instead tried from every position.
 */
function courtesyTailStart(text: string): number {
  let start = withoutTrailing(text, ".!").length;
  for (;;) {
    const word = courtesyWordBefore(text, start);
    if (word < 0) return start;
    let separated = word;
    while (
      separated > 0 &&
      (text[separated - 1] === "," || isSpace(text.charCodeAt(separated - 1)))
    )
      separated -= 1;
    if (separated === word) return start;
    start = separated;
  }
}

// A yes, alone or in a row ("yep, do it", "sure why not", "yes please do that"). No unit can be
// spelled by others joined together, so a row is read one way only, left to right.
const YES_UNIT = String.raw`(?:y|yes|yeah|yea|yep|yup|ya|yah|sure|ok|okay|k|kk|alright|all\s+right|absolutely|definitely|of\s+course|cool|great|perfect|fine|correct|right|confirm|confirmed|i\s+confirm|(?:just\s+)?do\s+(?:it|that|so)|go\s+(?:ahead|on|for\s+it)|proceed|please(?:\s+do)?|sure\s+thing|that's\s+(?:right|fine|correct|it|perfect|good|great)|that\s+works|works\s+for\s+me|affirmative|(?:sounds|looks)\s+(?:good|great|fine|right|perfect)|(?:let's|lets)\s+do\s+it|i\s+(?:do|am\s+sure)|why\s+not|👍)`;
// "delete it", "log it" alone are requests of their own; after a yes they only agree.
const CONFIRM = new RegExp(
  String.raw`^(?:${YES_UNIT}[\s,!.]+)*${YES_UNIT}$|^(?:(?:y|yes|yeah|yep|yup|sure|ok|okay|alright)[\s,!.]+)+(?:please\s+)?(?:delete|remove|save|make|add|log|create|update|change)(?:\s+(?:it|them|that(?:\s+one)?|this(?:\s+one)?|both))?$`,
  "i",
);
// A no, alone or in a row ("nah forget it", "actually don't", "stop, don't do that"), read the
// same way; hesitation alone ("hmm", "sorry") is no answer.
const NO_UNIT = String.raw`(?:n|no|nope|nah|naw|actually|oh|ugh|sorry|hmm+|on\s+second\s+thoughts?|cancel(?:\s+(?:it|that|this|please|the\s+(?:last\s+)?(?:request|one|preview)))?|never\s*mind|nvm|stop|abort|don't|dont|do\s+not|(?:don't|do\s+not)\s+(?:do|save|add|make|log|create|change|delete|bother)(?:\s+(?:it|that|this))?|forget\s+(?:it|that|about\s+it)|no\s+way|not\s+(?:now|that|this|yet|anymore)|leave\s+it(?:\s+(?:as\s+it\s+is|alone|be))?|skip(?:\s+it)?|scratch\s+that|undo|wait|hold\s+on|i(?:'ve)?\s+changed\s+my\s+mind|no\s+need|let's\s+not|(?:i\s+)?don't\s+want\s+(?:it|that|to))`;
const CANCEL = new RegExp(String.raw`^(?:${NO_UNIT}[\s,!.]+)*${NO_UNIT}$`, "i");
const HESITATION =
  /^(?:(?:actually|oh|ugh|sorry|hmm+|on\s+second\s+thoughts?)[\s,!.]+)*(?:actually|oh|ugh|sorry|hmm+|on\s+second\s+thoughts?)$/i;
/**
 * The whole message asks to undo ("undo", "revert the last change", "ctrl+z", "put it back how
 * it was", "bring back the one you just deleted"). Read before CANCEL, which also knows a bare
 * "undo": with a preview waiting, the typed-decision step has already read it as a cancel; with
 * none, it is an undo.
 */
const UNDO_OBJECT = String.raw`(?:that|it|this|(?:the|my|your)\s+last(?:\s+(?:one|change|edit|thing(?:\s+you\s+did)?))?|what\s+(?:you|i)\s+(?:just\s+)?did|(?:the|that|my|your)\s+(?:last\s+)?(?:change|edit|deletion|delete|rename)|the\s+one\s+you\s+(?:just\s+)?(?:deleted|removed|added|made|changed))`;
const PUT_BACK = String.raw`(?:put|change|set|turn|make)\s+(?:it|that|this|things|everything|them)\s+back(?:\s+(?:how|the\s+way|like|to\s+(?:how|the\s+way|what))\s+(?:it|they|things)\s+(?:was|were))?`;
const RESTORE_DELETED = String.raw`(?:bring\s+back|restore|undelete|recover|get\s+back)\s+(?:it|that(?:\s+one)?|the\s+(?:one|annotation|note)|what)\s+(?:you|i|we)\s+(?:just\s+)?(?:deleted|removed|erased|trashed)`;
const UNDO = new RegExp(
  String.raw`^(?:(?:actually|oh|oops|wait|sorry|hmm+|no|please|ugh|my\s+bad|i\s+didn't\s+mean\s+(?:that|to(?:\s+do\s+that)?))[\s,!.]+)*(?:${UNDO_VERB}(?:\s+${UNDO_OBJECT})?|${PUT_BACK}|${RESTORE_DELETED})(?:[\s,!.]+(?:please|pls|again|now|lol|haha|thanks))*[\s.!?]*$`,
  "i",
);
/**
 * The suggestion inbox, asked about or accepted from, as the whole request ("what's in my inbox?",
 * "any suggestions?", "accept the release one"). The annotation verbs never claim "accept".
 */
const INBOX =
  /^(?:(?:accept|approve)\b(?!\s+(?:it|that|this)\s*[.!]*$)|(?:what(?:'s|\s+is)\s+in\s+|(?:show|list|open|check|see|view)(?:\s+me)?\s+|(?:do\s+i\s+have|are\s+there|anything|any)\s+(?:(?:any|new)\s+)*(?:in\s+)?)?(?:my\s+|the\s+)?(?:inbox|suggestions)(?:\s+(?:for\s+me|in\s+(?:my|the)\s+inbox))?\s*[?.!]*$)/i;
const HELP =
  /^(?:help|help\s+me|\?+|what\s+can\s+(?:you|i)\s+do(?:\s+here)?|what\s+do\s+you\s+do|what\s+are\s+you|how\s+does\s+(?:this|it)\s+work|how\s+do\s+i\s+use\s+(?:this|you|it)|how\s+(?:do|does)\s+(?:this|it)\s+work|what\s+(?:are\s+)?(?:the\s+|your\s+)?commands|commands|what\s+commands(?:\s+(?:are\s+there|do\s+you\s+(?:have|know|support)))?|instructions|usage|what\s+can\s+you\s+help\s+(?:me\s+)?with|how\s+can\s+you\s+help(?:\s+me)?|what\s+(?:can|should)\s+i\s+(?:say|ask|type)|show\s+(?:me\s+)?(?:the\s+)?help|getting\s+started|hi|hello|hey)(?:\s+(?:please|here|with\s+this))?$/i;
/**
 * Asking what the assistant does, or how to ask it: "what kind of stuff can you do?", "what do I
 * type to add something?", "how do I make a note?". Asking how to do something in GA4 ("how do
 * I add another user") is not help with Tidemark.
 */
const HELP_ASKED =
  /^(?:what\s+(?:else\s+)?(?:kinds?|sorts?|types?)\s+of\s+(?:stuff|things|requests|questions|commands)\s+(?:can|do|could|should)\s+(?:you|i)\b|what\s+else\s+can\s+(?:you|i)\s+do\b|what\s+(?:are\s+you|is\s+this)\s+(?:able\s+to|capable\s+of|for)\b|what\s+can\s+you\s+do\s+for\s+(?:me|us)\b|what\s+(?:do|should|can|would)\s+i\s+(?:type|say|write|ask|enter)\b|how\s+(?:do|can|should)\s+i\s+(?:add|create|make|log|write|put|use|talk\s+to|ask)\s+(?:(?:a|an|new|one|some)\s+)*(?:annotations?|notes?|markers?|something|stuff|things|one|you|this|it)\b|how\s+(?:does|do)\s+(?:this|it|you)\s+work\b|what\s+can\s+(?:this(?:\s+(?:thing|bot|assistant|chat))?|it|the\s+(?:assistant|bot|chat))\s+do\b|what(?:'s|\s+is)\s+possible\b|(?:i'm|i\s+am)\s+(?:lost|confused|stuck)\b)/i;

// Asked of Tidemark ("remind me to …", "could you set a reminder"), not a story about reminder
// emails someone set up.
const REMINDER =
  /(?:^|[,.!?;]\s*|\byou\s+(?:please\s+)?|\bplease\s+|\bjust\s+)(?:remind\s+(?:me|us)\s+(?:to|that|next|tomorrow|on|in|at)\b|(?:set|create|add|make|schedule)\s+(?:me\s+)?(?:up\s+)?(?:a\s+|an\s+)?reminders?\b(?!\s+(?:e-?mails?|campaigns?|sequences?|flows?|messages?|notifications?)))/i;
const ASKED_IF_NOTED =
  /^(?:did|have|has|had)\s+(?:we|i|you|anyone|someone|somebody|the\s+team)\s+(?:already\s+|ever\s+)?(?:log|note|annotate|add|record|mark|create|write\s+down)(?:ged|d|ed)?\s+(?:anything|something|any\s+(?:annotations?|notes?)|an\s+annotation|annotations?|notes?)\b/i;
const DESCRIBE_EXISTING =
  /^(?:add|put|write|give\s+it|attach)\s+(?:a\s+|the\s+|this\s+)?(?:description|details)\s+(?:to|for|on)\s+/i;
// Asked, not told: "how many can I still add?", "what's my daily limit?" — never "log that we
// raised the daily limit".
const ALLOWANCE =
  /^is\s+there\s+(?:a|any)\s+(?:daily\s+)?(?:limit|quota|cap)\b|^how\s+much\s+(?:of\s+)?(?:my\s+|the\s+)?(?:daily\s+)?(?:quota|allowance)\b|^(?:did|have|has|am|are)\s+i\s+(?:already\s+)?(?:hit|reached|reach|used\s+up|use\s+up|run\s+out\s+of|ran\s+out\s+of|gone\s+over|exceeded|at|over)\s+(?:my|the|today's)\s+(?:daily\s+)?(?:annotation\s+)?(?:quota|limit|allowance)\b|\bhow\s+many\s+(?:more\s+)?(?:annotations?\s+|notes?\s+)?(?:can\s+i\s+(?:still\s+)?(?:add|create|make|log)|(?:do\s+i\s+have\s+)?(?:left|remaining))\b|^(?:(?:what(?:'s|s|\s+is)|check|show(?:\s+me)?|tell\s+me)\s+)?(?:my|the)\s+(?:daily\s+)?(?:annotation\s+)?(?:quota|limit|allowance)(?:\s+(?:today|for\s+today))?[\s?.!]*$|^(?:annotations?|notes?)\s+(?:left|remaining)(?:\s+today)?[\s?.!]*$/i;
/**
 * Emptying a field is a change, never a deletion: "remove the description from Launch", "clear
 * Launch's category", "Launch doesn't need a description any more".
 */
const EMPTY_FIELD =
  /^(?:delete|remove|erase|clear|drop|wipe|empty|blank|get\s+rid\s+of|take\s+(?:out|off))\s+(?:the\s+|its\s+)?(description|desc|details|category)\s+(?:from|of|on|for|off)\s+(.+?)$|^(?:delete|remove|erase|clear|drop|wipe|empty|blank)\s+(.+?)'s?\s+(description|desc|details|category)$|^(.+?)\s+(?:doesn't|does\s+not|don't|no\s+longer|shouldn't|should\s+not)\s+(?:need|needs|have|has)\s+(?:a|an|any|the|its)\s+(description|desc|details|category)(?:\s+(?:any\s*more|anymore|now))?$/i;

/** "is there a note for the site migration?", "do we have anything about Black Friday?" */
const IS_THERE =
  /^(?:is|are)\s+there\s+(?:an?\s+|any\s+)?(?:notes?|annotations?|entr(?:y|ies)|markers?|anything)\s+(?:for|about|on|called|named|mentioning|titled)\s+|^(?:do|did)\s+(?:we|i)\s+have\s+(?:an?\s+|any\s+)?(?:notes?|annotations?|entr(?:y|ies)|markers?|anything)\s+(?:for|about|on|called|named|mentioning|titled)\s+/i;

/**
 * Asked for something Tidemark does not make: writing ("write me a tweet"), or setting up GA4
 * itself ("set up a conversion goal", "add a user"). Answered as not understood, with what the
 * assistant can do, never made into an annotation; naming a title ("called …") makes it one.
 */
const OUTSIDE_PRODUCT =
  /^(?:(?:write|draft|compose)\s+(?:me\s+|us\s+)?(?:a|an|some|the)\s+(?:blog\s+post|post|tweet|e-?mail|newsletter|caption|copy|headline|summary|poem|story|essay|article|press\s+release|slogan|linkedin\s+post)s?\b|(?:write|draft|compose|generate|create|make|give)\s+(?:me|us)\s+(?:a|an|some)\s+(?!(?:new\s+)?(?:annotation|note|marker|entry)s?\b)|(?:set\s+up|setup|create|add|make|configure|build|define)\s+(?:(?:a|an|the|some|new|my|our|another)\s+)+(?:conversion\s+goals?|goals?|conversion\s+events?|audiences?|segments?|filters?|users?|dashboards?|alerts?)\b)/i;
const NAMED_OR_QUOTED = /⟪\d+⟫|\b(?:called|named|titled)\b/i;

const PROPERTIES =
  /\b(?:properties|property\s+list|(?:ga4?|google\s+analytics|analytics)\s+accounts)\b/i;
const ANNOTATION_WORD = /\bannotat/i;

const DELETE_VERB =
  /^(delete|remove|erase|drop|trash|destroy|discard|get\s+rid\s+of|clear|del|rm|wipe|kill|bin|nuke|scrap|ditch|axe|zap|toss|purge)\b\s*/i;
const UPDATE_VERB =
  /^(rename|retitle|relabel|call|name|change|update|edit|modify|move|extend|lengthen|prolong|reschedule|shift|push|recolou?r|colou?r|paint|set|make|fix|correct|switch|redate|amend|alter|categori[sz]e|uncategori[sz]e|file|tag|assign|classify|take(?=\s.*\bout\s+of\s+(?:its|the|their|any|a)\s+categor))\b\s*/i;
/** "I need a new annotation", "can I get a note for Friday": asking for one is asking to add one. */
const WANT_NEW =
  /^(?:i(?:\s+(?:need|want|would\s+like)|'d\s+like)|(?:can|could|may)\s+i\s+(?:get|have|make|add))\s+(?=(?:a|an|new|a\s+new|another)\s+(?:annotation|note|marker|entry)\b)/i;
const CREATE_VERB =
  /^(create|add|new|make|log|annotate|mark|record|note(?:\s+down)?|insert|put|save|write(?:\s+down)?|enter|register|jot(?:\s+down)?|post|place|drop|set\s+up)\b\s*/i;
const LIST_VERB =
  /^(show|list|display|view|get|find|search(?:\s+for)?|see|fetch|give\s+me|tell\s+me|pull\s+up|look\s+up|bring\s+up|what|which|any|are\s+there|do\s+i\s+have|how\s+many|filter|annotations|all\s+annotations|my\s+annotations|check|anything)\b\s*/i;
/**
 * "make/set/put/drop an annotation …" creates; "make X red" updates. "make one … called X" creates
 * too: "one" stands for the annotation when a title for it follows.
 */
const NEW_THING =
  /^(?:(?:me\s+)?(?:a|an|new|a\s+new|another)\s+)(?:annotation|note|marker|entry)s?\b|^(?:annotation|note)s?\b|^(?:(?:a\s+new|another)\s+)?one\b(?=.*\b(?:called|named|titled)\s)/i;

function bareReply(message: string): string {
  const text = message.trim();
  return text.slice(0, courtesyTailStart(text)).trim().toLowerCase();
}

export function classify(text: string): Classified {
  const none = (intent: Intent): Classified => ({ intent, verb: "", rest: text });
  const reply = bareReply(text);
  if (!reply || !/[\p{L}\p{N}?👍⟪]/u.test(reply)) return none("unknown");
  if (CONFIRM.test(reply)) return none("confirm");
  if (UNDO.test(stripPoliteness(reply)) || undoSaidInPassing(text)) return none("undo");
  if (CANCEL.test(reply) && !HESITATION.test(reply)) return none("cancel");

  if (HELP.test(withoutTrailing(reply, "?", false))) return none("help");
  if (REMINDER.test(text)) return none("reminder");
  if (ALLOWANCE.test(stripPoliteness(text))) return none("allowance");
  const request = stripPoliteness(text);
  const bareRequest = withoutTrailing(request, ".!?").toLowerCase();
  if (!bareRequest) return none("unknown");
  if (HELP.test(bareRequest) || HELP_ASKED.test(bareRequest)) return none("help");
  if (INBOX.test(request)) return { intent: "inbox", verb: "", rest: request };

  if (
    PROPERTIES.test(request) &&
    !ANNOTATION_WORD.test(request) &&
    !DELETE_VERB.test(request) &&
    !CREATE_VERB.test(request)
  ) {
    return none("list_properties");
  }

  if (OUTSIDE_PRODUCT.test(request) && !NAMED_OR_QUOTED.test(request)) return none("unknown");

  const take = (intent: Intent, match: RegExpExecArray): Classified => ({
    intent,
    verb: (match[1] ?? "").toLowerCase().replace(/\s+/g, " "),
    rest: request.slice(match[0].length).trim(),
  });
  // "did we log anything yesterday?" asks what is there; it does not ask for a new one.
  const askedIfNoted = ASKED_IF_NOTED.exec(request);
  if (askedIfNoted)
    return { intent: "list", verb: "list", rest: request.slice(askedIfNoted[0].length).trim() };
  // "add a description to the outage: rollback fixed it" changes the outage's description.
  const describe = DESCRIBE_EXISTING.exec(request);
  if (describe) {
    const [what = "", value] = request.slice(describe[0].length).split(/\s*:\s*/, 2);
    if (what && value)
      return { intent: "update", verb: "change", rest: `description of ${what} to ${value}` };
  }
  const empty = EMPTY_FIELD.exec(
    withoutTrailing(request, ".!").replace(
      /,?\s+but\s+keep\s+(?:it|the\s+annotation|the\s+rest)$/i,
      "",
    ),
  );
  if (empty) {
    const field = (empty[1] ?? empty[4] ?? empty[6] ?? "").toLowerCase();
    const target = (empty[2] ?? empty[3] ?? empty[5] ?? "").trim();
    return { intent: "update", verb: "empty", rest: `${field}: ${target}` };
  }
  const isThere = IS_THERE.exec(request);
  if (isThere)
    return {
      intent: "list",
      verb: "find",
      rest: `about ${withoutTrailing(request.slice(isThere[0].length), "?.!").trim()}`,
    };
  const remove = DELETE_VERB.exec(request);
  // "drop a note …" is a create; "drop the Launch annotation" is a delete.
  if (
    remove &&
    !(remove[1]?.toLowerCase() === "drop" && NEW_THING.test(request.slice(remove[0].length)))
  )
    return take("delete", remove);
  const change = UPDATE_VERB.exec(request);
  if (
    change &&
    !(/^(?:make|set)$/i.test(change[1] ?? "") && NEW_THING.test(request.slice(change[0].length)))
  )
    return take("update", change);
  const create = CREATE_VERB.exec(request);
  if (create) return take("create", create);
  const wanted = WANT_NEW.exec(request);
  if (wanted)
    return { intent: "create", verb: "add", rest: request.slice(wanted[0].length).trim() };
  const list = LIST_VERB.exec(request);
  if (list) return take("list", list);
  // A command word the patterns above do not spell out, or misspell ("ad", "lgo", "track").
  const first = /^([a-z]+)\b\s*/i.exec(request);
  const lexical = first ? verbIntent(first[1] ?? "") : null;
  if (first && lexical) return { ...take(lexical, first), guessedVerb: true };
  if (/\bannotations\b/i.test(request)) return { intent: "list", verb: "", rest: request };
  return none("unknown");
}

/**
 * Where a message may be split into clauses: sentence ends, commas, dashes, "and then", "so". A
 * run of stops is matched from its first stop only (the lookbehind), never again from inside it.
 */
const CLAUSE_BREAK = /(?:(?<![.!?;])[.!?;]+|,|\s[-–—]|\s+(?:and\s+then|so|but)\b)\s+/gi;

/**
 * How many clause starts are read. Each clause read is the rest of the message, so without a
 * bound a message of nothing but commas would be read once per comma; a request is never that
 * far into a message.
 */
const MAX_CLAUSES = 16;

const WRITE_OR_LIST = new Set<Intent>(["create", "update", "delete", "list", "list_properties"]);

/** Whether a phrase could be a date, before the date reader is asked. */
const DATE_LIKE =
  /\d|\b(?:day|week|month|yesterday|today|ago|(?:mon|tues|wednes|thurs|fri|satur|sun)day|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i;

/**
 * Hesitations before a correction ("oh, sorry, …"), never part of what it names. Taken whole and
 * never given back (a lookahead, then its own text): given back one by one, each would have the
 * rest of the message read again.
 */
const LEAD = String.raw`^(?=(?<lead>(?:(?:oh|oops|sorry|actually|wait|correction|hmm)[\s,:!]+)*))\k<lead>`;

/** Corrections stated rather than commanded, rewritten as the change they ask for. */
const CORRECTIONS: { pattern: RegExp; field: "title" | "date" | "colour" }[] = [
  {
    // "it's actually called X", "Launch should be called Big launch", "the sale is really named X"
    pattern: new RegExp(
      String.raw`${LEAD}(?<target>.+?)(?:\s+(?:should\s+(?:have\s+been|be)|(?:is|was)\s+(?:really|actually)|(?:is|was)\s+supposed\s+to\s+be)|'s\s+(?:really|actually))\s+(?:called|named|titled)\s+(?<value>.+)$`,
      "i",
    ),
    field: "title",
  },
  {
    // "the launch was really on the 14th", "Launch actually happened on Nov 12"
    pattern: new RegExp(
      String.raw`${LEAD}(?<target>.+?)\s+(?:(?:was|is|happened|went\s+live|took\s+place|launched|started|ran)\s+)?(?:really|actually|in\s+fact)\s+(?:(?:was|is|happened|went\s+live|took\s+place)\s+)?(?:on\s+|dated\s+|for\s+)?(?<value>.+)$`,
      "i",
    ),
    field: "date",
  },
  {
    // "actually, Launch happened on Nov 12", "correction: the sale started on the 3rd"; the
    // separators after the first word are taken whole (the lookahead), never given back.
    pattern: new RegExp(
      String.raw`^(?:actually|in\s+fact|correction|oops|sorry)[\s,:!]+(?![\s,:!])(?<target>.+?)\s+(?:was|happened|went\s+live|took\s+place|launched|started|ran|is)\s+(?:on\s+|dated\s+)?(?<value>.+)$`,
      "i",
    ),
    field: "date",
  },
  {
    // "Launch should have been on the 14th", "the sale should be dated Nov 3"
    pattern: new RegExp(
      String.raw`${LEAD}(?<target>.+?)\s+should\s+(?:have\s+been|be)\s+(?:on|dated|for)\s+(?<value>.+)$`,
      "i",
    ),
    field: "date",
  },
  {
    // "that launch happened on the 2nd, not the 3rd": the day it was, and the day it was not.
    pattern: new RegExp(
      String.raw`${LEAD}(?<target>.+?)\s+(?:was|is|happened|went\s+live|took\s+place|launched|started|ran)\s+(?:on\s+|dated\s+)?(?<value>[^,]+?),?\s+not\s+(?:on\s+)?(?:the\s+)?[^,]+$`,
      "i",
    ),
    field: "date",
  },
  {
    // "Launch should be red", "the sale should have been green"
    pattern: new RegExp(
      String.raw`${LEAD}(?<target>.+?)\s+should\s+(?:have\s+been|be)\s+(?<value>purple|brown|blue|green|red|cyan)$`,
      "i",
    ),
    field: "colour",
  },
];

/** "hmm, it was two weeks earlier", "wait, that was 3 days later": the day it is on, moved. */
const SHIFTED = new RegExp(
  String.raw`${LEAD}(?:it|that|this|that\s+one)\s+(?:was|happened|is|should\s+be|should\s+have\s+been)\s+(?:actually\s+|really\s+)?(?<count>a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,3})\s+(?<unit>days?|weeks?)\s+(?<way>earlier|later|before|after|sooner)$`,
  "i",
);

function readShift(text: string): Classified | undefined {
  const match = SHIFTED.exec(text);
  if (!match?.groups) return undefined;
  const count = parseCount(match.groups.count!) ?? 1;
  const days = count * (/^week/i.test(match.groups.unit!) ? 7 : 1);
  const sign = /^(?:earlier|before|sooner)$/i.test(match.groups.way!) ? -1 : 1;
  return { intent: "update", verb: "shiftby", rest: String(sign * days) };
}

function readCorrection(text: string): Classified | undefined {
  const bare = withoutTrailing(text, ".!");
  const shifted = readShift(bare);
  if (shifted) return shifted;
  for (const { pattern, field } of CORRECTIONS) {
    const match = pattern.exec(bare);
    if (!match) continue;
    const target = (match.groups?.target ?? "").trim();
    const value = (match.groups?.value ?? "").trim();
    // The target must be a thing, not a clause of its own ("I think it is really good").
    if (/^(?:i|we|you|this|there|that\s+is)$/i.test(target) || target.split(/\s+/).length > 6)
      continue;
    if (field === "date" && !DATE_LIKE.test(value.replace(/⟪\d+⟫/g, ""))) continue;
    // "that launch" names it as "the launch" does.
    const named = target.replace(/^(?:that|this)\s+(?=\S)/i, "the ");
    return { intent: "update", verb: "change", rest: `the ${field} of ${named} to ${value}` };
  }
  return undefined;
}

/**
 * Questions about the traffic itself, answered from the chart's analysis: "what happened on
 * Nov 12?", "why did traffic spike on the 12th" ask about one day; "anything unexplained last
 * month?" about a period. A question about annotations ("what annotations are on Nov 12") and
 * any command (create, rename, delete) stays what it was.
 */
const TRAFFIC_DAY =
  /^(?:what\s+(?:happened|went\s+on|was\s+going\s+on|caused\s+the\s+(?:spike|jump|drop|dip))|why\s+(?:did|was|were|is)\s+(?:(?:the|our|my)\s+)?(?:traffic|sessions|users|active\s+users|visits|visitors|key\s+events|conversions|it)\s+(?:spike|jump|drop|dip|fall|rise|go\s+(?:up|down)|so\s+(?:high|low)|up|down|higher|lower)\w*|(?:did|has|have)\s+(?:(?:the|our|my)\s+)?(?:traffic|sessions|users|active\s+users|visits|visitors|key\s+events|conversions)\s+(?:really\s+)?(?:spike|jump|drop|dip|fall|rise|go\s+(?:up|down)|spiked|jumped|dropped|dipped|fallen|risen|gone\s+(?:up|down))|why\s+(?:(?:the|our|my)\s+)?(?:traffic|sessions|users|active\s+users|visits|visitors|key\s+events|conversions)\s+(?:spiked|jumped|dropped|dipped|fell|rose|went\s+(?:up|down)|(?:was|were)\s+(?:so\s+)?(?:high|low|up|down)))\b/i;
/**
 * A question about what an annotated event did to the traffic, as the whole request: "did the
 * winter sale work?", "what did the checkout outage cost us?", "how did the Black Friday promo
 * perform?", "what was the impact of the newsletter on key events?", "was the relaunch worth it?".
 * The named groups hold the words that name the annotation.
 */
const IMPACT_END = String.raw`(?:\s+(?:on|for|in)\s+(?:our\s+|the\s+|my\s+)?(?:traffic|sessions|users|active\s+users|visits|visitors|key\s+events|conversions))?(?:\s+(?:at\s+all|then))?[\s?.!]*$`;
const IMPACT = new RegExp(
  String.raw`^(?:(?:did|has|have)\s+(?<did>[^\n]{1,200}?)\s+(?:(?:actually|really|even)\s+)?(?:work(?:ed)?|pa(?:y|id)\s+off|help(?:ed)?|ma(?:k|d)e\s+(?:a|any)\s+difference|move(?:d)?\s+the\s+needle|do(?:ne)?\s+anything|ha(?:ve|d)\s+(?:an?\s+|any\s+)?(?:effect|impact))|how\s+(?:well\s+|much\s+)?(?:did|has)\s+(?<how>[^\n]{1,200}?)\s+(?:do(?:ne)?|perform(?:ed)?|go(?:ne)?|work(?:ed)?(?:\s+out)?|help(?:ed)?)|what\s+did\s+(?<what>[^\n]{1,200}?)\s+(?:cost|bring(?:\s+in)?|do\s+(?:for|to))(?:\s+(?:us|me))?|what\s+(?:was|is|were)\s+the\s+(?:impact|effect|result|lift|uplift)s?\s+of\s+(?<of>[^\n]{1,200}?)|was\s+(?<worth>[^\n]{1,200}?)\s+worth\s+it)${IMPACT_END}`,
  "i",
);

const NOT_AN_EVENT =
  /^(?:(?:the|our|my|this|last|next|past|that)\s+)*(?:yesterday|today|tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)day|week(?:end)?|month|year|quarter|january|february|march|april|june|july|august|september|october|november|december|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)(?:\s+\d{1,2}(?:st|nd|rd|th)?)?|\d[\d\s/.,-]*(?:st|nd|rd|th)?|we|you|i|they|traffic|sessions|users|active\s+users|visits|visitors|key\s+events|conversions|(?:web)?site|website|the\s+site|numbers|things)$/i;

/** An impact question ("did the winter sale work?"), its target words as the rest. */
function readImpactQuestion(text: string): Classified | undefined {
  const request = stripPoliteness(text);
  const asked = IMPACT.exec(request);
  const target = asked && Object.values(asked.groups ?? {}).find((words) => words !== undefined);
  // "how did last Wednesday do?", "did we do well?", "how did traffic do?": a day, the team or a
  // measure, which traffic questions read; an impact question names an annotated event.
  if (!target || NOT_AN_EVENT.test(target)) return undefined;
  // The question's own words ("… on key events") stay as its verb, for the measure it names.
  return { intent: "impact", verb: request.replace(target, " ").toLowerCase(), rest: target };
}

const TRAFFIC_PERIOD =
  /\b(?:unexplained|unexplored|(?:not|never)\s+(?:been\s+)?explained|unannotated)\b/i;
const WRITES = new Set<Intent>(["create", "update", "delete"]);

const NOT_ANNOTATED =
  /\b(?:didn't|did\s+not|haven't|have\s+not|never|not\s+yet|wasn't|weren't|isn't|aren't|hasn't|has\s+not)\s+(?:been\s+|yet\s+)?(?:annotated?|explained?|noted?|logged|log)\b/i;

/** List questions a traffic question can look like ("how many sessions…", "which day had…"). */
const QUESTION_LIST_VERBS = new Set(["what", "which", "any", "anything", "how many", "are there"]);
/** List commands that can ask for a measure instead ("show me sessions for last week"). */
const SHOW_VERBS = new Set([
  "show",
  "display",
  "view",
  "get",
  "give me",
  "tell me",
  "pull up",
  "check",
]);

function readTrafficQuestion(text: string, whole: Classified): Classified | undefined {
  if (WRITES.has(whole.intent)) return undefined;
  const request = stripPoliteness(text);
  // "any spikes we didn't annotate?": the unexplained changes, though it names annotating.
  if (NOT_ANNOTATED.test(request) && asksAboutTraffic(request.replace(NOT_ANNOTATED, " ")))
    return { intent: "traffic_period", verb: "", rest: request };
  if (ANNOTATION_WORD.test(text.replace(/⟪\d+⟫/g, " "))) return undefined;
  if (TRAFFIC_PERIOD.test(request)) return { intent: "traffic_period", verb: "", rest: request };
  for (const start of clauseStarts(request)) {
    const clause = stripPoliteness(request.slice(start));
    const asked = TRAFFIC_DAY.exec(clause);
    if (asked && DATE_LIKE.test(clause))
      return {
        intent: "traffic_day",
        verb: asked[0].toLowerCase(),
        rest: clause.slice(asked[0].length).trim(),
      };
  }
  if (whole.intent === "list" && SHOW_VERBS.has(whole.verb) && showsAMeasure(whole.rest))
    return { intent: "traffic_day", verb: TRAFFIC_QUESTION, rest: whole.rest };
  const mayBeTraffic =
    whole.intent === "unknown" || (whole.intent === "list" && QUESTION_LIST_VERBS.has(whole.verb));
  if (!mayBeTraffic || !asksAboutTraffic(request) || asksForAWrite(request)) return undefined;
  // Its slots decide between a day and a period, from the dates it names.
  return { intent: "traffic_day", verb: TRAFFIC_QUESTION, rest: request };
}

/** A request for a change later in the message ("sessions dropped on the 12th, log it"). */
function asksForAWrite(text: string): boolean {
  return clauseStarts(text)
    .slice(1)
    .some((start) => WRITES.has(classify(text.slice(start)).intent));
}

function clauseStarts(text: string): number[] {
  const starts = [0];
  for (const match of text.matchAll(CLAUSE_BREAK)) {
    const start = match.index + match[0].length;
    if (start < text.length) starts.push(start);
    if (starts.length === MAX_CLAUSES) break;
  }
  return starts;
}

/**
 * The request in a message, read from the whole of it: every clause start is tried, a command
 * at the very start of the message scores highest, then one at the start of a later clause;
 * what precedes the chosen clause is kept as the story it may refer to.
 */
export function readIntent(text: string): Classified {
  // "title: X / date: 3 Nov": labelled fields are a create's, whatever word labels its title.
  if (readLabels(text)) return { intent: "create", verb: "", rest: text };
  const impact = readImpactQuestion(text);
  if (impact) return impact;
  const thought = SECOND_THOUGHT.exec(text)?.[0].length ?? 0;
  // "actually call it “…”", "wait, make that Monday": the request after the second thought.
  const whole =
    thought > 0 && thought < text.length ? classify(text.slice(thought)) : classify(text);
  const traffic = readTrafficQuestion(text, whole);
  if (traffic) return traffic;
  if (!WRITE_OR_LIST.has(whole.intent) || whole.intent === "list") {
    const correction = readCorrection(stripPoliteness(text));
    if (correction) return correction;
  }
  if (whole.intent !== "unknown") return whole;
  // A quoted title with nothing else but its date ('for March 3rd: "Spring promo"') is a create.
  if (/⟪\d+⟫/.test(text) && !/\?\s*$/.test(text) && clauseStarts(text).length <= 3) {
    const withoutQuote = text.replace(/⟪\d+⟫/g, " ");
    if (
      !/\b(?:what|which|why|how|who|where|when|is|are|was|were|do|does|did)\b/i.test(withoutQuote)
    )
      return { intent: "create", verb: "", rest: text };
  }
  let best: { reading: Classified; score: number } | undefined;
  for (const start of clauseStarts(text).slice(1)) {
    const clause = text.slice(start);
    const reading = classify(clause);
    if (!WRITE_OR_LIST.has(reading.intent)) {
      const correction = readCorrection(stripPoliteness(clause));
      if (!correction) continue;
      return { ...correction, story: text.slice(0, start).trim() };
    }
    // "we moved hosting on the 10th, call it Hosting move": after a story, naming "it" names
    // the story's new annotation, not an existing one.
    if (reading.intent === "update" && /^(?:call|name|title)$/.test(reading.verb)) {
      const named = /^(?:it|that|this)\s+(\S.*)$/i.exec(reading.rest);
      // "actually, call it …", "wait no, call it …": a second thought, not a story.
      if (named && !onlySecondThought(text.slice(0, start)))
        return {
          intent: "create",
          verb: "log",
          rest: `it as ${named[1]}`,
          story: withoutTrailing(text.slice(0, start), ",;:.!?-"),
        };
    }
    // A write outranks a question about the same thing ("I added it yesterday, show me").
    const score = reading.intent === "list" ? 1 : 2;
    if (!best || score > best.score)
      best = {
        reading: { ...reading, story: withoutTrailing(text.slice(0, start), ",;:.!?-") },
        score,
      };
  }
  // "…, 2026-08-19. Title: Founder AMA": a title given in so many words.
  if (!best && givesTitle(text)) return { intent: "create", verb: "", rest: text };
  return best?.reading ?? whole;
}

/**
 * The patterns that claim a message for each intent, for the capabilities to name theirs. The
 * order in which they are tried is `classify`'s and `readIntent`'s own.
 */
export const intentPatterns = {
  create: [CREATE_VERB, NEW_THING],
  update: [UPDATE_VERB, DESCRIBE_EXISTING, ...CORRECTIONS.map((correction) => correction.pattern)],
  delete: [DELETE_VERB],
  list: [LIST_VERB, ASKED_IF_NOTED],
  traffic: [TRAFFIC_DAY, TRAFFIC_PERIOD, ...trafficQuestionPatterns],
  smallTalk: [CONFIRM, CANCEL, HELP, HELP_ASKED, REMINDER, ALLOWANCE, PROPERTIES],
  undo: [UNDO],
  inbox: [INBOX],
  impact: [IMPACT],
} satisfies Record<string, readonly RegExp[]>;
