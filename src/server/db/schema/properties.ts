import { sql } from "drizzle-orm";
import { check, pgTable, text, unique, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.js";
import { users } from "./users.js";

/** A GA4 property a user has saved to work with. */
export const properties = pgTable(
  "properties",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    propertyId: text("property_id").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    /**
     * The property's reporting time zone (IANA name) as Google's Admin API gives it: GA4 counts
     * the property's days, annotation dates included, in it. Null until it has been read.
     */
    timeZone: text("time_zone"),
    // Text ('true' / 'false') rather than boolean: the product's data model fixes the column so.
    locked: varchar("locked", { length: 10 }).notNull().default("false"),
    createdAt: createdAt(),
  },
  (table) => [
    unique("properties_user_property_unique").on(table.userId, table.propertyId),
    check("properties_locked_boolean_text", sql`${table.locked} in ('true', 'false')`),
  ],
);

export type SavedProperty = typeof properties.$inferSelect;
export type NewSavedProperty = typeof properties.$inferInsert;
