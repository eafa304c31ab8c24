import { tool } from "ai";
import { z } from "zod";
import { toIsoDate } from "../../../../shared/calendar-date.js";
import { describeAnnotation } from "../assistant-reply.js";
import {
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
      "Create one annotation. Ask for the title if the person did not give one; never invent it.",
    // Lengths and the rest are checked by the annotations service's own contract.
    inputSchema: z.object({
      title: z.string(),
      date: isoDate,
      description: z.string().optional(),
      color: colorInput.optional(),
    }),
    execute: async (input) => {
      if (turn.changes++ > 0) return oneChangePerTurn;
      const result = noted(
        turn,
        await actions.createAnnotation({
          title: input.title,
          annotationDate: parseIsoDate(input.date),
          ...(input.description ? { description: input.description } : {}),
          ...(input.color ? { color: input.color } : {}),
        }),
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
        },
      };
    },
  });
}
