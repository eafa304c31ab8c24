import type { Annotation } from "../../../shared/contracts/annotations.js";
import type { ErrorCode } from "../../../shared/contracts/errors.js";
import type { User } from "../../db/schema/index.js";
import type { PendingDeletion } from "../chat/conversation-state.js";
import type { McpActionsFor } from "./mcp-actions.js";
import type { ApprovalRow, McpConfirmationsRepository } from "./mcp-confirmations-repository.js";

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

export const approvalGone =
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

/** An approved deletion carried out, once, and how it ended recorded on its row. */
export function createApprovalSettle(deps: {
  confirmations: McpConfirmationsRepository;
  actionsFor: McpActionsFor;
}) {
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

  return { carryOut, settle };
}
