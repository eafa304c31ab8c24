import { tool } from "ai";
import { z } from "zod";
import { annotationTitle } from "../../../../shared/contracts/annotations.js";
import { isoDate, type ToolContext, type TurnRecord } from "./tool-turn.js";

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
      "When the person asked to create an annotation but gave no title, call this with the date you understood (today if none) so they are offered the request to complete; then ask for the title.",
    inputSchema: z.object({ date: isoDate, title: z.string().max(100).optional() }),
    execute: async (input) => {
      const refused = offerCreateRequest(turn, { title: input.title ?? "", date: input.date });
      return refused ? { ok: false, error: refused } : { ok: true };
    },
  });
}
