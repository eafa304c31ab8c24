import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { annotationCategories } from "./categories.js";
import { createdAt, id, updatedAt } from "./columns.js";
import { users } from "./users.js";

export const auditSessionStatuses = ["pending", "in_progress", "completed", "failed"] as const;
export const suggestionStatuses = ["pending", "accepted", "rejected", "applied", "failed"] as const;

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
    status: varchar("status", { length: 20 }).notNull().default("pending"),
    totalAnnotations: integer("total_annotations").notNull().default(0),
    processedAnnotations: integer("processed_annotations").notNull().default(0),
    lastStep: text("last_step"),
    errorMessage: text("error_message"),
    errorStack: text("error_stack"),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [
    index("annotation_audit_sessions_user_created_idx").on(table.userId, table.createdAt),
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
    status: varchar("status", { length: 20 }).notNull().default("pending"),
    modifiedTitle: text("modified_title"),
    modifiedDescription: text("modified_description"),
    modifiedCategoryId: uuid("modified_category_id").references(() => annotationCategories.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("annotation_suggestions_session_idx").on(table.auditSessionId),
    check(
      "annotation_suggestions_status_known",
      sql`${table.status} in ('pending', 'accepted', 'rejected', 'applied', 'failed')`,
    ),
  ],
);

export type AnnotationAuditSession = typeof annotationAuditSessions.$inferSelect;
export type AnnotationSuggestion = typeof annotationSuggestions.$inferSelect;
