// A tool of the language-model assistant that fails for a reason of ours (a bug, the database)
// tells the person our sentence and the model only that; the error's own text, which can name the
// server's files, goes to the log and never to the model's provider or into the reply.
import { describe, expect, it } from "vitest";
import type { AssistantActions } from "../src/server/features/chat/assistant-actions.js";
import { createLlmAssistant } from "../src/server/features/chat/llm-assistant.js";
import type { User } from "../src/server/db/schema/index.js";
import { errorMessages } from "../src/shared/contracts/errors.js";
import { ScriptedModel } from "./scripted-model.js";

const internalFile = "/srv/tidemark/dist/server/features/chat/assistant-actions.js";
const internalMessage = `relation "annotation_metadata" does not exist at ${internalFile}:212:9`;

function internalError(): Error {
  const error = new Error(internalMessage);
  error.stack = `Error: ${internalMessage}\n    at listAnnotations (${internalFile}:212:9)`;
  return error;
}

/** The person's abilities, every one of which breaks the way a bug or a lost database would. */
const brokenActions = new Proxy({} as AssistantActions, {
  get: (_target, name) =>
    name === "dailyAllowance"
      ? () => ({ used: 0, quota: 50 })
      : () => Promise.reject(internalError()),
});

const user = {
  id: "00000000-0000-4000-8000-000000000001",
  email: "ada@example.com",
  subscriptionTier: "premium",
} as User;

describe("a tool that fails for a reason of ours", () => {
  it("tells the person our sentence and keeps the error's text in the log", async () => {
    const scripted = new ScriptedModel();
    const warnings: unknown[] = [];
    const assistant = createLlmAssistant({
      model: scripted.model,
      timeoutMs: 5_000,
      logger: { warn: (details) => warnings.push(details) },
    });
    scripted.script(
      { toolCalls: [{ toolName: "listAnnotations", input: {} }] },
      { text: "Here is what I found." },
    );

    const turn = await assistant.respond({
      user,
      actions: brokenActions,
      history: [],
      message: "show my annotations",
      today: { year: 2026, month: 11, day: 26 },
      timeZone: "UTC",
      propertyId: "123456789",
    });

    expect(turn.reply).toContain(errorMessages.internal);
    expect(turn.reply).not.toContain(internalFile);
    expect(turn.reply).not.toContain("annotation_metadata");
    // What went back to the model after the tool ran: our sentence, not the error.
    const toModel = JSON.stringify(scripted.calls[1]?.prompt);
    expect(toModel).toContain(errorMessages.internal);
    expect(toModel).not.toContain(internalFile);
    expect(toModel).not.toContain("annotation_metadata");
    expect(
      JSON.stringify(warnings, (_key, value: unknown) =>
        value instanceof Error ? { message: value.message, stack: value.stack } : value,
      ),
    ).toContain(internalFile);
  });
});
