import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.js";

/**
 * What outlives a deleted account, so that deleting and signing up again does not reset the free
 * plan's limits. Keyed by a keyed hash of the normalised address (never the address itself), and
 * holding only the day's counts, the property lock and when each stops mattering; the daily sweep
 * deletes a row once `expires_at` has passed. A sign-up for the same address starts from it.
 */
export const accountTombstones = pgTable(
  "account_tombstones",
  {
    /** HMAC-SHA-256 of the trimmed, lower-cased address under a key derived from the session secret. */
    addressHash: text("address_hash").primaryKey(),
    annotationCount: integer("annotation_count").notNull().default(0),
    /** The start of the UTC day `annotation_count` belongs to. */
    annotationCountDay: timestamp("annotation_count_day", { withTimezone: true }),
    assistantMessageCount: integer("assistant_message_count").notNull().default(0),
    /** The start of the UTC day `assistant_message_count` belongs to. */
    assistantCountDay: timestamp("assistant_count_day", { withTimezone: true }),
    /** The free plan's one property (a Google Analytics property id), carried to a new account. */
    lockedPropertyId: text("locked_property_id"),
    lockKeptUntil: timestamp("lock_kept_until", { withTimezone: true }),
    /** When every piece above has stopped mattering: the sweep deletes the row after this. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("account_tombstones_expires_idx").on(table.expiresAt),
    check(
      "account_tombstones_counts_non_negative",
      sql`${table.annotationCount} >= 0 and ${table.assistantMessageCount} >= 0`,
    ),
  ],
);

/**
 * A Google token of a deleted account, sealed with the token encryption key, waiting for Google to
 * confirm its revocation. The revoke job deletes the row as soon as Google answers (or when it
 * gives up), so the token does not outlive the job.
 */
export const pendingGoogleRevocations = pgTable("pending_google_revocations", {
  id: id(),
  sealedToken: text("sealed_token").notNull(),
  /**
   * The Google account (OpenID `sub`) the token was granted by, sealed like the token; null when
   * it was not known. Revoking ends that Google account's whole grant to Tidemark, so the job
   * skips it while a live account holds a grant of the same Google account (decision 0065).
   */
  sealedGoogleSubject: text("sealed_google_subject"),
  createdAt: createdAt(),
});

export type AccountTombstone = typeof accountTombstones.$inferSelect;
export type NewAccountTombstone = typeof accountTombstones.$inferInsert;
