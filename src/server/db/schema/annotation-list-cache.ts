import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { Annotation } from "../../../shared/contracts/annotations.js";
import { users } from "./users.js";

/**
 * One person's list of one property's annotations as Google last answered it (with their own
 * extras), for All annotations: searching, filtering, sorting and paging read it instead of
 * Google, and every instance reads the same rows. Kept ten minutes, less after the person
 * changes an annotation there, or until they ask for a refresh (decision 0055).
 */
export const annotationListCache = pgTable(
  "annotation_list_cache",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    propertyId: text("property_id").notNull(),
    annotations: jsonb("annotations").$type<Annotation[]>().notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.propertyId] }),
    index("annotation_list_cache_fetched_idx").on(table.fetchedAt),
  ],
);
