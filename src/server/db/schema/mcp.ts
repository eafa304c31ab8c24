import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import type { PendingConfirmation } from "./chat-memory.js";
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
 * A change an MCP client asked for that a person must approve first (a deletion): previewed,
 * then answered by the person — in their AI client when it can ask them (`channel` "client", MCP
 * elicitation), else in Tidemark (`channel` "tidemark", a notice with Approve and Decline). Never
 * carried out on the client's own say-so, and at most once (`status` moves on from "waiting" in
 * one statement).
 */
export const mcpConfirmations = pgTable(
  "mcp_confirmations",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    action: jsonb("action").$type<PendingConfirmation>().notNull(),
    /** The OAuth client that asked, when it was one (null for a personal access token). */
    clientId: varchar("client_id", { length: 2000 }),
    /** Who asked, as the notice names it. */
    appName: varchar("app_name", { length: 200 }).notNull().default(""),
    /** "client" (asked in the AI client) or "tidemark" (waiting on the dashboard and /account). */
    channel: varchar("channel", { length: 20 }).notNull().default("tidemark"),
    /** waiting → approved / declined / expired; approved → done or failed once carried out. */
    status: varchar("status", { length: 20 }).notNull().default("waiting"),
    /** What happened once carried out: a sentence for the person and the client. */
    outcome: jsonb("outcome").$type<{ summary: string }>(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("mcp_confirmations_expires_idx").on(table.expiresAt),
    index("mcp_confirmations_user_status_idx").on(table.userId, table.status),
  ],
);

/**
 * What an MCP client said it can do when it last initialised with a token: a stateless server
 * sees `initialize` once and every later call without it, so the answer is kept per token.
 */
export const mcpClients = pgTable("mcp_clients", {
  tokenId: varchar("token_id", { length: 255 }).primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The client can ask its person a question mid-call (MCP elicitation, form mode). */
  elicitation: boolean("elicitation").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A person's choices about one connected app, kept apart from the provider's own records. */
export const connectedAppSettings = pgTable(
  "connected_app_settings",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: varchar("client_id", { length: 2000 }).notNull(),
    /** The person let this app delete without approving each deletion. */
    deletesWithoutAsking: boolean("deletes_without_asking").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.clientId] })],
);
