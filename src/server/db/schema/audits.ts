import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import type { AuditStatus, SuggestionStatus } from "../../../shared/audit.js";
import { annotationCategories } from "./categories.js";
import { createdAt, id, updatedAt } from "./columns.js";
import { users } from "./users.js";

export const annotationAuditSessions = pgTable(
  "annotation_audit_sessions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    propertyId: text("property_id").notNull(),
    startDate: date("start_date"),
    endDate: date("end_date"),
    status: varchar("status", { length: 20 }).$type<AuditStatus>().notNull().default("pending"),
    totalAnnotations: integer("total_annotations").notNull().default(0),
    processedAnnotations: integer("processed_annotations").notNull().default(0),
    lastStep: text("last_step"),
    errorMessage: text("error_message"),
    errorStack: text("error_stack"),
    /** Annotations left without a review because the reviewer kept failing on their batch. */
    skippedAnnotations: integer("skipped_annotations").notNull().default(0),
    /** When the person started it; a pending audit without it was created but never started. */
    startedAt: timestamp("started_at", { withTimezone: true }),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [
    index("annotation_audit_sessions_user_created_idx").on(table.userId, table.createdAt),
    // One audit at a time per person and property, even when two requests race.
    uniqueIndex("annotation_audit_sessions_one_active_idx")
      .on(table.userId, table.propertyId)
      .where(sql`${table.status} in ('pending', 'in_progress')`),
    check(
      "annotation_audit_sessions_status_known",
      sql`${table.status} in ('pending', 'in_progress', 'completed', 'failed')`,
    ),
    check(
      "annotation_audit_sessions_progress_valid",
      sql`${table.processedAnnotations} >= 0 and ${table.totalAnnotations} >= 0`,
    ),
    check(
      "annotation_audit_sessions_date_range_ordered",
      sql`${table.startDate} is null or ${table.endDate} is null or ${table.startDate} <= ${table.endDate}`,
    ),
  ],
);

export const annotationSuggestions = pgTable(
  "annotation_suggestions",
  {
    id: id(),
    auditSessionId: uuid("audit_session_id")
      .notNull()
      .references(() => annotationAuditSessions.id, { onDelete: "cascade" }),
    annotationId: text("annotation_id").notNull(),
    /** The annotation's day (its first day, for a range) when the audit read it; null before it was kept. */
    annotationDate: date("annotation_date"),
    /** Its last day, for a range only. */
    annotationEndDate: date("annotation_end_date"),
    originalTitle: text("original_title").notNull(),
    originalDescription: text("original_description"),
    originalColor: varchar("original_color", { length: 20 }),
    suggestedTitle: text("suggested_title"),
    suggestedDescription: text("suggested_description"),
    suggestedCategoryId: uuid("suggested_category_id").references(() => annotationCategories.id, {
      onDelete: "set null",
    }),
    suggestedCategoryName: varchar("suggested_category_name", { length: 100 }),
    suggestedCategoryDescription: text("suggested_category_description"),
    suggestedCategoryColor: varchar("suggested_category_color", { length: 20 }),
    suggestedColor: varchar("suggested_color", { length: 20 }),
    aiReasoning: text("ai_reasoning"),
    status: varchar("status", { length: 20 })
      .$type<SuggestionStatus>()
      .notNull()
      .default("pending"),
    modifiedTitle: text("modified_title"),
    modifiedDescription: text("modified_description"),
    modifiedCategoryId: uuid("modified_category_id").references(() => annotationCategories.id, {
      onDelete: "set null",
    }),
    /** Why applying it failed, in words for the person. */
    failureReason: text("failure_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // A resumed audit may review a batch again; it never stores a second suggestion for one annotation.
    uniqueIndex("annotation_suggestions_session_annotation_idx").on(
      table.auditSessionId,
      table.annotationId,
    ),
    check(
      "annotation_suggestions_status_known",
      sql`${table.status} in ('pending', 'accepted', 'rejected', 'applying', 'applied', 'failed')`,
    ),
  ],
);

export type AnnotationAuditSession = typeof annotationAuditSessions.$inferSelect;
export type AnnotationSuggestion = typeof annotationSuggestions.$inferSelect;
