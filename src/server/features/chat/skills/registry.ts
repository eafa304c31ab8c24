/**
 * The assistant's capabilities, one row each. The offline engine reads and acts through the
 * rows' slot readers and acts; the language model is given the rows' tools. A new capability is
 * a file in this folder and a row here.
 */
import type { Tool, ToolExecutionOptions } from "ai";
import { errorMessages } from "../../../../shared/contracts/errors.js";
import type { CapabilityWords, Intent } from "../offline-engine/intents.js";
import type { SlotReaders } from "../offline-engine/slots.js";
import { annotationImpact, impactIntentWords } from "./annotation-impact.js";
import { createAnnotation } from "./create-annotation.js";
import { createIntentWords } from "./create-annotation-words.js";
import { deleteAnnotations, deleteIntentWords } from "./delete-annotations.js";
import { inboxIntentWords, inboxSuggestions } from "./inbox-suggestions.js";
import { listAnnotations, listIntentWords } from "./list-annotations.js";
import type { Skill } from "./skill.js";
import { smallTalk, smallTalkIntentWords } from "./small-talk.js";
import { noted, type ModelWritePolicy, type ToolContext } from "./tool-turn.js";
import type { ModelToolAnswer, ModelWriteInput } from "../../../operations/doors/model.js";
import type { AnyOperation } from "../../../operations/operation.js";
import { trafficInsight, trafficIntentWords } from "./traffic-insight.js";
import { undo, undoIntentWords } from "./undo.js";
import { updateAnnotation, updateIntentWords } from "./update-annotation.js";

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

/** The words each capability claims a whole message with, from its own file, for the reading. */
export const capabilityWords: CapabilityWords = {
  ...createIntentWords,
  ...updateIntentWords,
  ...deleteIntentWords,
  ...listIntentWords,
  ...trafficIntentWords,
  ...undoIntentWords,
  ...inboxIntentWords,
  ...smallTalkIntentWords,
  ...impactIntentWords,
};

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

const writePolicies = new Map<string, ModelWritePolicy>(
  skills.flatMap((skill) => Object.entries(skill.writes ?? {})),
);

/**
 * The model door's writes, bound to one turn: the catalogue writes some capability has a policy
 * for, each run through that policy. A write no capability has a policy for is not the model's.
 */
export function modelWrites(context: ToolContext) {
  return {
    writes: [...writePolicies.keys()],
    write: (operation: AnyOperation, input: ModelWriteInput): Promise<ModelToolAnswer> => {
      const policy = writePolicies.get(operation.name);
      if (!policy) return Promise.resolve({ ok: false, error: "That is not available here." });
      return policy(context, operation, input);
    },
  };
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
