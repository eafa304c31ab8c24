import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import type { LlmConfig } from "../../env.js";

/** The configured provider's model; switching providers is configuration only. */
export function createLanguageModel(
  config: Exclude<LlmConfig, { provider: "offline" }>,
): LanguageModel {
  const baseURL = config.baseUrl;
  switch (config.provider) {
    case "openai":
      // The Chat Completions API, which OpenAI and most compatible gateways serve.
      return createOpenAI({ apiKey: config.apiKey, ...(baseURL ? { baseURL } : {}) }).chat(
        config.model,
      );
    case "anthropic":
      return createAnthropic({ apiKey: config.apiKey, ...(baseURL ? { baseURL } : {}) })(
        config.model,
      );
    case "google":
      return createGoogleGenerativeAI({ apiKey: config.apiKey, ...(baseURL ? { baseURL } : {}) })(
        config.model,
      );
    case "openai-compatible":
      return createOpenAICompatible({
        name: "openai-compatible",
        baseURL: baseURL!,
        ...(config.apiKey ? { apiKey: config.apiKey } : {}),
      }).chatModel(config.model);
  }
}
