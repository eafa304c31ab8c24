import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../env.js";
import type { AuditReviewer } from "../features/audits/audit-reviewer.js";
import { createOfflineReviewer } from "../features/audits/offline-reviewer.js";
import type { AssistantEngine } from "../features/chat/chat-service.js";
import { createOfflineAssistant } from "../features/chat/skills/offline-assistant.js";

export async function assistantEngineFor(
  llm: AppConfig["llm"],
  logger: FastifyBaseLogger,
): Promise<AssistantEngine> {
  if (llm.provider === "offline") return { kind: "offline", assistant: createOfflineAssistant() };
  // The provider SDKs load only when one is configured: start-up stays fast without them.
  const [{ createLanguageModel }, { createLlmAssistant }] = await Promise.all([
    import("../features/chat/language-model.js"),
    import("../features/chat/llm-assistant.js"),
  ]);
  return {
    kind: "llm",
    assistant: createLlmAssistant({
      model: createLanguageModel(llm),
      timeoutMs: llm.timeoutMs,
      logger,
    }),
  };
}

export async function auditReviewerFor(llm: AppConfig["llm"]): Promise<AuditReviewer> {
  if (llm.provider === "offline") return createOfflineReviewer();
  const [{ createLanguageModel }, { createLlmReviewer }] = await Promise.all([
    import("../features/chat/language-model.js"),
    import("../features/audits/llm-reviewer.js"),
  ]);
  return createLlmReviewer({ model: createLanguageModel(llm), timeoutMs: llm.timeoutMs });
}
