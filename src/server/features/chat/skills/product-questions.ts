/**
 * Questions about Tidemark itself ("how do I add a range of days?", "what colours can I use?",
 * "how do I undo a change?", "how do I connect GA4?", "what's the difference between Agent Mode and
 * Property View?"), each answered in so many words rather than with the general help. The
 * words that ask each one live here with its answer; small talk reads them for a message no other
 * capability claimed.
 */
import { undoWords } from "../../../../shared/undo-words.js";
import { colourChoices } from "../offline-engine/reply-text.js";
import type { HelpTopic } from "../offline-engine/understanding.js";

/** A question about doing something, as people start one. */
const HOW = String.raw`(?:how\s+(?:do|can|should|would)\s+(?:i|we|you)|(?:can|could)\s+(?:i|we|you)|is\s+(?:it|there\s+a\s+way)|what(?:'s|\s+is)\s+the\s+way\s+to)`;

const asked: readonly [HelpTopic, RegExp][] = [
  [
    "ranges",
    new RegExp(
      String.raw`\b${HOW}\b.*\b(?:range|several\s+days|multiple\s+days|more\s+than\s+one\s+day|a\s+few\s+days|many\s+days|span|end\s+date|start\s+and\s+end)\b|\bcan\s+(?:an?\s+)?annotations?\s+(?:cover|span|last|run\s+over)\b`,
      "i",
    ),
  ],
  [
    "colours",
    // The colours there are, not the colour of one annotation ("what colour is the launch?").
    /\b(?:what|which)\s+colou?rs?\s+(?:(?:can|could|do|should)\s+(?:i|we|you)\b|(?:are|is)\s+(?:there|available|allowed|supported)\b|(?:there|available|exist)\b)|\bcolou?r\s+(?:options|choices)\b|\bhow\s+many\s+colou?rs\b|^(?:what|which)\s+colou?rs?\s*\??$/i,
  ],
  [
    "undo",
    new RegExp(
      String.raw`\b${HOW}\s+(?:undo|revert|reverse|roll\s*back|take\s+back|restore)\b|\bis\s+there\s+(?:an?\s+)?undo\b`,
      "i",
    ),
  ],
  [
    "connect",
    new RegExp(
      String.raw`\b${HOW}\s+(?:connect|link|hook\s+up|add)\s+(?:my\s+|a\s+|the\s+)?(?:ga4|ga|google\s+analytics|analytics|google\s+account|(?:ga4\s+)?property)\b`,
      "i",
    ),
  ],
  [
    "modes",
    /\bagent\s+mode\b.*\bproperty\s+view\b|\bproperty\s+view\b.*\bagent\s+mode\b|\bwhat(?:'s|\s+is)\s+(?:the\s+)?property\s+view\b/i,
  ],
];

/** The question about Tidemark a message asks, if it asks one of these. */
export function productQuestion(message: string): HelpTopic | undefined {
  if (message.length > 300) return undefined;
  return asked.find(([, words]) => words.test(message))?.[0];
}

/** The answer to a question about Tidemark, true for the person's plan. */
export function productAnswer(topic: HelpTopic, premium: boolean): string {
  switch (topic) {
    case "ranges":
      return "An annotation can cover several days: tell me its first and last day, for example “add Black Week emails from Nov 16 to Nov 20” or “log the sale 3rd to 5th december”. In Property View, choose Date range in the annotation's dialog.";
    case "colours":
      return `Your annotations can be one of six colours: ${colourChoices()} (GA4 keeps orange for the ones it makes itself). Name one when you add it (“… in red”), or say “make it green” right after. An annotation in a category takes the category's colour.`;
    case "undo": {
      const said = `Say “undo” (or press ${undoWords.label} on the card under a change, or on its notice) and your last change is put back, in GA4 too.`;
      return premium
        ? `${said} Each annotation's history is in its edit dialog, where Restore brings back any earlier version.`
        : `${said} On the free plan, an annotation you just added can be taken back while it is your latest change, within the hour.`;
    }
    case "connect":
      return "Press Connect GA4 in the header and allow Tidemark to see and edit your Google Analytics annotations; then choose a property in the property picker, and ask me about it here.";
    case "modes":
      return "Agent Mode is this chat: ask in your own words and I add, find, change or explain annotations. Property View shows the same property's annotations as a table under its traffic chart, with dialogs to add, edit and delete them. Both work on the same annotations in GA4.";
  }
}
