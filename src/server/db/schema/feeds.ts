import { char, index, pgTable, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.js";
import { users } from "./users.js";

/**
 * Annotation feeds: a secret address serving a set of the person's saved properties' annotations
 * as CSV (for Google Sheets' IMPORTDATA and Looker Studio). As with personal access tokens only
 * the SHA-256 of the address's token is kept; `prefix` tells the person's feeds apart.
 */
export const annotationFeeds = pgTable(
  "annotation_feeds",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 100 }).notNull(),
    prefix: varchar("prefix", { length: 16 }).notNull(),
    tokenHash: char("token_hash", { length: 64 }).notNull().unique(),
    /** GA4 property ids, each one the person had saved when the feed was made. */
    propertyIds: text("property_ids").array().notNull(),
    lastReadAt: timestamp("last_read_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("annotation_feeds_user_idx").on(table.userId)],
);

export type AnnotationFeed = typeof annotationFeeds.$inferSelect;
