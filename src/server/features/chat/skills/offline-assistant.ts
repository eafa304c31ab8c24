import type { AssistantTurn } from "../assistant-reply.js";
import type * as Pipeline from "./pipeline.js";
import {
  createReadingThread,
  entryBeside,
  type ReadingThreadOptions,
} from "../offline-engine/reading-thread.js";

/** The date parser behind the engine is sizeable; load it with the first message, not at start-up. */
let pipeline: Promise<typeof Pipeline> | null = null;
const loadPipeline = () => (pipeline ??= import("./pipeline.js"));

/**
 * The built-in assistant: deterministic, asks for what is missing instead of guessing. It reads
 * each message on a thread of its own, so that no message can hold up the server.
 */
export function createOfflineAssistant(options: Partial<ReadingThreadOptions> = {}) {
  const thread = createReadingThread({
    script: entryBeside(import.meta.url, "reading-worker"),
    ...options,
  });
  return {
    async respond(input: Pipeline.OfflineTurnInput): Promise<AssistantTurn> {
      const { runPipeline } = await loadPipeline();
      return runPipeline(input, thread.read);
    },
    /** Ends the reading thread (it does not keep the process up while idle either way). */
    close: () => thread.close(),
  };
}

export type OfflineAssistant = ReturnType<typeof createOfflineAssistant>;
