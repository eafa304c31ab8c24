/**
 * Deleting annotations: "delete “Checkout outage”", "remove yesterday's note", "delete all the
 * red ones from last week", "delete the last 3". Nothing is deleted here: the deletion is
 * prepared, shown, and carried out only on the person's own confirmation.
 */
import { z } from "zod";
import { maxDeletionsPerConfirmation } from "../assistant-rules.js";
import { confirmationPrompt, focusOn } from "../conversation-state.js";
import { piecesToRemember } from "../offline-engine/continue-conversation.js";
import { findCategory } from "../offline-engine/extract-category.js";
import { findUnreadPeriod } from "../offline-engine/extract-dates.js";
import { parseTarget } from "../offline-engine/extract-target.js";
import type { CapabilityWords } from "../offline-engine/intents.js";
import { parseDelete } from "../offline-engine/parse-change.js";
import { parseList } from "../offline-engine/parse-list.js";
import { cut, tidy } from "../offline-engine/cut-text.js";
import { defined, POINTS_BACK, unreadPeriod, type SlotInput } from "../offline-engine/slots.js";
import type { Understanding } from "../offline-engine/understanding.js";
import type { Skill, SkillTurn } from "./skill.js";
import {
  noted,
  referenceInput,
  secondChange,
  toReference,
  type ToolContext,
  tool,
} from "./tool-turn.js";

/** "all", "every", "everything": a deletion of whatever matches the filters. */
const EVERY = /^(?:all|every|everything)\b(?:\s+(?:of\s+)?(?:the|my)\s+)?/i;

/** Words for several annotations at once, not one of them. */
const SEVERAL =
  /\b(?:ones|annotations|notes|markers|entries)\b(?=\s*$|\s+(?:from|in|on|of|for|during|between|since|that|which|added|made|with|before|after|last|this)\b)/;

function readSlots(input: SlotInput): Understanding {
  const { quotes, today, categoryNames, understanding } = input;
  // "clear out all the red ones", "throw away …": the verb's particle is not part of the target.
  const rest = input.rest.replace(/^(?:out|off|away)\s+/i, "");
  // "remove “Sale” from Campaigns" takes it out of the category; the annotation stays.
  const from = findCategory(rest, quotes, categoryNames);
  if (from && /^from\b/i.test(rest.slice(from.index))) {
    const target = parseTarget(cut(rest, from.index, from.end), quotes);
    return {
      intent: "update",
      clearCategory: true,
      missing: target || POINTS_BACK.test(rest) ? [] : ["target"],
      ...(target ? { target } : POINTS_BACK.test(rest) ? { pointsBack: true } : {}),
    };
  }
  // "delete the red ones from October", "the paid social annotations": every one that matches.
  const every = EVERY.test(tidy(rest)) || (SEVERAL.test(rest) && !/⟪/.test(rest));
  // "delete the last 3 annotations" means those three, shown for confirmation like "all".
  const newest = every ? undefined : parseList("find", rest, quotes, today, categoryNames).latest;
  if (every || (newest ?? 0) > 1) {
    // "delete all the test annotations": words left once the filler is gone are a title search.
    const filters = parseList("find", rest.replace(EVERY, ""), quotes, today, categoryNames);
    const unread = filters.dateRange ? undefined : findUnreadPeriod(rest);
    if (unread) return { ...unreadPeriod(understanding, unread), everyMatch: true };
    Object.assign(understanding, defined(filters), { everyMatch: true });
    if (
      !filters.dateRange &&
      !filters.color &&
      !filters.colors &&
      !filters.latest &&
      !filters.titleContains &&
      !filters.category
    )
      understanding.missing.push("target");
    return understanding;
  }
  Object.assign(understanding, defined(parseDelete(rest, quotes, today)));
  if (!understanding.target && POINTS_BACK.test(rest)) understanding.pointsBack = true;
  return understanding;
}

async function act(turn: SkillTurn) {
  const { understood, actions, propertyId, reply, ask, resolution, keep } = turn;
  const allowed = await actions.mayChange("delete");
  if (!allowed.ok) return reply(allowed.error);
  if (!understood.target && resolution.annotations.length === 0)
    return ask(
      understood.everyMatch
        ? "Which annotations should I delete? Name a period, a colour or words in their titles, for example: delete all the red ones from last week."
        : "Which annotation should I delete? Give its title in quotes, its ID or its day.",
      { intent: "delete", asked: "target", known: piecesToRemember(understood) },
    );
  const references = understood.everyMatch
    ? resolution.annotations.map((a) => ({ kind: "id" as const, annotationId: a.annotationId }))
    : [understood.target!];
  const result = await actions.proposeDeletion(references);
  if (!result.ok) return reply(result.error);
  const only = resolution.annotations.length === 1 ? resolution.annotations[0] : undefined;
  return reply(confirmationPrompt(result.value), {
    confirmation: result.value,
    memory: only ? { focus: focusOn(propertyId, only) } : keep,
  });
}

export function deleteAnnotationsTool({ actions, turn }: ToolContext) {
  return tool({
    description:
      "Propose deleting annotations: the person gets Confirm and Cancel buttons, and only they delete. Then stop.",
    inputSchema: z.object({
      annotations: z.array(referenceInput).min(1).max(maxDeletionsPerConfirmation),
    }),
    execute: async (input) => {
      const count = input.annotations.length;
      const refused = secondChange(turn, `deleting ${count} annotation${count === 1 ? "" : "s"}`);
      if (refused) return refused;
      const result = noted(turn, await actions.proposeDeletion(input.annotations.map(toReference)));
      if (!result.ok) return result;
      turn.confirmation = result.value;
      return {
        ok: true,
        awaitingPersonsConfirmation: result.value.summary,
        deleted: 0,
      };
    },
  });
}

const DELETE_VERB =
  /^(delete|remove|erase|drop|trash|destroy|discard|get\s+rid\s+of|clear|del|rm|wipe|kill|bin|nuke|scrap|ditch|axe|zap|toss|purge)\b\s*/i;

/** The words that claim a message for this capability (see `CapabilityWords`). */
export const deleteIntentWords = {
  delete: { verb: DELETE_VERB },
} satisfies Partial<CapabilityWords>;

export const deleteAnnotations: Skill = {
  name: "delete-annotations",
  intents: ["delete"],
  patterns: [DELETE_VERB],
  needsProperty: true,
  readSlots,
  act,
  tools: (context) => ({ deleteAnnotations: deleteAnnotationsTool(context) }),
};
