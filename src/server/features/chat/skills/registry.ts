/**
 * The assistant's capabilities, one row each. The offline engine reads and acts through the
 * rows' slot readers and acts; the language model is given the rows' tools. A new capability is
 * a file in this folder and a row here.
 */
import type { Tool, ToolExecutionOptions } from "ai";
import { errorMessages } from "../../../../shared/contracts/errors.js";
import type { Intent } from "../offline-engine/intents.js";
import type { SlotReaders } from "../offline-engine/slots.js";
import { annotationImpact } from "./annotation-impact.js";
import { createAnnotation } from "./create-annotation.js";
import { deleteAnnotations } from "./delete-annotations.js";
import { inboxSuggestions } from "./inbox-suggestions.js";
import { listAnnotations } from "./list-annotations.js";
import type { Skill } from "./skill.js";
import { smallTalk } from "./small-talk.js";
import { noted, type ToolContext } from "./tool-turn.js";
import { trafficInsight } from "./traffic-insight.js";
import { undo } from "./undo.js";
import { updateAnnotation } from "./update-annotation.js";

export const skills: readonly Skill[] = [
  listAnnotations,
  createAnnotation,
  updateAnnotation,
  deleteAnnotations,
  trafficInsight,
  annotationImpact,
  undo,
  inboxSuggestions,
  smallTalk,
];

const byIntent = new Map<Intent, Skill>(
  skills.flatMap((skill) => skill.intents.map((intent) => [intent, skill] as const)),
);

/** The capability that answers an intent; what no row claims is small talk's "didn't understand". */
export function skillFor(intent: Intent): Skill {
  return byIntent.get(intent) ?? smallTalk;
}

/** Each intent's slot reader, for the offline engine's slot stage. */
export const slotReaders: SlotReaders = Object.fromEntries(
  skills.flatMap((skill) =>
    skill.readSlots ? skill.intents.map((intent) => [intent, skill.readSlots!]) : [],
  ),
);

/**
 * The tools the language model may call, bound to this person's actions for one turn and to what
 * their message asked for.
 */
export function assistantTools(context: ToolContext, more: Record<string, Tool> = {}) {
  return Object.fromEntries(
    [
      ...skills.flatMap((skill) => Object.entries(skill.tools?.(context) ?? {})),
      ...Object.entries(more),
    ].map(([name, made]) => [name, withoutInternals(made, context)]),
  );
}

/**
 * A refusal reaches a tool's result as the person's sentence (the actions turn every AppError
 * into one); anything else thrown is a failure of ours whose text may name our files or a query.
 * The AI SDK would hand that text to the model's provider as the tool's error, and the model could
 * quote it to the person: instead the log gets the error, and the model and the person our
 * sentence.
 */
function withoutInternals<T extends { execute?: unknown }>(made: T, context: ToolContext): T {
  const execute = made.execute as
    ((input: unknown, options: ToolExecutionOptions) => Promise<unknown>) | undefined;
  if (!execute) return made;
  return {
    ...made,
    execute: async (input: unknown, options: ToolExecutionOptions) => {
      try {
        return await execute(input, options);
      } catch (error) {
        // The turn ran out of time: the model call itself fails next, as it would have.
        if (options.abortSignal?.aborted) throw error;
        context.failed?.(error);
        return noted(context.turn, { ok: false, error: errorMessages.internal });
      }
    },
  };
}
