import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { mcpClients, mcpConfirmations } from "../../db/schema/index.js";
import type { PendingConfirmation } from "../chat/conversation-state.js";

export type ApprovalChannel = "client" | "tidemark";
export type ApprovalStatus =
  "waiting" | "approved" | "declined" | "expired" | "carrying_out" | "done" | "failed";

export interface ApprovalRow {
  id: string;
  action: PendingConfirmation;
  clientId: string | null;
  appName: string;
  channel: ApprovalChannel;
  status: ApprovalStatus;
  outcome: { summary: string } | null;
  expiresAt: Date;
  decidedAt: Date | null;
  createdAt: Date;
}

function toRow(row: typeof mcpConfirmations.$inferSelect): ApprovalRow {
  return {
    id: row.id,
    action: row.action,
    clientId: row.clientId,
    appName: row.appName,
    channel: row.channel as ApprovalChannel,
    status: row.status as ApprovalStatus,
    outcome: row.outcome ?? null,
    expiresAt: row.expiresAt,
    decidedAt: row.decidedAt,
    createdAt: row.createdAt,
  };
}

/**
 * Changes an MCP client asked for and a person must approve, and what each client said it can
 * do. In the database, so the approval, the client's answer and the waiting tool call may each
 * reach a different instance; every move out of "waiting" is one conditional statement, so a
 * change is approved, declined or expired once and carried out at most once.
 */
export function createMcpConfirmationsRepository(db: Db, now: () => Date = () => new Date()) {
  /** Moves one of the person's rows from one status to the next; null if it was not in `from`. */
  async function move(
    userId: string,
    id: string,
    from: ApprovalStatus,
    to: ApprovalStatus,
    extra: { outcome?: { summary: string }; channel?: ApprovalChannel } = {},
  ): Promise<ApprovalRow | null> {
    const [row] = await db
      .update(mcpConfirmations)
      .set({
        status: to,
        ...(extra.outcome ? { outcome: extra.outcome } : {}),
        ...(from === "waiting" ? { decidedAt: now() } : {}),
      })
      .where(
        and(
          eq(mcpConfirmations.id, id),
          eq(mcpConfirmations.userId, userId),
          eq(mcpConfirmations.status, from),
          ...(extra.channel ? [eq(mcpConfirmations.channel, extra.channel)] : []),
          ...(from === "waiting" ? [gt(mcpConfirmations.expiresAt, now())] : []),
        ),
      )
      .returning();
    return row ? toRow(row) : null;
  }

  return {
    async create(
      userId: string,
      row: {
        action: PendingConfirmation;
        clientId: string | null;
        appName: string;
        channel: ApprovalChannel;
        expiresAt: Date;
      },
    ): Promise<ApprovalRow> {
      // Answered rows older than a week are history nobody reads; clearing them bounds the table.
      await db
        .delete(mcpConfirmations)
        .where(lt(mcpConfirmations.expiresAt, new Date(now().getTime() - 7 * 24 * 60 * 60 * 1000)));
      const [created] = await db
        .insert(mcpConfirmations)
        .values({
          id: row.action.id,
          userId,
          action: row.action,
          clientId: row.clientId,
          appName: row.appName.slice(0, 200),
          channel: row.channel,
          expiresAt: row.expiresAt,
        })
        .returning();
      return toRow(created!);
    },

    async find(userId: string, id: string): Promise<ApprovalRow | null> {
      const [row] = await db
        .select()
        .from(mcpConfirmations)
        .where(and(eq(mcpConfirmations.id, id), eq(mcpConfirmations.userId, userId)));
      return row ? toRow(row) : null;
    },

    /** The person's approvals waiting in Tidemark, newest first. */
    async waiting(userId: string): Promise<ApprovalRow[]> {
      const rows = await db
        .select()
        .from(mcpConfirmations)
        .where(
          and(
            eq(mcpConfirmations.userId, userId),
            eq(mcpConfirmations.channel, "tidemark"),
            eq(mcpConfirmations.status, "waiting"),
            gt(mcpConfirmations.expiresAt, now()),
          ),
        )
        .orderBy(desc(mcpConfirmations.createdAt))
        .limit(50);
      return rows.map(toRow);
    },

    move,

    /** A row still "waiting" after its time is marked expired (so it can no longer be approved). */
    async expire(userId: string, id: string): Promise<void> {
      await db
        .update(mcpConfirmations)
        .set({ status: "expired", decidedAt: now() })
        .where(
          and(
            eq(mcpConfirmations.id, id),
            eq(mcpConfirmations.userId, userId),
            eq(mcpConfirmations.status, "waiting"),
          ),
        );
    },

    /** Records what a client said it can do at `initialize`. */
    async noteClient(tokenId: string, userId: string, elicitation: boolean): Promise<void> {
      await db
        .insert(mcpClients)
        .values({ tokenId, userId, elicitation, updatedAt: now() })
        .onConflictDoUpdate({
          target: mcpClients.tokenId,
          set: { elicitation, updatedAt: sql`excluded.updated_at` },
        });
    },

    async clientElicits(tokenId: string): Promise<boolean> {
      const [row] = await db
        .select({ elicitation: mcpClients.elicitation })
        .from(mcpClients)
        .where(eq(mcpClients.tokenId, tokenId));
      return row?.elicitation ?? false;
    },
  };
}

export type McpConfirmationsRepository = ReturnType<typeof createMcpConfirmationsRepository>;
