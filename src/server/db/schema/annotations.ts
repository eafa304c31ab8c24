import { sql } from "drizzle-orm";
import {
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
import type { AnnotationSource } from "../../../shared/contracts/annotations.js";
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

/**
 * What Tidemark knows about an annotation itself, the same for everyone who can see it: where it
 * came from and when it was added through Tidemark. Written when Tidemark makes an annotation,
 * deleted when it deletes one. It names no person, so it outlives the account that made it, as
 * the annotation in Google does. An annotation without a row was made outside Tidemark.
 */
export const sharedAnnotationMetadata = pgTable(
  "shared_annotation_metadata",
  {
    propertyId: text("property_id").notNull(),
    annotationId: text("annotation_id").notNull(),
    /** Null only for annotations made before Tidemark recorded how. */
    source: varchar("source", { length: 20 }).$type<AnnotationSource>(),
    /** When it was added through Tidemark. */
    addedAt: timestamp("added_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.propertyId, table.annotationId] }),
    check(
      "shared_annotation_metadata_source_known",
      sql`${table.source} in ('tidemark', 'assistant', 'audit', 'import', 'api', 'google')`,
    ),
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
export type SharedAnnotationMetadata = typeof sharedAnnotationMetadata.$inferSelect;
export type AnnotationEvent = typeof annotationEvents.$inferSelect;
