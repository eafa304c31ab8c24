import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../src/server/db/schema/index.js";
import type { AssistantActions } from "../src/server/features/chat/assistant-actions.js";
import { createLanguageModel } from "../src/server/features/chat/language-model.js";
import { createLlmAssistant } from "../src/server/features/chat/llm-assistant.js";

/**
 * The real provider clients on the wire, against a small fake server on loopback: the first call
 * answers with a tool call, the call carrying the tool's result answers with text.
 */
const requests: {
  path: string;
  body: Record<string, unknown>;
  headers: IncomingMessage["headers"];
}[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer(async (request, response) => {
    let raw = "";
    for await (const chunk of request) raw += chunk;
    const body = JSON.parse(raw) as Record<string, unknown>;
    requests.push({ path: request.url ?? "", body, headers: request.headers });
    response.setHeader("content-type", "application/json");
    const sawToolResult = (body.messages as { role: string }[]).some(
      (message) => message.role === "tool",
    );
    if (request.url === "/v1/chat/completions") {
      response.end(
        JSON.stringify({
          id: "chatcmpl-1",
          object: "chat.completion",
          created: 1,
          model: String(body.model),
          choices: [
            sawToolResult
              ? {
                  index: 0,
                  message: {
                    role: "assistant",
                    content: "You have one saved property: Shop (ID 123).",
                  },
                  finish_reason: "stop",
                }
              : {
                  index: 0,
                  message: {
                    role: "assistant",
                    content: null,
                    tool_calls: [
                      {
                        id: "call_1",
                        type: "function",
                        function: { name: "listProperties", arguments: "{}" },
                      },
                    ],
                  },
                  finish_reason: "tool_calls",
                },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        }),
      );
    } else if (request.url === "/v1/messages") {
      const toolResultSent = JSON.stringify(body.messages).includes("tool_result");
      response.end(
        JSON.stringify({
          id: "msg_1",
          type: "message",
          role: "assistant",
          model: String(body.model),
          content: toolResultSent
            ? [{ type: "text", text: "You have one saved property: Shop (ID 123)." }]
            : [{ type: "tool_use", id: "toolu_1", name: "listProperties", input: {} }],
          stop_reason: toolResultSent ? "end_turn" : "tool_use",
          usage: { input_tokens: 10, output_tokens: 5 },
        }),
      );
    } else {
      response.statusCode = 404;
      response.end("{}");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const user = { id: "u1", email: "a@b.co", subscriptionTier: "freemium" } as User;
const actions = {
  propertyId: null,
  // The model's listProperties is the catalogue's operation, run through the actions.
  runOperation: async (operation: { name: string }) =>
    operation.name === "listProperties"
      ? {
          ok: true as const,
          value: { properties: [{ propertyId: "123", displayName: "Shop", canEdit: true }] },
        }
      : { ok: false as const, error: "not in this test" },
  dailyAllowance: () => ({ used: 0, quota: 5 }),
} as unknown as AssistantActions;

describe.each([
  ["openai-compatible", "/v1/chat/completions"],
  ["openai", "/v1/chat/completions"],
  ["anthropic", "/v1/messages"],
] as const)("the %s provider", (provider, path) => {
  it("runs the tool loop over HTTP and answers with the model's text", async () => {
    requests.length = 0;
    const model = createLanguageModel({
      provider,
      model: "test-model",
      apiKey: "test-key",
      baseUrl,
      timeoutMs: 5_000,
    });
    const assistant = createLlmAssistant({ model, timeoutMs: 5_000 });
    const turn = await assistant.respond({
      user,
      actions,
      history: [],
      message: "which properties do I have?",
      today: { year: 2026, month: 11, day: 23 },
      timeZone: "UTC",
      propertyId: null,
    });
    expect(turn.reply).toBe("You have one saved property: Shop (ID 123).");
    expect(requests.map((r) => r.path)).toEqual([path, path]);
    expect(JSON.stringify(requests[0]!.body)).toContain("listProperties");
    expect(JSON.stringify(requests[1]!.body)).toContain("Shop");
  });
});

describe("a provider that refuses our key", () => {
  it("becomes a friendly reply, not an error", async () => {
    const model = createLanguageModel({
      provider: "openai-compatible",
      model: "m",
      apiKey: "k",
      baseUrl: `${baseUrl}/missing`,
      timeoutMs: 5_000,
    });
    const turn = await createLlmAssistant({ model, timeoutMs: 5_000 }).respond({
      user,
      actions,
      history: [],
      message: "hi",
      today: { year: 2026, month: 11, day: 23 },
      timeZone: "UTC",
      propertyId: null,
    });
    expect(turn.reply).toMatch(/unavailable right now/);
  });
});
