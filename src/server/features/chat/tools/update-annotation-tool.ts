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
  referenceInput,
  toReference,
  type ToolContext,
} from "./tool-turn.js";

export function updateAnnotationTool({ actions, turn }: ToolContext) {
  return tool({
    description:
      "Change one annotation's title, description, date, colour or category (category null takes it out of its category). date with endDate makes it cover those days.",
    inputSchema: z.object({
      which: referenceInput,
      title: z.string().optional(),
      description: z.string().optional(),
      date: isoDate.optional(),
      endDate: isoDate
        .optional()
        .describe("The last day it covers, given with date (the first day)."),
      color: colorInput.optional(),
      category: categoryInput.nullable().optional(),
    }),
    execute: async (input) => {
      if (input.endDate !== undefined && input.date === undefined)
        return { ok: false, error: "Give the first day (date) together with endDate." };
      if (turn.changes++ > 0) return oneChangePerTurn;
      const changes = {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.date !== undefined
          ? input.endDate !== undefined && input.endDate !== input.date
            ? {
                annotationDateRange: {
                  startDate: parseIsoDate(input.date),
                  endDate: parseIsoDate(input.endDate),
                },
              }
            : { annotationDate: parseIsoDate(input.date) }
          : {}),
        ...(input.color !== undefined ? { color: input.color } : {}),
        ...(input.category === null ? { categoryId: null } : {}),
      };
      const category = input.category ? await actions.findCategory(input.category) : undefined;
      if (category && !category.ok) return noted(turn, category);
      const result = noted(
        turn,
        await actions.updateAnnotation(
          toReference(input.which),
          category ? inCategory(changes, category.value) : changes,
        ),
      );
      if (!result.ok) return result;
      turn.showAnnotations = true;
      turn.writes.push({
        kind: "update",
        text: `Updated ${describeAnnotation(result.value.before)} → ${describeAnnotation(result.value.after)}.`,
      });
      return {
        ok: true,
        updated: {
          id: result.value.after.annotationId,
          title: result.value.after.title,
          date: toIsoDate(result.value.after.annotationDate),
          ...(result.value.after.annotationDateRange
            ? { endDate: toIsoDate(result.value.after.annotationDateRange.endDate) }
            : {}),
          color: result.value.after.color,
          ...(category ? { category: category.value.name } : {}),
        },
      };
    },
  });
}
