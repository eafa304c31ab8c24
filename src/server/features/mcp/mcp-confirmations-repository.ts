import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { mcpConfirmations } from "../../db/schema/index.js";
import type { PendingConfirmation } from "../chat/conversation-state.js";

/**
 * Previews an MCP client made, waiting for the person's go-ahead. Kept in the database so the
 * `confirm` call may reach any instance; taken (deleted) by the call that carries one out, so it
 * runs once.
 */
export function createMcpConfirmationsRepository(db: Db, now: () => Date = () => new Date()) {
  return {
    async save(userId: string, action: PendingConfirmation): Promise<void> {
      // Expired previews are not worth keeping; clearing them here bounds the table.
      await db.delete(mcpConfirmations).where(lt(mcpConfirmations.expiresAt, now()));
      await db
        .insert(mcpConfirmations)
        .values({ id: action.id, userId, action, expiresAt: new Date(action.expiresAt) });
    },

    /** The person's own live preview with this id, removed as it is read; null for any other. */
    async take(userId: string, id: string): Promise<PendingConfirmation | null> {
      const [row] = await db
        .delete(mcpConfirmations)
        .where(
          and(
            eq(mcpConfirmations.id, id),
            eq(mcpConfirmations.userId, userId),
            gt(mcpConfirmations.expiresAt, now()),
          ),
        )
        .returning({ action: mcpConfirmations.action });
      return row?.action ?? null;
    },
  };
}

export type McpConfirmationsRepository = ReturnType<typeof createMcpConfirmationsRepository>;
