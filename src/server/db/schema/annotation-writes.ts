import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import type { AnnotationCreateExtras } from "../../../shared/contracts/annotations.js";
import { createdAt, updatedAt } from "./columns.js";
import { users } from "./users.js";

/**
 * The extras a create keeps beside Google's fields. A restore (the undo of a deletion Tidemark
 * recorded, decision 0039) also names that deletion, which takes it off the day's quota, and
 * carries the annotation's first record: when it was added (null: made outside Tidemark).
 */
export type CreateRequestExtras = AnnotationCreateExtras & {
  restores?: string;
  addedAt?: string | null;
  /**
   * The request id of the undo that opened a restore: whoever finds the restore landed (that undo,
   * or a listing after its answer was lost) records it as that undo, so the undo asked again with
   * the same id gets its answer.
   */
  undoRequestId?: string;
};

export const annotationCreateStates = ["pending", "unconfirmed", "created", "failed"] as const;
export type AnnotationCreateState = (typeof annotationCreateStates)[number];

/**
 * One create, by our own identity (a request id per create), remembered until Google's answer is
 * known. A retried request with the same id is never sent twice; a create whose answer was lost
 * stays "unconfirmed", its quota slot kept, until the annotation shows up in a listing (created)
 * or a listing read after it could have landed does not show it (failed, slot given back).
 */
export const annotationCreateRequests = pgTable(
  "annotation_create_requests",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    propertyId: text("property_id").notNull(),
    state: varchar("state", { length: 20 }).notNull().$type<AnnotationCreateState>(),
    /** Google's annotation id, once known. */
    annotationId: text("annotation_id"),
    /** What was sent, to recognise the annotation in a listing when its answer was lost. */
    body: jsonb("body").$type<Record<string, unknown>>().notNull(),
    /**
     * Tidemark's own fields for the annotation, kept beside Google's so a create whose answer was
     * lost still gets them when a listing finds it. Creates opened before they were kept have
     * none (the default).
     */
    extras: jsonb("extras")
      .$type<CreateRequestExtras>()
      .notNull()
      .default({ categoryId: null, source: null }),
    /** The UTC day whose quota slot this create holds. */
    quotaDay: timestamp("quota_day", { withTimezone: true, mode: "date" }).notNull(),
    /**
     * From when it would show in any listing had it landed, so a listing that starts later and
     * does not show it proves it never did. Set when the create is opened to when its first
     * attempt will have run its course at Google (its timeout and Google's grace), pushed on
     * before each further attempt, and brought forward when it ends unconfirmed; so a create
     * whose process died mid-create is settled by a listing too. Null for creates opened before.
     */
    settleAfter: timestamp("settle_after", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("annotation_create_requests_open_idx")
      .on(table.userId, table.propertyId)
      .where(sql`${table.state} in ('pending', 'unconfirmed')`),
    check(
      "annotation_create_requests_state_known",
      sql`${table.state} in ('pending', 'unconfirmed', 'created', 'failed')`,
    ),
  ],
);

export type AnnotationCreateRequest = typeof annotationCreateRequests.$inferSelect;
