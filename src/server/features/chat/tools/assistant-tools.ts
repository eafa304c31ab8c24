import type { ToolExecutionOptions } from "ai";
import { errorMessages } from "../../../../shared/contracts/errors.js";
import { createAnnotationTool } from "./create-annotation-tool.js";
import { deleteAnnotationsTool } from "./delete-annotations-tool.js";
import { listAnnotationsTool } from "./list-annotations-tool.js";
import { listPropertiesTool } from "./list-properties-tool.js";
import { suggestRequestTool } from "./suggest-request-tool.js";
import { noted, type ToolContext } from "./tool-turn.js";
import { trafficInsightTool } from "./traffic-insight-tool.js";
import { updateAnnotationTool } from "./update-annotation-tool.js";

/**
 * The tools the language model may call, bound to this person's actions for one turn and to what
 * their message asked for.
 */
export function assistantTools(context: ToolContext) {
  const guard = <T extends { execute?: unknown }>(made: T) => withoutInternals(made, context);
  return {
    listAnnotations: guard(listAnnotationsTool(context)),
    createAnnotation: guard(createAnnotationTool(context)),
    updateAnnotation: guard(updateAnnotationTool(context)),
    deleteAnnotations: guard(deleteAnnotationsTool(context)),
    listProperties: guard(listPropertiesTool(context)),
    suggestRequest: guard(suggestRequestTool(context)),
    trafficInsight: guard(trafficInsightTool(context)),
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
