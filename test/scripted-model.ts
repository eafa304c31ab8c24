import type { LanguageModelV3CallOptions, LanguageModelV3GenerateResult } from "@ai-sdk/provider";
import { MockLanguageModelV3 } from "ai/test";

export interface ScriptedStep {
  toolCalls?: { toolName: string; input: unknown }[];
  text?: string;
  /** Throw instead of answering, as a failing provider would. */
  error?: unknown;
}

const usage = {
  inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 20, text: 20, reasoning: 0 },
};

/**
 * A language model that answers from a script, one step per model call, and records what it was
 * sent, so tests can drive the real tool layer with any sequence of tool calls (hostile ones too).
 */
export class ScriptedModel {
  private steps: ScriptedStep[] = [];
  readonly calls: LanguageModelV3CallOptions[] = [];
  readonly model = new MockLanguageModelV3({
    doGenerate: async (options): Promise<LanguageModelV3GenerateResult> => {
      this.calls.push(options);
      const step = this.steps.shift() ?? { text: "Done." };
      if (step.error) throw step.error;
      const toolCalls = step.toolCalls ?? [];
      return {
        content: [
          ...toolCalls.map((call, index) => ({
            type: "tool-call" as const,
            toolCallId: `call-${this.calls.length}-${index}`,
            toolName: call.toolName,
            input: JSON.stringify(call.input),
          })),
          ...(step.text ? [{ type: "text" as const, text: step.text }] : []),
        ],
        finishReason: { unified: toolCalls.length > 0 ? "tool-calls" : "stop", raw: undefined },
        usage,
        warnings: [],
      };
    },
  });

  script(...steps: ScriptedStep[]): void {
    this.steps = steps;
    this.calls.length = 0;
  }
}
