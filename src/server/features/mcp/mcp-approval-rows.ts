import { and, desc, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { mcpConfirmations } from "../../db/schema/index.js";
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

/** Approvals asked for, found, and listed while they wait. */
export function createApprovalRequests(db: Db, now: () => Date) {
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
  };
}

/** Every move out of a status is one conditional statement: a row leaves it once. */
export function createApprovalMoves(db: Db, now: () => Date) {
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
  };
}
