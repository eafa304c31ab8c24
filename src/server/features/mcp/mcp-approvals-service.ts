import type { Annotation } from "../../../shared/contracts/annotations.js";
import type { AppApproval, AppApprovalOutcome } from "../../../shared/contracts/app-approvals.js";
import type { ErrorCode } from "../../../shared/contracts/errors.js";
import { AppError } from "../../app-error.js";
import type { User } from "../../db/schema/index.js";
import type { PendingDeletion } from "../chat/conversation-state.js";
import type { McpActionsFor } from "./mcp-actions.js";
import type { ApprovalRow, McpConfirmationsRepository } from "./mcp-confirmations-repository.js";

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

/** The person's answer to a deletion an app asked for, as the tool reports it. */
export type PersonAnswer =
  | {
      kind: "done";
      summary: string;
      deleted: Annotation[];
      skipped: { title: string; reason: "gone" | "changed" }[];
    }
  | { kind: "declined" }
  | { kind: "no_answer" }
  | { kind: "waiting"; approvalId: string; expiresAt: string }
  | { kind: "failed"; message: string; code?: ErrorCode };

/** Asks the person in their AI client; resolves once the question is sent. */
export interface ClientQuestion {
  ask(approvalId: string, message: string): Promise<void>;
  /** Aborted when the client goes away: nobody is left to answer. */
  signal: AbortSignal;
}

const approvalGone =
  "This approval is no longer waiting: it was already answered, or it expired. Nothing more was done.";

function deletionSummary(result: {
  deleted: Annotation[];
  skipped: { title: string; reason: "gone" | "changed" }[];
}): string {
  const skipped = result.skipped.map(
    (s) => `“${s.title}” (${s.reason === "gone" ? "already gone" : "changed since the preview"})`,
  );
  return `Deleted ${result.deleted.length} annotation${result.deleted.length === 1 ? "" : "s"}.${
    skipped.length ? ` Not deleted: ${skipped.join(", ")}.` : ""
  }`;
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

  async function carryOut(user: User, pending: PendingDeletion): Promise<PersonAnswer> {
    const result = await deps.actionsFor(user, pending.propertyId).carryOut(pending);
    if (!result.ok)
      return {
        kind: "failed",
        message: result.error,
        ...(result.code ? { code: result.code } : {}),
      };
    if (result.value.kind !== "delete")
      return { kind: "failed", message: "Only deletions wait for approval." };
    const { deleted, skipped } = result.value;
    return { kind: "done", summary: deletionSummary({ deleted, skipped }), deleted, skipped };
  }

  /** Carries out an approved row once, recording how it ended. */
  async function settle(user: User, row: ApprovalRow): Promise<PersonAnswer> {
    const claimed = await deps.confirmations.move(user.id, row.id, "approved", "carrying_out");
    if (!claimed) return { kind: "failed", message: approvalGone, code: "approval_closed" };
    let answer: PersonAnswer;
    try {
      answer = await carryOut(user, claimed.action as PendingDeletion);
    } catch (error) {
      await deps.confirmations.move(user.id, row.id, "carrying_out", "failed", {
        outcome: { summary: "It could not be carried out. Nothing more was done." },
      });
      throw error;
    }
    await deps.confirmations.move(
      user.id,
      row.id,
      "carrying_out",
      answer.kind === "done" ? "done" : "failed",
      {
        outcome: {
          summary:
            answer.kind === "done"
              ? answer.summary
              : ((answer as { message?: string }).message ?? ""),
        },
      },
    );
    return answer;
  }

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

  function toApproval(row: ApprovalRow): AppApproval {
    const action = row.action as PendingDeletion;
    return {
      id: row.id,
      appName: row.appName,
      propertyId: action.propertyId,
      summary: action.summary,
      annotations: action.items.map((item) => ({
        annotationId: item.annotationId,
        title: item.snapshot.title,
        date: item.snapshot.date,
        ...(item.snapshot.endDate ? { endDate: item.snapshot.endDate } : {}),
      })),
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    };
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

    /** Deletions waiting for the person in Tidemark. */
    async waiting(user: User): Promise<AppApproval[]> {
      return (await deps.confirmations.waiting(user.id)).map(toApproval);
    },

    async approve(user: User, id: string): Promise<AppApprovalOutcome> {
      const row = await deps.confirmations.find(user.id, id);
      if (!row || row.channel !== "tidemark")
        throw new AppError("approval_not_found", "That approval was not found.");
      const approved = await deps.confirmations.move(user.id, id, "waiting", "approved", {
        channel: "tidemark",
      });
      if (!approved) throw new AppError("approval_closed", approvalGone);
      const answer = await settle(user, approved);
      if (answer.kind === "failed")
        throw new AppError(answer.code ?? "invalid_request", answer.message);
      return { status: "done", summary: answer.kind === "done" ? answer.summary : "" };
    },

    async decline(user: User, id: string): Promise<AppApprovalOutcome> {
      const row = await deps.confirmations.find(user.id, id);
      if (!row || row.channel !== "tidemark")
        throw new AppError("approval_not_found", "That approval was not found.");
      const declined = await deps.confirmations.move(user.id, id, "waiting", "declined", {
        channel: "tidemark",
      });
      if (!declined) throw new AppError("approval_closed", approvalGone);
      return { status: "declined", summary: "Declined. Nothing was deleted." };
    },

    /** Where an approval stands, for the app that asked (it can read, never answer). */
    async status(user: User, id: string) {
      const row = await deps.confirmations.find(user.id, id);
      if (!row) throw new AppError("approval_not_found", "That approval was not found.");
      const expired = row.status === "waiting" && row.expiresAt <= now();
      return {
        approvalId: row.id,
        status: expired ? "expired" : row.status,
        expiresAt: row.expiresAt.toISOString(),
        outcome: row.outcome?.summary ?? null,
      };
    },
  };
}

export type McpApprovalsService = ReturnType<typeof createMcpApprovalsService>;
