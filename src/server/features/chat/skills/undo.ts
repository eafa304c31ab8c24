/**
 * Undoing: "undo", "undo that", "actually undo the last one". The person's last change on the
 * property is reverted through the annotations service, as Property View's Undo does (decision
 * 0039): an edit's fields are put back, a deletion is made again. Undoing a create deletes the
 * annotation, so it waits for the usual confirmation, and is then carried out as the create's undo
 * (a free plan may take back its latest create: decision 0059).
 */
import { tool } from "ai";
import { z } from "zod";
import { toIsoDate } from "../../../../shared/calendar-date.js";
import type { UndoChangeResponse } from "../../../../shared/contracts/annotation-history.js";
import type { AssistantActions } from "../assistant-actions.js";
import { confirmationPrompt } from "../conversation-state.js";
import type { CapabilityWords } from "../offline-engine/intents.js";
import type { SlotInput } from "../offline-engine/slots.js";
import type { Understanding } from "../offline-engine/understanding.js";
import type { Skill, SkillTurn } from "./skill.js";
import { noted, secondChange, type ToolContext } from "./tool-turn.js";
import { UNDO_VERB } from "../offline-engine/undo-words.js";

/** What the undo did, in words, from what Google holds now. */
export function undoneText({ change, annotation }: UndoChangeResponse): string {
  if (change.kind === "created" && annotation)
    return `Undone: “${annotation.title}” is back on ${toIsoDate(annotation.annotationDate)}, as it was before it was deleted.`;
  if (annotation) return `Undone: “${annotation.title}” is back as it was before your last change.`;
  return "Undone.";
}

type Undone =
  | { ok: true; text: string; confirmation?: undefined }
  | {
      ok: true;
      text: string;
      confirmation: Awaited<ReturnType<AssistantActions["proposeUndoOfCreate"]>> & { ok: true };
    }
  | { ok: false; error: string };

/**
 * The kind of change the person names ("bring back the one you just deleted", "undo the
 * rename"), when they name one: the undo then takes back only a change of that kind.
 */
export function revertsIn(text: string): Understanding["reverts"] {
  if (/\b(?:deleted|removed|erased|trashed|deletion|delete|undelete)\b/i.test(text))
    return "delete";
  if (/\b(?:added|created|logged|creation)\b/i.test(text)) return "create";
  if (/\b(?:renamed|edited|moved|recolou?red|rename|edit)\b/i.test(text)) return "update";
  return undefined;
}

function readSlots({ reading, understanding }: SlotInput): Understanding {
  const reverts = revertsIn(reading.rest);
  return reverts ? { ...understanding, reverts } : understanding;
}

/** The undo, or for a create the deletion proposal that stands for it. */
async function undoLast(
  actions: AssistantActions,
  reverts?: Understanding["reverts"],
): Promise<Undone> {
  const result = await actions.undoLast(reverts);
  if (!result.ok) return { ok: false, error: result.error };
  if (result.value.kind === "undone") return { ok: true, text: undoneText(result.value) };
  const { change } = result.value;
  const proposal = await actions.proposeUndoOfCreate(change);
  if (!proposal.ok) return { ok: false, error: proposal.error };
  return { ok: true, text: confirmationPrompt(proposal.value), confirmation: proposal };
}

async function act(turn: SkillTurn) {
  const result = await undoLast(turn.actions, turn.understood.reverts);
  if (!result.ok) return turn.reply(result.error);
  return result.confirmation
    ? turn.reply(result.text, { confirmation: result.confirmation.value })
    : turn.reply(result.text);
}

export function undoTool({ actions, turn }: ToolContext) {
  return tool({
    description:
      "Undo the person's last change here, only when asked: an edit or deletion at once; a create's undo waits for their Confirm.",
    inputSchema: z.object({}),
    execute: async () => {
      const refused = secondChange(turn, "undoing the last change");
      if (refused) return refused;
      const result = noted(turn, await undoLast(actions));
      if (!result.ok) return result;
      if (result.confirmation) {
        turn.confirmation = result.confirmation.value;
        return { ok: true, awaitingPersonsConfirmation: result.confirmation.value.summary };
      }
      turn.writes.push({ kind: "update", text: result.text });
      return { ok: true, done: result.text };
    },
  });
}

/**
 * The whole message asks to undo ("undo", "revert the last change", "ctrl+z", "put it back how
 * it was", "bring back the one you just deleted"). Read before CANCEL, which also knows a bare
 * "undo": with a preview waiting, the typed-decision step has already read it as a cancel; with
 * none, it is an undo.
 */
const UNDO_OBJECT = String.raw`(?:that|it|this|(?:the|my|your)\s+last(?:\s+(?:one|change|edit|thing(?:\s+you\s+did)?))?|(?:what|whatever)\s+(?:you|i)\s+(?:just\s+)?did|(?:the|that|my|your)\s+(?:last\s+)?(?:change|edit|deletion|delete|rename)|the\s+one\s+you\s+(?:just\s+)?(?:deleted|removed|added|made|changed))`;
const PUT_BACK = String.raw`(?:put|change|set|turn|make)\s+(?:it|that|this|things|everything|them)\s+back(?:\s+(?:how|the\s+way|like|to\s+(?:how|the\s+way|what))\s+(?:it|they|things)\s+(?:was|were))?`;
const RESTORE_DELETED = String.raw`(?:bring\s+back|restore|undelete|recover|get\s+back)\s+(?:it|that(?:\s+one)?|the\s+(?:one|annotation|note)|what)\s+(?:you|i|we)\s+(?:just\s+)?(?:deleted|removed|erased|trashed)`;
const UNDO = new RegExp(
  String.raw`^(?:(?:actually|oh|oops|wait|sorry|hmm+|no|please|ugh|my\s+bad|i\s+didn't\s+mean\s+(?:that|to(?:\s+do\s+that)?))[\s,!.]+)*(?:${UNDO_VERB}(?:\s+${UNDO_OBJECT})?|${PUT_BACK}|${RESTORE_DELETED})(?:[\s,!.]+(?:please|pls|again|now|lol|haha|thanks))*[\s.!?]*$`,
  "i",
);

/** The words that claim a whole message for this capability (see `CapabilityWords`). */
export const undoIntentWords = { undo: UNDO } satisfies Partial<CapabilityWords>;

export const undo: Skill = {
  name: "undo",
  intents: ["undo"],
  patterns: [UNDO],
  needsProperty: true,
  readSlots,
  act,
  tools: (context) => ({ undoLastChange: undoTool(context) }),
};
