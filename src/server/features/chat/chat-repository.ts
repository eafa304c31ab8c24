import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import {
  chatMessages,
  chatSessions,
  users,
  type ChatMessage,
  type ChatSession,
} from "../../db/schema/index.js";
import type { ConversationMemory, PendingConfirmation } from "./conversation-state.js";

/** Conversations and their messages. */
function sessionQueries(db: Db) {
  return {
    async findSession(userId: string, sessionId: string): Promise<ChatSession | null> {
      const [session] = await db
        .select()
        .from(chatSessions)
        .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)))
        .limit(1);
      return session ?? null;
    },

    /**
     * Starts a conversation and deletes the person's oldest beyond `keep` (with their messages),
     * in one transaction holding their user row: parallel starts, on any instance, take turns, so
     * the count never passes `keep`. The new one is never among those deleted, even when a start
     * that waited for the lock carries an older timestamp than one committed meanwhile.
     */
    async createSession(
      userId: string,
      propertyId: string | null,
      keep: number,
    ): Promise<ChatSession> {
      return db.transaction(async (tx) => {
        // "No key update" queues the person's other starts but not inserts that only reference them.
        await tx.execute(sql`select id from ${users} where id = ${userId} for no key update`);
        const [session] = await tx.insert(chatSessions).values({ userId, propertyId }).returning();
        await tx.execute(sql`
          delete from ${chatSessions}
          where user_id = ${userId} and id <> ${session!.id} and id not in (
            select id from ${chatSessions}
            where user_id = ${userId} and id <> ${session!.id}
            order by created_at desc, id desc
            limit ${Math.max(0, keep - 1)})`);
        return session!;
      });
    },

    async deleteSession(userId: string, sessionId: string): Promise<boolean> {
      const deleted = await db
        .delete(chatSessions)
        .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)))
        .returning({ id: chatSessions.id });
      return deleted.length > 0;
    },

    async addMessage(
      sessionId: string,
      role: "user" | "assistant",
      content: string,
    ): Promise<ChatMessage> {
      const [message] = await db
        .insert(chatMessages)
        .values({ sessionId, role, content })
        .returning();
      return message!;
    },

    messages(sessionId: string): Promise<ChatMessage[]> {
      return db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.sessionId, sessionId))
        .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
    },
  };
}

/** What a turn keeps with its conversation, and the person's message allowance. */
function turnQueries(db: Db) {
  return {
    async setPendingAction(sessionId: string, action: PendingConfirmation | null): Promise<void> {
      await db
        .update(chatSessions)
        .set({ pendingAction: action })
        .where(eq(chatSessions.id, sessionId));
    },

    /**
     * Takes the session's pending confirmation if it is the one named, clearing it in the same
     * statement: of two instances settling it at once, exactly one gets it (single use).
     */
    async takePendingAction(
      sessionId: string,
      confirmationId: string,
    ): Promise<PendingConfirmation | null> {
      const result = await db.execute<{ pending_action: PendingConfirmation }>(sql`
        with taken as (
          select id, pending_action from ${chatSessions}
          where id = ${sessionId} and pending_action ->> 'id' = ${confirmationId}
          for update
        )
        update ${chatSessions} as session set pending_action = null
        from taken
        where session.id = taken.id and session.pending_action ->> 'id' = ${confirmationId}
        returning taken.pending_action`);
      return result.rows[0]?.pending_action ?? null;
    },

    async setMemory(sessionId: string, memory: ConversationMemory): Promise<void> {
      await db.update(chatSessions).set({ memory }).where(eq(chatSessions.id, sessionId));
    },

    async setProperty(sessionId: string, propertyId: string): Promise<void> {
      await db.update(chatSessions).set({ propertyId }).where(eq(chatSessions.id, sessionId));
    },

    /**
     * Takes one of today's assistant messages for a free user, atomically (one conditional
     * UPDATE, as the annotation quota); false once the day's limit is used.
     */
    async takeAssistantMessage(userId: string, day: Date, limit: number): Promise<boolean> {
      const result = await db.execute<{ id: string }>(sql`
        update ${users} set
          daily_assistant_message_count = case when assistant_count_day = ${day} then daily_assistant_message_count + 1 else 1 end,
          assistant_count_day = ${day}
        where id = ${userId}
          and (assistant_count_day is distinct from ${day} or daily_assistant_message_count < ${limit})
        returning id`);
      return result.rows.length === 1;
    },
  };
}

export function createChatRepository(db: Db) {
  return { ...sessionQueries(db), ...turnQueries(db) };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
