import { index, jsonb, pgTable, primaryKey, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import type { PendingConfirmation } from "../../features/chat/conversation-state.js";
import { createdAt } from "./columns.js";
import { users } from "./users.js";

/**
 * What the OAuth authorization server (oidc-provider) keeps, one row per record: registered
 * clients, grants, authorization codes, access and refresh tokens, interactions and its sessions.
 * Kept in the database, never in an instance's memory, so every instance behind the load balancer
 * answers for every token. `userId` is the record's person (from the payload's accountId), so an
 * account deletion takes its grants and tokens with it.
 */
export const oauthRecords = pgTable(
  "oauth_records",
  {
    /** The provider's model name: Client, Grant, AccessToken, RefreshToken, Interaction… */
    kind: varchar("kind", { length: 40 }).notNull(),
    id: varchar("id", { length: 255 }).notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    grantId: varchar("grant_id", { length: 255 }),
    uid: varchar("uid", { length: 255 }),
    /** Null: kept until deleted (registered clients). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Set once an authorization code or rotated refresh token has been used. */
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    /** On grants: when a token of the grant last called /mcp (the connected-apps list shows it). */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.id] }),
    index("oauth_records_grant_idx").on(table.grantId),
    index("oauth_records_uid_idx").on(table.uid),
    index("oauth_records_user_idx").on(table.userId, table.kind),
    index("oauth_records_expires_idx").on(table.expiresAt),
  ],
);

/**
 * A deletion (or any write touching several annotations) an MCP client asked for, previewed and
 * waiting for the person's go-ahead: only a `confirm` call with this id, by the same person,
 * before it expires, carries it out, once.
 */
export const mcpConfirmations = pgTable(
  "mcp_confirmations",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    action: jsonb("action").$type<PendingConfirmation>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("mcp_confirmations_expires_idx").on(table.expiresAt)],
);
