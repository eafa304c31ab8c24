import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, uuid, varchar } from "drizzle-orm/pg-core";
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
     * A destructive action the assistant previewed and is waiting for the person to confirm in
     * their next message; anything else they say drops it.
     */
    pendingAction: jsonb("pending_action").$type<PendingAssistantAction>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("chat_sessions_user_idx").on(table.userId)],
);

export interface PendingAssistantAction {
  kind: "delete";
  propertyId: string;
  annotationId: string;
  /** What the person saw in the preview; the action is refused if the annotation changed since. */
  snapshot: { title: string; description: string; color: string; date: string };
}

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
