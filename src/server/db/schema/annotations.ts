import { sql } from "drizzle-orm";
import { check, index, pgTable, text, unique, uuid, varchar } from "drizzle-orm/pg-core";
import { annotationCategories } from "./categories.js";
import { createdAt, id } from "./columns.js";
import { users } from "./users.js";

/**
 * What one person's Tidemark knows about an annotation that GA4 itself cannot store (its
 * category). The annotation itself lives in Google and is shared by everyone with access to the
 * property; categories are per person, so each person's assignment is a row of their own.
 */
export const annotationMetadata = pgTable(
  "annotation_metadata",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    annotationId: text("annotation_id").notNull(),
    propertyId: text("property_id").notNull(),
    categoryId: uuid("category_id").references(() => annotationCategories.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (table) => [
    unique("annotation_metadata_user_property_annotation_unique").on(
      table.userId,
      table.propertyId,
      table.annotationId,
    ),
    index("annotation_metadata_category_idx").on(table.categoryId),
  ],
);

export const annotationEventTypes = ["created", "updated", "deleted"] as const;
export type AnnotationEventType = (typeof annotationEventTypes)[number];

/** An append-only record of every change a user made to an annotation through Tidemark. */
export const annotationEvents = pgTable(
  "annotation_events",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    propertyId: text("property_id").notNull(),
    annotationId: text("annotation_id").notNull(),
    eventType: varchar("event_type", { length: 20 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("annotation_events_user_created_idx").on(table.userId, table.createdAt),
    check(
      "annotation_events_type_known",
      sql`${table.eventType} in ('created', 'updated', 'deleted')`,
    ),
  ],
);

export type AnnotationMetadata = typeof annotationMetadata.$inferSelect;
export type AnnotationEvent = typeof annotationEvents.$inferSelect;
