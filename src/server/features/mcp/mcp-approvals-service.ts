import type { User } from "../../db/schema/index.js";
import type { PendingDeletion } from "../chat/conversation-state.js";
import type { McpActionsFor } from "./mcp-actions.js";
import { createApprovalSettle, type PersonAnswer } from "./mcp-approval-settle.js";
import type { ApprovalRow, McpConfirmationsRepository } from "./mcp-confirmations-repository.js";
import { createTidemarkApprovals } from "./mcp-tidemark-approvals.js";

export type { PersonAnswer } from "./mcp-approval-settle.js";

/** How long a deletion waits in Tidemark for the person. */
export const approvalHours = 24;
/** How long a tool call waits for the person to answer in their AI client. */
export const clientAnswerMinutes = 10;

/** Who asked: the person the token is theirs, and which app or token it was. */
export interface McpCaller {
  user: User;
  clientId?: string;
  tokenName?: string;
}

/** Asks the person in their AI client; resolves once the question is sent. */
export interface ClientQuestion {
  ask(approvalId: string, message: string): Promise<void>;
  /** Aborted when the client goes away: nobody is left to answer. */
  signal: AbortSignal;
}

/**
 * A person between an AI app and a deletion. An app's deletion runs only after the person says
 * yes: in their AI client when it can ask (MCP elicitation), else on a notice in Tidemark that
 * waits a day — or at once for an app the person has let delete without asking. The app itself
 * can never say yes for them.
 */
export function createMcpApprovalsService(deps: {
  confirmations: McpConfirmationsRepository;
  actionsFor: McpActionsFor;
  appName(clientId: string): Promise<string>;
  deletesWithoutAsking(userId: string, clientId: string): Promise<boolean>;
  now?: () => Date;
  /** How often a waiting tool call looks for the person's answer. */
  pollMs?: number;
}) {
  const now = deps.now ?? (() => new Date());
  const pollMs = deps.pollMs ?? 250;
  const { carryOut, settle } = createApprovalSettle(deps);

  async function waitForClientAnswer(
    user: User,
    id: string,
    signal: AbortSignal,
  ): Promise<ApprovalRow | null> {
    const deadline = now().getTime() + clientAnswerMinutes * 60_000;
    while (!signal.aborted && now().getTime() < deadline) {
      const row = await deps.confirmations.find(user.id, id);
      if (!row || row.status !== "waiting") return row;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    await deps.confirmations.expire(user.id, id);
    return null;
  }

  return {
    /**
     * The person's say on a deletion an app previewed: carried out at once only where they let
     * this app delete without asking; asked in the client when it can ask; else left waiting.
     */
    async decide(
      caller: McpCaller,
      pending: PendingDeletion,
      question: ClientQuestion | null,
    ): Promise<PersonAnswer> {
      const { user } = caller;
      if (caller.clientId && (await deps.deletesWithoutAsking(user.id, caller.clientId)))
        return carryOut(user, pending);
      const appName = caller.clientId
        ? await deps.appName(caller.clientId)
        : `Personal access token${caller.tokenName ? ` “${caller.tokenName}”` : ""}`;
      const channel = question ? "client" : "tidemark";
      const expiresAt = new Date(
        now().getTime() + (question ? clientAnswerMinutes * 60_000 : approvalHours * 60 * 60_000),
      );
      const row = await deps.confirmations.create(user.id, {
        action: pending,
        clientId: caller.clientId ?? null,
        appName,
        channel,
        expiresAt,
      });
      if (!question)
        return { kind: "waiting", approvalId: row.id, expiresAt: expiresAt.toISOString() };
      await question.ask(
        row.id,
        `${appName} asks to delete from Google Analytics: ${pending.summary} Nothing is deleted unless you accept.`,
      );
      const answered = await waitForClientAnswer(user, row.id, question.signal);
      if (!answered || answered.status === "expired") return { kind: "no_answer" };
      if (answered.status === "declined") return { kind: "declined" };
      return settle(user, answered);
    },

    /** The client's answer to the question it was asked (only the person's client can give it). */
    async answerFromClient(user: User, approvalId: string, accepted: boolean): Promise<void> {
      await deps.confirmations.move(
        user.id,
        approvalId,
        "waiting",
        accepted ? "approved" : "declined",
        {
          channel: "client",
        },
      );
    },

    ...createTidemarkApprovals({ confirmations: deps.confirmations, settle, now }),
  };
}

export type McpApprovalsService = ReturnType<typeof createMcpApprovalsService>;
