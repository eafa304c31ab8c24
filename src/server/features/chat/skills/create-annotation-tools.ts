/**
 * The language model's tools for a create: the create itself (a preview when the person's
 * message did not ask for one) and, for a create without a title, the request offered for the
 * person to finish and send.
 */
import { z } from "zod";
import { annotationTitle } from "../../../../shared/contracts/annotations.js";
import { toIsoDate } from "../../../../shared/calendar-date.js";
import { inCategory } from "../assistant-rules.js";
import { changeCard, describeWritten } from "../assistant-reply.js";
import {
  categoryInput,
  colorInput,
  isoDate,
  noted,
  parseIsoDate,
  secondChange,
  type ToolContext,
  type TurnRecord,
  tool,
} from "./tool-turn.js";

/**
 * Offers the person a create request to finish and send themselves. It is shown as a labelled
 * button under the reply and reaches their input box only if they choose it, so a model can never
 * type into the box; and only a title the annotation form would take is offered (an empty one
 * leaves the quotes for the person to fill), so the button cannot show disguised text.
 * Returns the contract's refusal when the title is not one, with nothing offered.
 */
export function offerCreateRequest(
  turn: TurnRecord,
  request: { title: string; date: string; color?: string },
): string | null {
  let title = "";
  if (request.title.trim() !== "") {
    const checked = annotationTitle.safeParse(request.title);
    if (!checked.success) return checked.error.issues[0]?.message ?? "That title cannot be used.";
    title = checked.data;
  }
  const color = request.color ? ` in ${request.color.toLowerCase()}` : "";
  turn.suggestedInput = `Create an annotation called "${title}" on ${request.date}${color}`;
  return null;
}

/** When a create request lacks its title, the model offers the request for the person to complete. */
export function suggestRequestTool({ turn }: ToolContext) {
  return tool({
    description:
      "A create without a title: call this with the date (today if none) to offer the request to complete, then ask for the title.",
    inputSchema: z.object({ date: isoDate, title: z.string().max(100).optional() }),
    execute: async (input) => {
      const refused = offerCreateRequest(turn, { title: input.title ?? "", date: input.date });
      return refused ? { ok: false, error: refused } : { ok: true };
    },
  });
}

export function createAnnotationTool({ actions, turn, asked }: ToolContext) {
  return tool({
    description:
      "Create one annotation, optionally in a category. A create their message did not ask for becomes a preview (Confirm, Edit, Cancel): stop there.",
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
      turn.card = changeCard(result.value, category ? category.value.name : null);
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
