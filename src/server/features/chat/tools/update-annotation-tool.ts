import { tool } from "ai";
import { z } from "zod";
import { toIsoDate } from "../../../../shared/calendar-date.js";
import { describeReference } from "../annotation-reference.js";
import { inCategory } from "../assistant-actions.js";
import { describeAnnotation, describeWritten } from "../assistant-reply.js";
import {
  categoryInput,
  colorInput,
  isoDate,
  noted,
  parseIsoDate,
  referenceInput,
  secondChange,
  toReference,
  type ToolContext,
} from "./tool-turn.js";

export function updateAnnotationTool({ actions, turn, asked }: ToolContext) {
  return tool({
    description:
      "Change one annotation's title, description, date, colour or category (category null takes it out of its category). date with endDate makes it cover those days. When the person's message did not ask for a change, nothing is changed: they are shown a preview with Confirm and Cancel buttons; stop there.",
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
      const reference = toReference(input.which);
      const refused = secondChange(
        turn,
        reference.kind === "last"
          ? "changing the last annotation"
          : `changing the annotation ${describeReference(reference)}`,
      );
      if (refused) return refused;
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
      const complete = category ? inCategory(changes, category.value) : changes;
      if (!asked("update")) {
        const proposed = noted(
          turn,
          await actions.proposeUpdate(
            reference,
            complete,
            category ? category.value.name : input.category === null ? null : undefined,
          ),
        );
        if (!proposed.ok) return proposed;
        turn.confirmation = proposed.value;
        return { ok: true, awaitingPersonsConfirmation: proposed.value.summary, updated: 0 };
      }
      const result = noted(turn, await actions.updateAnnotation(reference, complete));
      if (!result.ok) return result;
      const { before, after } = result.value;
      turn.showAnnotations = true;
      turn.seenTitles.add(before.title).add(after.title);
      const categoryName = category
        ? category.value.name
        : await actions.categoryName(after.categoryId);
      turn.writes.push({
        kind: "update",
        text: `Updated ${describeAnnotation(before)} → ${describeWritten(after, categoryName)}.`,
      });
      return {
        ok: true,
        updated: {
          id: after.annotationId,
          title: after.title,
          date: toIsoDate(after.annotationDate),
          ...(after.annotationDateRange
            ? { endDate: toIsoDate(after.annotationDateRange.endDate) }
            : {}),
          color: after.color,
          ...(category ? { category: category.value.name } : {}),
        },
      };
    },
  });
}
