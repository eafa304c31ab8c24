import { z } from "zod";
import { annotationColors } from "../annotation-colors.js";
import { isRealDate } from "../calendar-date.js";
import { suggestionSourceKinds } from "../suggestion-sources.js";
import { annotation, calendarDate } from "./annotations.js";
import { suggestionStatusValues } from "./suggestions.js";
import { errorCodes } from "./errors.js";

/**
 * The REST API's own shapes: the query of the annotation list and the answers the pages' routes
 * describe only as TypeScript types. Request bodies are the pages' contracts, unchanged.
 */

export const apiV1AnnotationPageLimit = 200;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Dates are written YYYY-MM-DD")
  .refine((text) => {
    const [year, month, day] = text.split("-").map(Number) as [number, number, number];
    return isRealDate({ year, month, day });
  }, "That date does not exist");

export const listAnnotationsQuery = z.strictObject({
  /** Annotations whose day, or any day of whose range, is on or after this day. */
  from: isoDay.optional(),
  /** …and on or before this day. */
  to: isoDay.optional(),
  /** Words found in the title or the description, ignoring case. */
  q: z.string().max(200, "The search must be 200 characters or fewer").optional(),
  color: z
    .enum([...annotationColors, "ORANGE"] as const, {
      message: `Colour must be one of ${annotationColors.join(", ")}`,
    })
    .optional(),
  categoryId: z.uuid({ message: "That is not a valid category" }).optional(),
  limit: z.coerce
    .number({ message: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(apiV1AnnotationPageLimit, `limit must be at most ${apiV1AnnotationPageLimit}`)
    .default(50),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
});
export type ListAnnotationsQuery = z.output<typeof listAnnotationsQuery>;

export const annotationPage = z.object({
  annotations: z.array(annotation),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type AnnotationPage = z.infer<typeof annotationPage>;

export const apiProperty = z.object({
  id: z.uuid(),
  propertyId: z.string(),
  name: z.string(),
  locked: z.boolean(),
  timeZone: z.string().nullable(),
  canEdit: z
    .boolean()
    .nullable()
    .describe(
      "Whether your Google Analytics role lets you add and change this property's annotations. false: you may only view it, and writes to it are refused. null: Google could not be asked just now.",
    ),
  createdAt: z.iso.datetime(),
});
export const propertyListResponse = z.object({ properties: z.array(apiProperty) });

export const apiCategory = z.object({
  id: z.uuid(),
  name: z.string(),
  color: z.enum(annotationColors),
  description: z.string().nullable(),
  titleTemplate: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export const categoryListResponse = z.object({ categories: z.array(apiCategory) });

/** One inbox suggestion, as `Suggestion` in contracts/suggestions.ts describes it. */
export const apiSuggestion = z.object({
  id: z.uuid(),
  propertyId: z.string(),
  source: z.enum(suggestionSourceKinds),
  annotationDate: calendarDate,
  annotationDateRange: z.object({ startDate: calendarDate, endDate: calendarDate }).optional(),
  title: z.string(),
  description: z.string(),
  color: z.enum(annotationColors),
  /** The key of the category preset the source maps to (src/shared/categories.ts). */
  categoryPreset: z.string(),
  categoryId: z.uuid().nullable(),
  status: z.enum(suggestionStatusValues),
  annotationId: z.string().nullable(),
  decidedHow: z.enum(["person", "rule"]).nullable(),
  decidedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export const apiSuggestionList = z.object({
  suggestions: z.array(apiSuggestion),
  /** Open suggestions, whatever the filter. */
  openCount: z.number().int(),
  /** Sources the inbox can use on the token owner's plan, and those it cannot. */
  sources: z.array(z.object({ kind: z.enum(suggestionSourceKinds), available: z.boolean() })),
});
export const apiBulkSuggestionResponse = z.object({
  results: z.array(
    z.union([
      z.object({ id: z.string(), ok: z.literal(true), suggestion: apiSuggestion }),
      z.object({ id: z.string(), ok: z.literal(false), code: z.string(), error: z.string() }),
    ]),
  ),
});

export const deletedResponse = z.object({ deleted: z.literal(true) });

export const errorResponse = z.object({
  /** A sentence for a person. */
  error: z.string(),
  /** Stable: decide on this, never on the sentence. */
  code: z.enum(errorCodes).optional(),
  /** On invalid_request: every invalid field (a dotted path into the body) and what to fix. */
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
