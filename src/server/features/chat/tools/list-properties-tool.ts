import { tool } from "ai";
import { z } from "zod";
import { noted, type ToolContext } from "./tool-turn.js";

export function listPropertiesTool({ actions, turn }: ToolContext) {
  return tool({
    description: "List the GA4 properties the person has saved in Tidemark.",
    inputSchema: z.object({}),
    execute: async () => noted(turn, await actions.listProperties()),
  });
}
