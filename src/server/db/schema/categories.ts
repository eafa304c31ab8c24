import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns.js";
import { users } from "./users.js";

export const annotationCategories = pgTable(
  "annotation_categories",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 100 }).notNull(),
    color: varchar("color", { length: 20 }).notNull(),
    description: text("description"),
    titleTemplate: text("title_template"),
    isDefault: text("is_default").notNull().default("false"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("annotation_categories_user_idx").on(table.userId),
    uniqueIndex("annotation_categories_user_name_unique").on(
      table.userId,
      sql`lower(${table.name})`,
    ),
    check(
      "annotation_categories_is_default_boolean_text",
      sql`${table.isDefault} in ('true', 'false')`,
    ),
  ],
);

export type AnnotationCategory = typeof annotationCategories.$inferSelect;
export type NewAnnotationCategory = typeof annotationCategories.$inferInsert;
