import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, uuid, varchar } from "drizzle-orm/pg-core";
import type { CreateAnnotationRequest } from "../../../shared/contracts/annotations.js";
import { createdAt, updatedAt } from "./columns.js";
import { users } from "./users.js";

/** One row of an imported file and what became of it. */
export interface ImportRowRecord {
  /** The file's line the row starts on. */
  line: number;
  title: string;
  /**
   * "pending": to be written (left for tomorrow once the day's quota ran out, or tried and not
   * confirmed by Google yet: its message says why); "imported"; "failed": the write was refused;
   * "skipped": the preview found a problem, never written.
   */
  state: "pending" | "imported" | "failed" | "skipped";
  /** Why it failed or was skipped, or why a pending row tried already is not written yet. */
  message?: string;
  propertyId?: string;
  /** The request written, with the row's own request id: a retry never makes a second one. */
  request?: CreateAnnotationRequest & { requestId: string };
  annotationId?: string;
}

/**
 * A person's CSV imports of annotations: each row of the file with what became of it, and the
 * counts the progress bar reads. Rows are written by a background job through the annotations
 * service; the import waits for a resume when the day's quota runs out.
 */
export const annotationImports = pgTable(
  "annotation_imports",
  {
    /** Chosen by the page once per import, so a start sent twice is one import. */
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fileName: varchar("file_name", { length: 255 }).notNull(),
    status: varchar("status", { length: 20 }).notNull(),
    total: integer("total").notNull(),
    imported: integer("imported").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    rows: jsonb("rows").$type<ImportRowRecord[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("annotation_imports_user_idx").on(table.userId, table.createdAt),
    check(
      "annotation_imports_status_known",
      sql`${table.status} in ('running', 'waiting_for_quota', 'waiting_for_google', 'done')`,
    ),
  ],
);

export type AnnotationImport = typeof annotationImports.$inferSelect;
