/** What the MCP endpoint reads in a POST's JSON-RPC messages, and the question it sends back. */
import type { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { RequestId } from "@modelcontextprotocol/sdk/types.js";
import type { ClientQuestion } from "./mcp-approvals-service.js";
import { mcpTools } from "./mcp-tools.js";

/** Ids of the questions this server sends to clients: the answer's id says which approval. */
const questionPrefix = "tidemark-approval:";

type Message = Record<string, unknown>;
const messagesOf = (body: unknown): Message[] =>
  (Array.isArray(body) ? body : [body]).filter(
    (m): m is Message => typeof m === "object" && m !== null,
  );

/** The scope a tools/call (alone or in a batch) needs and the caller lacks, if any. */
export function scopeMissingFor(body: unknown, scopes: readonly string[]): string | null {
  for (const message of messagesOf(body)) {
    const params = message["params"] as { name?: unknown } | undefined;
    if (message["method"] !== "tools/call" || typeof params?.name !== "string") continue;
    const tool = mcpTools.find((candidate) => candidate.name === params.name);
    if (tool && !scopes.includes(tool.scope)) return tool.scope;
  }
  return null;
}

/** A body made only of JSON-RPC answers (a client answering what we asked), else null. */
export function answersIn(body: unknown): { approvalId: string; accepted: boolean }[] | null {
  const messages = messagesOf(body);
  if (messages.length === 0 || messages.some((m) => "method" in m || !("id" in m))) return null;
  const answers: { approvalId: string; accepted: boolean }[] = [];
  for (const message of messages) {
    const id = message["id"];
    if (typeof id !== "string" || !id.startsWith(questionPrefix)) continue;
    const result = message["result"] as
      { action?: unknown; content?: { confirm?: unknown } } | undefined;
    answers.push({
      approvalId: id.slice(questionPrefix.length),
      // Only an explicit accept with the box ticked is a yes; anything else is a no.
      accepted: result?.action === "accept" && result.content?.confirm === true,
    });
  }
  return answers;
}

/** Whether an `initialize` in the body declares that the client can ask its person (form mode). */
export function initializeElicits(body: unknown): boolean | null {
  for (const message of messagesOf(body)) {
    if (message["method"] !== "initialize") continue;
    const capabilities = (message["params"] as { capabilities?: Record<string, unknown> })
      ?.capabilities;
    const elicitation = capabilities?.["elicitation"];
    if (typeof elicitation !== "object" || elicitation === null) return false;
    // An empty object is the older spelling of form support; a client naming only url mode does
    // not show forms.
    const modes = Object.keys(elicitation);
    return modes.length === 0 || modes.includes("form");
  }
  return null;
}

export function callsToolAskingPerson(body: unknown): boolean {
  return messagesOf(body).some((message) => {
    const params = message["params"] as { name?: unknown } | undefined;
    return (
      message["method"] === "tools/call" &&
      mcpTools.some((tool) => tool.name === params?.name && tool.asksPerson === true)
    );
  });
}

/**
 * The question a tool call asks its person, sent on this call's own stream; the answer comes back
 * as a POST of its own, to whichever instance, and is matched by the approval's id.
 */
export function clientQuestionOn(
  asking: { transport: StreamableHTTPServerTransport; signal: AbortSignal },
  requestId: RequestId,
): ClientQuestion {
  return {
    signal: asking.signal,
    ask: (approvalId, message) =>
      asking.transport.send(
        {
          jsonrpc: "2.0",
          id: `${questionPrefix}${approvalId}`,
          method: "elicitation/create",
          params: {
            message,
            requestedSchema: {
              type: "object",
              properties: {
                confirm: {
                  type: "boolean",
                  title: "Delete them",
                  description: "Tick to delete these annotations from Google Analytics.",
                  default: false,
                },
              },
              required: ["confirm"],
            },
          },
        },
        { relatedRequestId: requestId },
      ),
  };
}
