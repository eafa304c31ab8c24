import {
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";
import { users } from "./users.js";

/**
 * Google's daily series for one person, property, metric and range, kept for ten minutes: GA4
 * data is not real-time, and every instance reads the same rows, so a chart view costs one
 * Data API call at most once per ten minutes however many instances serve it.
 */
export const trafficReportCache = pgTable(
  "traffic_report_cache",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    propertyId: text("property_id").notNull(),
    metric: text("metric").notNull(),
    /** '28d', '90d', '12m', or 'custom:YYYY-MM-DD:YYYY-MM-DD'. */
    rangeKey: text("range_key").notNull(),
    series: jsonb("series").$type<CachedTrafficSeries>().notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.propertyId, table.metric, table.rangeKey] }),
    index("traffic_report_cache_fetched_idx").on(table.fetchedAt),
  ],
);

export interface CachedTrafficSeries {
  timeZone: string;
  /** Consecutive days, oldest first, including the weeks before the range used as baseline. */
  days: { date: string; value: number }[];
  /** Index of the range's first day in `days`. */
  rangeStart: number;
}

/** Unusual days a person chose not to be asked about again, per property. */
export const dismissedTrafficChanges = pgTable(
  "dismissed_traffic_changes",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    propertyId: text("property_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.propertyId, table.day] })],
);
