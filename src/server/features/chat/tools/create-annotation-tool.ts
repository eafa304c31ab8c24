import { tool } from "ai";
import { z } from "zod";
import { toIsoDate } from "../../../../shared/calendar-date.js";
import { inCategory } from "../assistant-actions.js";
import { describeAnnotation } from "../assistant-reply.js";
import {
  categoryInput,
  colorInput,
  isoDate,
  noted,
  oneChangePerTurn,
  parseIsoDate,
  type ToolContext,
} from "./tool-turn.js";

export function createAnnotationTool({ actions, turn }: ToolContext) {
  return tool({
    description:
      "Create one annotation, optionally in one of the person's categories. Ask for the title if the person did not give one; never invent it. If the category is refused, nothing is created: tell the person why, and do not create it without the category unless they ask.",
    // Lengths and the rest are checked by the annotations service's own contract.
    inputSchema: z.object({
      title: z.string(),
      date: isoDate,
      description: z.string().optional(),
      color: colorInput.optional(),
      category: categoryInput.optional(),
    }),
    execute: async (input) => {
      // A refused category counts as this turn's change: the model cannot drop it and retry.
      if (turn.changes++ > 0) return oneChangePerTurn;
      const request = {
        title: input.title,
        annotationDate: parseIsoDate(input.date),
        ...(input.description ? { description: input.description } : {}),
        ...(input.color ? { color: input.color } : {}),
      };
      const category = input.category ? await actions.findCategory(input.category) : undefined;
      if (category && !category.ok) {
        // The person's words are kept: their request without the category waits in the input box.
        if (category.code === "premium_required")
          turn.suggestedInput = `Create an annotation called "${input.title}" on ${input.date}${input.color ? ` in ${input.color.toLowerCase()}` : ""}`;
        return noted(turn, category);
      }
      const result = noted(
        turn,
        await actions.createAnnotation(category ? inCategory(request, category.value) : request),
      );
      if (!result.ok) return result;
      turn.showAnnotations = true;
      turn.writes.push({ kind: "create", text: `Created ${describeAnnotation(result.value)}.` });
      return {
        ok: true,
        created: {
          id: result.value.annotationId,
          title: result.value.title,
          date: toIsoDate(result.value.annotationDate),
          color: result.value.color,
          ...(category ? { category: category.value.name } : {}),
        },
      };
    },
  });
}
