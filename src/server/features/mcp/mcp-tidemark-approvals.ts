import type { AppApproval, AppApprovalOutcome } from "../../../shared/contracts/app-approvals.js";
import { AppError } from "../../app-error.js";
import type { User } from "../../db/schema/index.js";
import type { PendingDeletion } from "../chat/conversation-state.js";
import { approvalGone, type PersonAnswer } from "./mcp-approval-settle.js";
import type { ApprovalRow, McpConfirmationsRepository } from "./mcp-confirmations-repository.js";

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

/** Deletions waiting for the person on a notice in Tidemark, and their answers there. */
export function createTidemarkApprovals(deps: {
  confirmations: McpConfirmationsRepository;
  settle: (user: User, row: ApprovalRow) => Promise<PersonAnswer>;
  now: () => Date;
}) {
  const { settle, now } = deps;
  return {
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
