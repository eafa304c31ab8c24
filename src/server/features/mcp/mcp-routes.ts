import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { appApprovalParams } from "../../../shared/contracts/app-approvals.js";
import { mcpOAuthPaths } from "../../../shared/contracts/oauth.js";
import { AppError } from "../../app-error.js";
import type { RateLimiter, RateLimitRule } from "../../http/rate-limiter.js";
import { sessionRoute } from "../../http/identity.js";
import { parseInput } from "../../parse-input.js";
import type { OperationServices } from "../../operations/operation.js";
import type { McpActionsFor } from "./mcp-actions.js";
import type { McpApprovalsService, McpCaller } from "./mcp-approvals-service.js";
import type { McpConfirmationsRepository } from "./mcp-confirmations-repository.js";
import {
  answersIn,
  callsToolAskingPerson,
  initializeElicits,
  scopeMissingFor,
} from "./mcp-messages.js";
import { createMcpServerFor } from "./mcp-server-for.js";

/**
 * The remote MCP server: Streamable HTTP, stateless. Each POST gets a server of its own with the
 * tools the caller's token may use, bound to the caller; what must outlive a request (approvals
 * waiting for the person, what each client said it can do) is in the database, so any instance
 * answers any request — including a client's answer to a question another instance asked.
 * Access is a bearer token for this resource: an OAuth access token issued for /mcp or a
 * personal access token; the identity step refuses anything else with the challenge that points
 * at the protected-resource metadata.
 */
export async function mcpRoutes(
  app: FastifyInstance,
  deps: {
    resource: string;
    actionsFor: McpActionsFor;
    /** The catalogue's services, for the tools that are its operations. */
    services: OperationServices;
    approvals: McpApprovalsService;
    confirmations: McpConfirmationsRepository;
    /** The REST API's per-token allowance: a token spends one budget however it calls. */
    rateLimiter: RateLimiter;
    rateLimit: RateLimitRule;
    logger: FastifyBaseLogger;
  },
): Promise<void> {
  const resourceMetadata = `${new URL(deps.resource).origin}${mcpOAuthPaths.protectedResourceMetadata}${mcpOAuthPaths.mcp}`;
  const serverFor = createMcpServerFor(deps);

  const access = { config: { access: "token", resource: deps.resource } } as const;

  app.post(mcpOAuthPaths.mcp, access, async (request, reply) => {
    const caller = await request.caller();
    if (caller?.via !== "token") throw new AppError("unauthenticated", "Send a bearer token.");
    const { token } = caller;
    // On the raw response: the transport below writes it directly, past Fastify's headers.
    await deps.rateLimiter.hit(deps.rateLimit, `token:${token.tokenId}`, (state) => {
      reply.raw.setHeader("RateLimit-Limit", String(state.limit));
      reply.raw.setHeader("RateLimit-Remaining", String(state.remaining));
      reply.raw.setHeader("RateLimit-Reset", String(state.resetSeconds));
    });
    // A call to a tool the token's scopes do not reach is refused at the HTTP layer, as the MCP
    // authorization spec asks, naming the scope a client may step up to with a new consent.
    const missing = scopeMissingFor(request.body, token.scopes);
    if (missing) {
      reply.header(
        "www-authenticate",
        `Bearer realm="Tidemark", error="insufficient_scope", scope="${missing}", resource_metadata="${resourceMetadata}"`,
      );
      throw new AppError(
        "insufficient_scope",
        `This connection may not use that tool: it needs the “${missing}” access, which the person did not give this app.`,
      );
    }
    const mcpCaller: McpCaller = {
      user: caller.user,
      ...(token.clientId ? { clientId: token.clientId } : {}),
      ...(token.tokenName ? { tokenName: token.tokenName } : {}),
    };
    const answers = answersIn(request.body);
    if (answers) {
      for (const answer of answers)
        await deps.approvals.answerFromClient(caller.user, answer.approvalId, answer.accepted);
      return reply.code(202).send();
    }
    const elicits = initializeElicits(request.body);
    if (elicits !== null)
      await deps.confirmations.noteClient(token.tokenId, caller.user.id, elicits);
    // A call that may ask the person answers as a stream, so the question can go out on it.
    const asks =
      callsToolAskingPerson(request.body) &&
      (await deps.confirmations.clientElicits(token.tokenId));
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: !asks,
    });
    const gone = new AbortController();
    const server = serverFor(
      mcpCaller,
      token.scopes,
      asks ? { transport, signal: gone.signal } : null,
    );
    reply.hijack();
    reply.raw.on("close", () => {
      gone.abort();
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });

  // A stateless server has no stream to resume and no session to end.
  for (const method of ["GET", "DELETE"] as const) {
    app.route({
      method,
      url: mcpOAuthPaths.mcp,
      ...access,
      handler: async (_request, reply) =>
        reply.code(405).header("allow", "POST").send({
          error: "This MCP server is stateless: send each request as a POST.",
          code: "method_not_allowed",
        }),
    });
  }

  appApprovalRoutes(app, deps.approvals);
}

/** The person's side: deletions apps asked for, waiting on the dashboard and /account. */
function appApprovalRoutes(app: FastifyInstance, approvals: McpApprovalsService): void {
  app.get("/api/account/app-approvals", sessionRoute, async (request) => {
    const user = await request.requireUser();
    return { approvals: await approvals.waiting(user) };
  });

  app.post("/api/account/app-approvals/:id/approve", sessionRoute, async (request) => {
    const user = await request.requireUser();
    const { id } = parseInput(appApprovalParams, request.params);
    return approvals.approve(user, id);
  });

  app.post("/api/account/app-approvals/:id/decline", sessionRoute, async (request) => {
    const user = await request.requireUser();
    const { id } = parseInput(appApprovalParams, request.params);
    return approvals.decline(user, id);
  });
}
