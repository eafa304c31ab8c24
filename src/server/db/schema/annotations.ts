import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import type { AnnotationSource } from "../../../shared/contracts/annotations.js";
import type { AnnotationFields } from "../../../shared/contracts/annotation-history.js";
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
      sql`${table.source} in ('tidemark', 'assistant', 'audit', 'import', 'api', 'google', 'inbox')`,
    ),
  ],
);

export const annotationEventTypes = ["created", "updated", "deleted"] as const;
export type AnnotationEventType = (typeof annotationEventTypes)[number];

/**
 * An append-only record of every change a person made to an annotation through Tidemark: who
 * (the person), when, where (the table, the assistant, an audit) and the fields before and after,
 * so it can be shown as the annotation's history and undone. It is the person's own: exported
 * with the account and deleted with it.
 */
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
    /** Where the change was made; null for changes recorded before it was kept. */
    source: varchar("source", { length: 20 }).$type<AnnotationSource>(),
    /** The fields before the change; null for a create and for changes recorded before. */
    before: jsonb("before").$type<AnnotationFields>(),
    /** The fields after the change; null for a deletion and for changes recorded before. */
    after: jsonb("after").$type<AnnotationFields>(),
    /** The change this one undid. At most one undo per change (the unique index). */
    undoesEventId: uuid("undoes_event_id").references((): AnyPgColumn => annotationEvents.id, {
      onDelete: "set null",
    }),
    /** The caller's id for the undo that made this change, so a retry gets the same answer. */
    requestId: uuid("request_id"),
    /** The bulk action this change was one row of (its request id), undone together. */
    batchId: uuid("batch_id"),
    /**
     * The change whose version this one put back (Restore, from the history). A version may be
     * restored any number of times; each restore's request id is unique per person (the index).
     */
    restoresEventId: uuid("restores_event_id").references((): AnyPgColumn => annotationEvents.id, {
      onDelete: "set null",
    }),
    /**
     * A deletion recorded before its DELETE is sent, with what the annotation held, so that its
     * content is never lost to a lost answer or a crash: true until Google is known to have
     * deleted it (then it is a deletion like any other) or known not to have (then the row goes).
     * Pending rows are no change yet: histories, undo and bulk answers leave them out.
     */
    pending: boolean("pending").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index("annotation_events_user_created_idx").on(table.userId, table.createdAt),
    // A bulk action changes each of its rows once, however often its request is sent.
    uniqueIndex("annotation_events_batch_row_unique")
      .on(table.userId, table.batchId, table.propertyId, table.annotationId)
      .where(sql`${table.batchId} is not null`),
    index("annotation_events_annotation_idx").on(table.propertyId, table.annotationId),
    uniqueIndex("annotation_events_undoes_unique").on(table.undoesEventId),
    // A restore sent again under its request id (a retry) is recorded once.
    uniqueIndex("annotation_events_restore_request_unique")
      .on(table.userId, table.requestId)
      .where(sql`${table.restoresEventId} is not null`),
    // Every listing asks whether the person has deletions of the property still to settle.
    index("annotation_events_pending_idx")
      .on(table.userId, table.propertyId)
      .where(sql`${table.pending}`),
    check(
      "annotation_events_type_known",
      sql`${table.eventType} in ('created', 'updated', 'deleted')`,
    ),
    check(
      "annotation_events_source_known",
      sql`${table.source} in ('tidemark', 'assistant', 'audit', 'import', 'api', 'google', 'inbox')`,
    ),
  ],
);

export type AnnotationMetadata = typeof annotationMetadata.$inferSelect;
export type SharedAnnotationMetadata = typeof sharedAnnotationMetadata.$inferSelect;
export type AnnotationEvent = typeof annotationEvents.$inferSelect;

/**
 * Copies of one annotation on several properties, made together (decision 0058): each member is
 * one annotation in Google, keyed as Google keys it (property, annotation), and `setId` ties the
 * copies together. It belongs to the annotations, not to a person: anyone who can see two of
 * the copies may change them together. A member leaves when Tidemark deletes its annotation, or
 * when a listing of its property no longer shows it (deleted in GA4 directly).
 */
export const annotationSetMembers = pgTable(
  "annotation_set_members",
  {
    propertyId: text("property_id").notNull(),
    annotationId: text("annotation_id").notNull(),
    setId: uuid("set_id").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.propertyId, table.annotationId] }),
    index("annotation_set_members_set_idx").on(table.setId),
  ],
);

export type AnnotationSetMember = typeof annotationSetMembers.$inferSelect;
