import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import type { AnnotationColor } from "../../../shared/annotation-colors.js";
import type { CategoryPreset } from "../../../shared/categories.js";
import type { SuggestionSourceKind } from "../../../shared/suggestion-sources.js";
import { createdAt, id, updatedAt } from "./columns.js";
import { users } from "./users.js";

/*
 * The suggestion inbox. Everything here belongs to a GA4 property (its id, digits only), not to a
 * person: everyone who has the property saved sees the same inbox, and a source reads a property
 * once however many people saved it. Rows name a person only where a person did something (who
 * decided a suggestion, who made a hook or a rule); those go with the person's account, and the
 * property's rows go once no account has the property saved (account-repository.ts).
 */

export const suggestionStatuses = ["open", "accepted", "dismissed"] as const;
export type SuggestionStatus = (typeof suggestionStatuses)[number];

/** One proposed annotation. Unique per property, source and item: an item is suggested once. */
export const inboxSuggestions = pgTable(
  "inbox_suggestions",
  {
    id: id(),
    propertyId: text("property_id").notNull(),
    source: varchar("source", { length: 30 }).notNull().$type<SuggestionSourceKind>(),
    itemKey: text("item_id").notNull(),
    /** Where within the source it came from (a hook's id), for rules; null for one-origin sources. */
    origin: text("origin"),
    /** YYYY-MM-DD; the end only for a range (both inclusive). */
    startDate: varchar("start_date", { length: 10 }).notNull(),
    endDate: varchar("end_date", { length: 10 }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    color: varchar("color", { length: 10 }).notNull().$type<AnnotationColor>(),
    categoryPreset: varchar("category_preset", { length: 20 })
      .notNull()
      .$type<CategoryPreset["key"]>(),
    status: varchar("status", { length: 10 }).notNull().default("open").$type<SuggestionStatus>(),
    /**
     * The create request id its acceptance uses, so an accept repeated after a lost answer from
     * Google never makes a second annotation. Replaced only after a create that surely failed.
     */
    requestId: uuid("request_id").notNull().defaultRandom(),
    annotationId: text("annotation_id"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    /** "person", or "rule" for one a rule accepted without asking. */
    decidedHow: varchar("decided_how", { length: 10 }).$type<"person" | "rule">(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    unique("inbox_suggestions_item_unique").on(table.propertyId, table.source, table.itemKey),
    index("inbox_suggestions_property_status_idx").on(table.propertyId, table.status),
    index("inbox_suggestions_decided_by_idx").on(table.decidedBy),
    check(
      "inbox_suggestions_status_known",
      sql`${table.status} in ('open', 'accepted', 'dismissed')`,
    ),
  ],
);
export type InboxSuggestion = typeof inboxSuggestions.$inferSelect;
export type NewInboxSuggestion = typeof inboxSuggestions.$inferInsert;

/** Where each source stopped reading each property. */
export const inboxCursors = pgTable(
  "inbox_cursors",
  {
    propertyId: text("property_id").notNull(),
    source: varchar("source", { length: 30 }).notNull().$type<SuggestionSourceKind>(),
    cursor: text("cursor"),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.propertyId, table.source] })],
);

/** A property's release webhook: a secret address and the key its deliveries are signed with. */
export const inboxHooks = pgTable(
  "inbox_hooks",
  {
    id: id(),
    propertyId: text("property_id").notNull(),
    name: text("name").notNull(),
    /** The signing secret, sealed with the server's key: verifying a signature needs it back. */
    sealedSecret: text("sealed_secret").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [index("inbox_hooks_property_idx").on(table.propertyId)],
);
export type InboxHook = typeof inboxHooks.$inferSelect;

/**
 * A verified delivery, reduced to what a suggestion needs, waiting for the webhook source to read
 * it (its row number is the source's cursor). Unique per hook and delivery id: a replayed GitHub
 * delivery is stored once.
 */
export const inboxHookDeliveries = pgTable(
  "inbox_hook_deliveries",
  {
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    hookId: uuid("hook_id")
      .notNull()
      .references(() => inboxHooks.id, { onDelete: "cascade" }),
    propertyId: text("property_id").notNull(),
    deliveryId: text("delivery_id").notNull(),
    /** The released thing's identity (a GitHub release id, a deploy's sha), for the item key. */
    itemKey: text("item_id").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    /** YYYY-MM-DD. */
    day: varchar("day", { length: 10 }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("inbox_hook_deliveries_delivery_unique").on(table.hookId, table.deliveryId),
    index("inbox_hook_deliveries_property_idx").on(table.propertyId, table.seq),
  ],
);

/** The public-holiday calendar a property follows; no row, no holidays. */
export const inboxHolidayCalendars = pgTable("inbox_holiday_calendars", {
  propertyId: text("property_id").primaryKey(),
  country: varchar("country", { length: 2 }).notNull(),
  region: varchar("region", { length: 10 }),
  updatedAt: updatedAt(),
});

/**
 * 'Always accept from this source (or this hook)': new suggestions from it are accepted without
 * asking, by the person who made the rule, within their daily quota.
 */
export const inboxRules = pgTable(
  "inbox_rules",
  {
    id: id(),
    propertyId: text("property_id").notNull(),
    source: varchar("source", { length: 30 }).notNull().$type<SuggestionSourceKind>(),
    /** A hook's id for one hook only; null for every item of the source. */
    origin: text("origin"),
    /** The person's category the accepted annotations are filed under; null for none. */
    categoryId: uuid("category_id"),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    unique("inbox_rules_origin_unique")
      .on(table.propertyId, table.source, table.origin)
      .nullsNotDistinct(),
    index("inbox_rules_user_idx").on(table.userId),
  ],
);
export type InboxRule = typeof inboxRules.$inferSelect;
