import type { Tool } from "ai";
import { flatInput, splitFlatInput, type AnyOperation } from "../operation.js";

/** What a model tool answers: the operation's output, or the person's sentence for a refusal. */
export type ModelToolAnswer =
  { ok: true; value: unknown } | { ok: false; error: string; code?: string };

/**
 * The model's door: each read-only operation marked `model` becomes a tool with the operation's
 * own input, less the property, which is the conversation's. Writes stay with the chat's own
 * tools, which carry its policy (one change per message, a preview for what was not asked).
 */
export function modelTools(
  catalogue: readonly AnyOperation[],
  door: {
    propertyId: string | null;
    run(
      operation: AnyOperation,
      input: { params: Record<string, unknown>; query: unknown; body: unknown },
    ): Promise<ModelToolAnswer>;
  },
): Record<string, Tool> {
  const tools: Record<string, Tool> = {};
  for (const operation of catalogue) {
    if (!operation.model || !operation.hints.readOnly) continue;
    const bound = "propertyId" in operation.params ? ["propertyId"] : [];
    tools[operation.name] = {
      description: operation.model.description,
      inputSchema: flatInput(operation, bound),
      execute: async (input: Record<string, unknown>) => {
        if (bound.length > 0 && !door.propertyId)
          return { ok: false, error: "Choose a property first." } satisfies ModelToolAnswer;
        const parts = splitFlatInput(operation, {
          ...input,
          ...(bound.length > 0 ? { propertyId: door.propertyId } : {}),
        });
        return door.run(operation, parts);
      },
    } as Tool;
  }
  return tools;
}
