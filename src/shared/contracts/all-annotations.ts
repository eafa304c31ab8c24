import { z } from "zod";
import { annotationColors } from "../annotation-colors.js";
import { isRealDate } from "../calendar-date.js";
import { propertyIdPattern } from "../property-id.js";
import { annotation } from "./annotations.js";
import { annotationSortColumns } from "../annotation-filter.js";
import { maxBulkItems } from "./bulk-annotations.js";

/**
 * All annotations (/annotations): every saved property's annotations in one table, searched,
 * filtered, sorted and paged on the server from a cache of Google's lists (decision 0055).
 */

export const allAnnotationsPageLimit = 200;
export const allAnnotationsDefaultLimit = 50;

/** The category filter's value for annotations without a category. */
export const noCategoryFilter = "none";

/** A filter that may name several values: repeated (`color=RED&color=BLUE`) or comma-separated. */
function listOf<T extends z.ZodType<string>>(item: T, tooMany: string) {
  return z.preprocess(
    (value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((part) => (typeof part === "string" ? part.split(",") : [part]))
        .filter((part) => part !== ""),
    z.array(item).max(50, tooMany),
  );
}

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Dates are written YYYY-MM-DD")
  .refine((text) => {
    const [year, month, day] = text.split("-").map(Number) as [number, number, number];
    return isRealDate({ year, month, day });
  }, "That date does not exist");

/** The page's query string, as the address bar carries it (so a view can be shared). */
export const allAnnotationsQuery = z
  .strictObject({
    /** Words found in the title or the description, ignoring case. */
    q: z.string().max(200, "The search must be 200 characters or fewer").optional(),
    /** Any of these GA4 properties. */
    property: listOf(
      z.string().regex(propertyIdPattern, "Property IDs are numbers, like 123456789"),
      "Choose at most 50 properties",
    ).optional(),
    /** Annotations whose day, or any day of whose range, is on or after this day… */
    from: isoDay.optional(),
    /** …and on or before this one. */
    to: isoDay.optional(),
    /** Any of these colours. */
    color: listOf(
      z.enum([...annotationColors, "ORANGE"] as const, {
        message: `Colour must be one of ${annotationColors.join(", ")}`,
      }),
      "Choose at most 50 colours",
    ).optional(),
    /** Any of these categories' ids, "none" for annotations without one. */
    category: listOf(
      z
        .string()
        .refine(
          (value) => value === noCategoryFilter || z.uuid().safeParse(value).success,
          "That is not a valid category",
        ),
      "Choose at most 50 categories",
    ).optional(),
    sort: z
      .enum(annotationSortColumns, {
        message: `Sort by one of ${annotationSortColumns.join(", ")}`,
      })
      .default("date"),
    dir: z.enum(["asc", "desc"], { message: "Sort direction is asc or desc" }).default("desc"),
    offset: z.coerce
      .number({ message: "offset must be a number" })
      .int("offset must be a whole number")
      .min(0, "offset must be 0 or more")
      .max(1_000_000, "offset is too large")
      .default(0),
    limit: z.coerce
      .number({ message: "limit must be a number" })
      .int("limit must be a whole number")
      .min(1, "limit must be at least 1")
      .max(allAnnotationsPageLimit, `limit must be at most ${allAnnotationsPageLimit}`)
      .default(allAnnotationsDefaultLimit),
    /** "1": read every property from Google again instead of from the cache. */
    refresh: z.enum(["1"], { message: "refresh is 1 or absent" }).optional(),
    /**
     * "keys": instead of a page, which annotations match (property, id and title), in the view's
     * order and at most the bulk actions' maximum, for "Select all N matching". Offset and limit
     * do not apply.
     */
    fields: z.enum(["keys"], { message: "fields is keys or absent" }).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: "The period's end must be on or after its start",
    path: ["to"],
  });
export type AllAnnotationsQuery = z.output<typeof allAnnotationsQuery>;

/**
 * The view's export (`/api/annotations/export?format=csv&…`): the same query names as the page,
 * every matching annotation in the view's order; offset and limit do not apply.
 */
export const allAnnotationsExportFormats = ["csv", "json"] as const;
export const allAnnotationsExportFormat = z.enum(allAnnotationsExportFormats, {
  message: "format is csv or json",
});
export type AllAnnotationsExportFormat = z.infer<typeof allAnnotationsExportFormat>;
export type AllAnnotationsQueryInput = z.input<typeof allAnnotationsQuery>;

/** A saved property as the page lists it, and whether its annotations could be read. */
export const allAnnotationsProperty = z.object({
  propertyId: z.string(),
  name: z.string(),
  timeZone: z.string().nullable(),
  /** When its list was read from Google (ISO 8601); null when it could not be read. */
  fetchedAt: z.iso.datetime().nullable(),
  /** Why it could not be read ("Could not read 'Shop AU': …"); null when it was. */
  problem: z.string().nullable(),
});
export type AllAnnotationsProperty = z.infer<typeof allAnnotationsProperty>;

export const allAnnotationsRow = z.object({
  propertyId: z.string(),
  propertyName: z.string(),
  annotation,
});
export type AllAnnotationsRow = z.infer<typeof allAnnotationsRow>;

export const allAnnotationsResponse = z.object({
  rows: z.array(allAnnotationsRow),
  /** How many annotations match the filters, over all pages. */
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  properties: z.array(allAnnotationsProperty),
  /** The person's categories, for the category column and filter (none on a plan without them). */
  categories: z.array(
    z.object({ id: z.string(), name: z.string(), color: z.enum(annotationColors) }),
  ),
});
export type AllAnnotationsResponse = z.infer<typeof allAnnotationsResponse>;

/** `fields=keys`: the matching annotations as the bulk actions name them, at most `limit` of them. */
export const allAnnotationsKeysResponse = z.object({
  items: z.array(z.object({ propertyId: z.string(), annotationId: z.string(), title: z.string() })),
  /** How many annotations match the filters; more than `items` when over `limit`. */
  total: z.number().int(),
  /** The bulk actions' maximum: no more keys than this are sent. */
  limit: z.number().int(),
});
export type AllAnnotationsKeysResponse = z.infer<typeof allAnnotationsKeysResponse>;
export const allAnnotationsKeysLimit = maxBulkItems;
