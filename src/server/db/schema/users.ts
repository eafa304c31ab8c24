import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns.js";

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    // The sign-in library's own profile fields: a display name and whether the email was proven.
    name: text("name").notNull().default(""),
    emailVerified: boolean("email_verified").notNull().default(false),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    // Defaults to freemium, but sign-up stores null on purpose: a new user picks a plan on /plans.
    subscriptionTier: varchar("subscription_tier", { length: 20 }).default("freemium"),
    lockedPropertyId: text("locked_property_id"),
    /**
     * When a free plan's locked property was last changed to another; null until the first change.
     * The next change is allowed `freePropertyChangeDays` after it (docs/decisions/0041).
     */
    lockedPropertyChangedAt: timestamp("locked_property_changed_at", { withTimezone: true }),
    /** When the person asked to be told once Premium is for sale; null if they have not. */
    premiumInterestAt: timestamp("premium_interest_at", { withTimezone: true }),
    dailyAnnotationCount: integer("daily_annotation_count").notNull().default(0),
    dailyCountResetAt: timestamp("daily_count_reset_at", { withTimezone: true }),
    propertyQuota: integer("property_quota").notNull().default(1),
    /** Assistant messages sent today (free plan's "basic AI" limit), and the UTC day they count for. */
    dailyAssistantMessageCount: integer("daily_assistant_message_count").notNull().default(0),
    assistantCountDay: timestamp("assistant_count_day", { withTimezone: true }),
    annotationQuota: integer("annotation_quota").notNull().default(5),
    // Google tokens are stored encrypted by the application (AES-256-GCM), never in plain text.
    googleAccessToken: text("google_access_token"),
    googleRefreshToken: text("google_refresh_token"),
    googleTokenExpiry: timestamp("google_token_expiry", { withTimezone: true }),
    googleScopes: text("google_scopes"),
    /**
     * The Google account (OpenID `sub`) that granted the Analytics connection; null while not
     * connected, and for a connection made before it was recorded. A deleted account's revoke
     * skips a grant a live account holds (decision 0065).
     */
    googleSubject: text("google_subject"),
    /**
     * When the person last used Tidemark: set at every sign-in and, while they use it, by their
     * first signed-in request of each day. Accounts untouched for the retention period are deleted.
     */
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Emails are compared case-insensitively, so one person cannot hold two accounts by casing.
    uniqueIndex("users_email_unique").on(sql`lower(${table.email})`),
    check(
      "users_subscription_tier_known",
      sql`${table.subscriptionTier} in ('freemium', 'premium')`,
    ),
    // The daily inactivity sweep reads the longest-idle accounts first.
    index("users_last_active_idx").on(table.lastActiveAt),
    index("users_google_subject_idx").on(table.googleSubject),
    check("users_daily_annotation_count_non_negative", sql`${table.dailyAnnotationCount} >= 0`),
    check(
      "users_quotas_non_negative",
      sql`${table.propertyQuota} >= 0 and ${table.annotationQuota} >= 0`,
    ),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
