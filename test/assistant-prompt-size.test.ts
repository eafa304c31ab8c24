import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import type { User } from "../src/server/db/schema/index.js";
import type { AssistantActions } from "../src/server/features/chat/assistant-actions.js";
import { createLlmAssistant } from "../src/server/features/chat/llm-assistant.js";

/**
 * The model's fixed prompt (system instructions and every tool's description and schema) stays
 * within 2,000 tokens, estimated as `npm run bench` does: about four characters per
 * token for English and JSON, a planning estimate rather than a tokenizer.
 */
const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

async function fixedPromptTokens(tier: "freemium" | "premium"): Promise<number> {
  const calls: { prompt: { role: string }[]; tools?: unknown }[] = [];
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      calls.push(options as never);
      return {
        content: [{ type: "text", text: "Hello." }],
        finishReason: { unified: "stop", raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
  const actions = { dailyAllowance: () => ({ used: 0, quota: 5 }) } as unknown as AssistantActions;
  await createLlmAssistant({ model, timeoutMs: 5_000 }).respond({
    user: { id: "u", email: "a@b.co", subscriptionTier: tier } as User,
    actions,
    history: [],
    message: "hello",
    today: { year: 2026, month: 11, day: 23 },
    timeZone: "Europe/Amsterdam",
    propertyId: "123456789",
  });
  const first = calls[0]!;
  const fixed =
    JSON.stringify(first.prompt.filter((message) => message.role === "system")) +
    JSON.stringify(first.tools);
  return Math.round(fixed.length / 4);
}

describe("the language model's fixed prompt", () => {
  it("is at most 2,000 tokens on every plan", async () => {
    for (const tier of ["freemium", "premium"] as const) {
      const tokens = await fixedPromptTokens(tier);
      console.warn(`fixed system + tools prompt (${tier}): ≈ ${tokens} tokens (target ≤ 2000)`);
      expect(tokens).toBeLessThanOrEqual(2000);
    }
  });
});
