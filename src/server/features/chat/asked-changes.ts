/**
 * Which changes the person's own message asks for, read by the offline engine's intent stages.
 * A language model may make a create or change the person asked for at once; any other write it
 * attempts (a create when they asked a question, a change when they asked to create) waits for
 * their Confirm. The reading is deliberately their words alone: a model's text, a tool's result
 * or an annotation's title can never make a write "asked for".
 */
import { readIntent } from "./skills/reading.js";
import { normalise } from "./offline-engine/normalise.js";
import type { ChangeKind } from "./skills/tool-turn.js";

/**
 * Longer messages are not read, and so ask for nothing: a write they lead to waits for Confirm.
 * This keeps the reading's CPU time small whatever the message holds, and errs on the safe side.
 */
export const longestMessageRead = 400;

const acceptWords = /\b(?:accept|approve|add)\b/;

export function changesAskedFor(message: string): ReadonlySet<ChangeKind> {
  if (message.length > longestMessageRead) return new Set();
  const text = normalise(message).text;
  const { intent } = readIntent(text);
  // Accepting an inbox suggestion writes an annotation: a create the person asked for.
  if (intent === "inbox" && acceptWords.test(text)) return new Set(["create"]);
  return new Set(intent === "create" || intent === "update" ? [intent] : []);
}
