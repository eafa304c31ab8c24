import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, uuid, varchar } from "drizzle-orm/pg-core";
import type { ConversationMemory, PendingConfirmation } from "./chat-memory.js";
import { createdAt, id, updatedAt } from "./columns.js";
import { users } from "./users.js";

export const chatSessions = pgTable(
  "chat_sessions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The GA4 property the conversation is about, when one is known. */
    propertyId: text("property_id"),
    /**
     * A destructive or multi-annotation action the assistant previewed, waiting for the person's
     * Confirm (button or a clear yes) in their next message; anything else they say drops it.
     */
    pendingAction: jsonb("pending_action").$type<PendingConfirmation>(),
    /** What the conversation remembers between turns: an open question, the annotation in focus. */
    memory: jsonb("memory").$type<ConversationMemory>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("chat_sessions_user_idx").on(table.userId)],
);

export const chatRoles = ["user", "assistant"] as const;

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: id(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    role: varchar("role", { length: 20 }).notNull(),
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("chat_messages_session_created_idx").on(table.sessionId, table.createdAt),
    check("chat_messages_role_known", sql`${table.role} in ('user', 'assistant')`),
  ],
);

export type ChatSession = typeof chatSessions.$inferSelect;
export type ChatMessage = typeof chatMessages.$inferSelect;
