/**
 * The suggestion inbox: "what's in my inbox?", "any suggestions?", "accept the release one",
 * "accept the holiday suggestion". Listing shows the property's open suggestions; accepting goes
 * through the suggestions service, which writes through the annotations service (quota, exactly
 * once), as the inbox's Accept button does. Only a request that names one open suggestion is
 * accepted: otherwise the candidates are listed and the person is asked which.
 */
import { toIsoDate } from "../../../../shared/calendar-date.js";
import type { Suggestion } from "../../../../shared/contracts/suggestions.js";
import { suggestionSourceInfo } from "../../../../shared/suggestion-sources.js";
import type { ModelToolAnswer, ModelWriteInput } from "../../../operations/doors/model.js";
import type { AnyOperation } from "../../../operations/operation.js";
import type { AssistantActions } from "../assistant-actions.js";
import type { CapabilityWords } from "../offline-engine/intents.js";
import type { SlotReader } from "../offline-engine/slots.js";
import type { Skill, SkillTurn } from "./skill.js";
import { noted, secondChange, type ToolContext } from "./tool-turn.js";

// Words that say "a suggestion" rather than which one ("accept the release one, please").
const FILLER =
  /\b(?:the|a|an|that|this|one|ones|suggestion|suggestions|suggested|annotation|from|in|my|inbox|please|for\s+me|it)\b/gi;

/** The words of "accept …" that should name one suggestion; "" when none are left. */
export function namingWords(request: string): string {
  return request
    .replace(/^(?:accept|approve)\b/i, "")
    .replace(FILLER, " ")
    .replace(/[?.!,;:"“”‘’']/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** "accept …" names its suggestion in `target`, or says it is missing; a question names none. */
export const readInboxSlots: SlotReader = ({ rest, understanding }) => {
  if (!/^(?:accept|approve)\b/i.test(rest)) return understanding;
  const words = namingWords(rest);
  return words
    ? { ...understanding, target: { kind: "title", title: words } }
    : { ...understanding, missing: [...understanding.missing, "target"] };
};

const fold = (text: string) => text.toLowerCase().replace(/\s+/g, " ");

/**
 * The open suggestions the words name: each word must be in the suggestion's title, its
 * description, or its source's name ("release", "holiday", "change history"). A trailing "s" is
 * forgiven ("holidays" names a holiday).
 */
export function suggestionsNamed(open: readonly Suggestion[], words: string): Suggestion[] {
  const wanted = words.split(" ").filter(Boolean);
  if (wanted.length === 0) return [];
  return open.filter((suggestion) => {
    const haystack = fold(
      `${suggestion.title} ${suggestion.description} ${suggestionSourceInfo[suggestion.source].label} ${suggestion.source}`,
    );
    return wanted.every(
      (word) =>
        haystack.includes(word) || (word.endsWith("s") && haystack.includes(word.slice(0, -1))),
    );
  });
}

function dayOf(suggestion: Suggestion): string {
  const range = suggestion.annotationDateRange;
  return range
    ? `${toIsoDate(range.startDate)} to ${toIsoDate(range.endDate)}`
    : toIsoDate(suggestion.annotationDate);
}

/** One line a suggestion is listed as. */
export function suggestionLine(suggestion: Suggestion): string {
  return `• “${suggestion.title}” (${suggestionSourceInfo[suggestion.source].label}, ${dayOf(suggestion)})`;
}

function listed(suggestions: readonly Suggestion[]): string {
  return suggestions.map(suggestionLine).join("\n");
}

export const emptyInboxText = "Your inbox has no open suggestions for this property.";

function inboxText(open: readonly Suggestion[]): string {
  if (open.length === 0) return emptyInboxText;
  const count = open.length === 1 ? "1 open suggestion" : `${open.length} open suggestions`;
  return `Your inbox has ${count}:\n${listed(open)}\nSay which one to accept, for example “accept the ${suggestionSourceInfo[open[0]!.source].label.toLowerCase()} one”.`;
}

export function acceptedText(suggestion: Suggestion): string {
  return `Accepted: “${suggestion.title}” is now an annotation on ${dayOf(suggestion)}.`;
}

type InboxOutcome =
  { ok: true; accepted?: Suggestion; text: string } | { ok: false; error: string };

/**
 * What a request does with the inbox: with words, accept the one suggestion they name; with none,
 * or with words naming none or several, list and ask — a guess is never accepted.
 */
export async function answerInbox(
  actions: AssistantActions,
  request: { accept: boolean; words: string },
): Promise<InboxOutcome> {
  const open = await actions.inbox.open();
  if (!open.ok) return { ok: false, error: open.error };
  if (!request.accept) return { ok: true, text: inboxText(open.value) };
  if (open.value.length === 0) return { ok: true, text: emptyInboxText };
  const named = suggestionsNamed(open.value, request.words);
  if (named.length !== 1) {
    const asked = named.length > 1 ? named : open.value;
    const why =
      named.length > 1
        ? `More than one open suggestion matches “${request.words}”:`
        : request.words
          ? `No open suggestion matches “${request.words}”. These are open:`
          : "Which suggestion should I accept? These are open:";
    return {
      ok: true,
      text: `${why}\n${listed(asked)}\nSay which one, for example by a word of its title.`,
    };
  }
  const accepted = await actions.inbox.accept(named[0]!.id);
  if (!accepted.ok) return { ok: false, error: accepted.error };
  return { ok: true, accepted: accepted.value, text: acceptedText(accepted.value) };
}

async function act(turn: SkillTurn) {
  const { understood } = turn;
  const accept = understood.target !== undefined || understood.missing.includes("target");
  const words = understood.target?.kind === "title" ? understood.target.title : "";
  const result = await answerInbox(turn.actions, { accept, words });
  return turn.reply(result.ok ? result.text : result.error);
}

/**
 * The model's accept of an inbox suggestion (the catalogue's acceptSuggestion, as suggested): only
 * when the person's own message asked for one, and one change per message.
 */
async function acceptPolicy(
  { actions, turn, asked }: ToolContext,
  operation: AnyOperation,
  input: ModelWriteInput,
): Promise<ModelToolAnswer> {
  // Accepting writes an annotation: only when the person's own message asked for one.
  if (!asked("create"))
    return noted(turn, {
      ok: false,
      error:
        "Not done: say which suggestion to accept, for example “accept the release one”, or accept it in the Inbox tab.",
    });
  const refused = secondChange(turn, "accepting a suggestion");
  if (refused) return refused;
  const accepted = noted(turn, await actions.runOperation(operation, input));
  if (!accepted.ok) return accepted;
  const text = acceptedText(accepted.value as Suggestion);
  turn.writes.push({ kind: "create", text });
  return { ok: true, value: { done: text } };
}

/**
 * The suggestion inbox, asked about or accepted from, as the whole request ("what's in my inbox?",
 * "any suggestions?", "accept the release one"). The annotation verbs never claim "accept".
 */
const INBOX =
  /^(?:(?:accept|approve)\b(?!\s+(?:it|that|this)\s*[.!]*$)|(?:what(?:'s|\s+is)\s+in\s+|(?:show|list|open|check|see|view)(?:\s+me)?\s+|(?:do\s+i\s+have|are\s+there|anything|any)\s+(?:(?:any|new)\s+)*(?:in\s+)?)?(?:my\s+|the\s+)?(?:inbox|suggestions)(?:\s+(?:for\s+me|in\s+(?:my|the)\s+inbox))?\s*[?.!]*$)/i;

/** The words that claim a whole message for this capability (see `CapabilityWords`). */
export const inboxIntentWords = { inbox: INBOX } satisfies Partial<CapabilityWords>;

export const inboxSuggestions: Skill = {
  name: "inbox-suggestions",
  intents: ["inbox"],
  patterns: [INBOX],
  needsProperty: true,
  readSlots: readInboxSlots,
  act,
  writes: { acceptSuggestion: acceptPolicy },
};
