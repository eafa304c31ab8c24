import { tool } from "ai";
import { z } from "zod";
import { isoDate, type ToolContext } from "./tool-turn.js";

/**
 * When a create request lacks its title, the model proposes the request for the person to
 * complete: it is placed in their input box with the caret inside the empty quotes.
 */
export function suggestRequestTool({ turn }: ToolContext) {
  return tool({
    description:
      "When the person asked to create an annotation but gave no title, call this with the date you understood (today if none) so their input box offers the request to complete; then ask for the title.",
    inputSchema: z.object({ date: isoDate, title: z.string().max(100).optional() }),
    execute: async (input) => {
      turn.suggestedInput = `Create an annotation called "${input.title ?? ""}" on ${input.date}`;
      return { ok: true };
    },
  });
}
