import { tool } from "ai";
import { z } from "zod";
import { maxDeletionsPerConfirmation } from "../assistant-actions.js";
import { noted, referenceInput, secondChange, toReference, type ToolContext } from "./tool-turn.js";

export function deleteAnnotationsTool({ actions, turn }: ToolContext) {
  return tool({
    description:
      "Propose deleting one or more annotations. Nothing is deleted: the person is shown a preview with Confirm and Cancel buttons, and only their own confirmation deletes. After calling this, stop; do not ask them to reply anything.",
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
