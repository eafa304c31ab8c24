import type { Db } from "../../db/database.js";
import { createApprovalMoves, createApprovalRequests } from "./mcp-approval-rows.js";
import { createMcpClientRows } from "./mcp-client-rows.js";

export type { ApprovalChannel, ApprovalRow, ApprovalStatus } from "./mcp-approval-rows.js";

/**
 * Changes an MCP client asked for and a person must approve, and what each client said it can
 * do. In the database, so the approval, the client's answer and the waiting tool call may each
 * reach a different instance; every move out of "waiting" is one conditional statement, so a
 * change is approved, declined or expired once and carried out at most once.
 */
export function createMcpConfirmationsRepository(db: Db, now: () => Date = () => new Date()) {
  return {
    ...createApprovalRequests(db, now),
    ...createApprovalMoves(db, now),
    ...createMcpClientRows(db, now),
  };
}

export type McpConfirmationsRepository = ReturnType<typeof createMcpConfirmationsRepository>;
