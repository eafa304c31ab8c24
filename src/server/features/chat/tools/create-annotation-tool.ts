import { tool } from "ai";
import { z } from "zod";
import { toIsoDate } from "../../../../shared/calendar-date.js";
import { inCategory } from "../assistant-actions.js";
import { describeWritten } from "../assistant-reply.js";
import { offerCreateRequest } from "./suggest-request-tool.js";
import {
  categoryInput,
  colorInput,
  isoDate,
  noted,
  parseIsoDate,
  secondChange,
  type ToolContext,
} from "./tool-turn.js";

export function createAnnotationTool({ actions, turn, asked }: ToolContext) {
  return tool({
    description:
      "Create one annotation, optionally in one of the person's categories. Ask for the title if the person did not give one; never invent it. If the category is refused, nothing is created: tell the person why, and do not create it without the category unless they ask. When the person's message did not ask for a new annotation, nothing is created: they are shown a preview with Confirm and Cancel buttons; stop there.",
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
      const refused = secondChange(turn, `creating “${input.title}” (${input.date})`);
      if (refused) return refused;
      const request = {
        title: input.title,
        annotationDate: parseIsoDate(input.date),
        ...(input.description ? { description: input.description } : {}),
        ...(input.color ? { color: input.color } : {}),
      };
      const category = input.category ? await actions.findCategory(input.category) : undefined;
      if (category && !category.ok) {
        // The person's words are kept: their request without the category is offered to them.
        if (category.code === "premium_required")
          offerCreateRequest(turn, {
            title: input.title,
            date: input.date,
            ...(input.color ? { color: input.color } : {}),
          });
        return noted(turn, category);
      }
      const complete = category ? inCategory(request, category.value) : request;
      if (!asked("create")) {
        const proposed = noted(
          turn,
          await actions.proposeCreate(complete, category ? category.value.name : null),
        );
        if (!proposed.ok) return proposed;
        turn.confirmation = proposed.value;
        return { ok: true, awaitingPersonsConfirmation: proposed.value.summary, created: 0 };
      }
      const result = noted(turn, await actions.createAnnotation(complete));
      if (!result.ok) return result;
      turn.showAnnotations = true;
      turn.seenTitles.add(result.value.title);
      turn.writes.push({
        kind: "create",
        text: `Created ${describeWritten(result.value, category ? category.value.name : null)}.`,
      });
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
