import {
  char,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.js";
import { users } from "./users.js";

/**
 * Personal access tokens. Only the SHA-256 of the token is kept: the token itself is shown once,
 * when it is made, and cannot be read back from the database. `prefix` (the token's first
 * characters) lets the person tell their tokens apart without revealing one.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 100 }).notNull(),
    prefix: varchar("prefix", { length: 16 }).notNull(),
    tokenHash: char("token_hash", { length: 64 }).notNull().unique(),
    scopes: text("scopes").array().notNull(),
    /** Null: never expires. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("api_tokens_user_idx").on(table.userId)],
);

export type ApiToken = typeof apiTokens.$inferSelect;

/**
 * The first answer to a write sent with an Idempotency-Key, per token, kept 24 hours so a retry
 * gets the same answer instead of a second write. `requestHash` is the SHA-256 of the method,
 * path and body (as canonical JSON: keys sorted, so their order does not matter), so the same key
 * sent with another request is recognised and refused.
 */
export const apiIdempotencyKeys = pgTable(
  "api_idempotency_keys",
  {
    tokenId: uuid("token_id")
      .notNull()
      .references(() => apiTokens.id, { onDelete: "cascade" }),
    key: varchar("idempotency_key", { length: 255 }).notNull(),
    requestHash: char("request_hash", { length: 64 }).notNull(),
    /** Null while the first request is still running. */
    status: integer("status"),
    body: jsonb("body"),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tokenId, table.key] }),
    index("api_idempotency_keys_created_idx").on(table.createdAt),
  ],
);
