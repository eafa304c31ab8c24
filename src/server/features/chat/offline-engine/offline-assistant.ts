import type { AssistantTurn } from "../assistant-reply.js";
import type * as Pipeline from "./pipeline.js";

/** The date parser behind the engine is sizeable; load it with the first message, not at start-up. */
let pipeline: Promise<typeof Pipeline> | null = null;
const loadPipeline = () => (pipeline ??= import("./pipeline.js"));

/** The built-in assistant: deterministic, asks for what is missing instead of guessing. */
export function createOfflineAssistant() {
  return {
    async respond(input: Pipeline.OfflineTurnInput): Promise<AssistantTurn> {
      const { runPipeline } = await loadPipeline();
      return runPipeline(input);
    },
  };
}

export type OfflineAssistant = ReturnType<typeof createOfflineAssistant>;
