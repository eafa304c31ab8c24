import { z } from "zod";
import { annotationColors } from "../annotation-colors.js";
import { compareDates, isRealDate } from "../calendar-date.js";
import { propertyIdPattern } from "../property-id.js";
import { cleanText } from "./clean-text.js";

export const annotationTitleMaxLength = 100;
export const annotationDescriptionMaxLength = 1000;

// Kept apart from the schemas in this file, so browser code that only needs the pattern (the
// property picker's search, on the dashboard's first screen) does not bring zod with it.
export { propertyIdPattern } from "../property-id.js";
export const propertyId = z
  .string({ message: "Choose a GA4 property: its ID, like 123456789" })
  .regex(propertyIdPattern, "Property IDs are numbers, like 123456789");
export const annotationId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "That is not a valid annotation ID");

export const calendarDate = z
  .strictObject(
    {
      year: z.number({ message: "Choose a date" }).int(),
      month: z.number({ message: "Choose a date" }).int(),
      day: z.number({ message: "Choose a date" }).int(),
    },
    { message: "Choose a date" },
  )
  .refine(isRealDate, "That date does not exist");

/** Google's DateRange: both days inclusive, the end on or after the start. */
export const annotationDateRange = z
  .strictObject(
    { startDate: calendarDate, endDate: calendarDate },
    { message: "Choose a start and an end date" },
  )
  .refine((range) => compareDates(range.endDate, range.startDate) >= 0, {
    message: "The end date must be on or after the start date",
    path: ["endDate"],
  });
export type AnnotationDateRange = z.infer<typeof annotationDateRange>;

export const annotationTitle = cleanText({
  label: "Title",
  maxLength: annotationTitleMaxLength,
  required: true,
});
export const annotationDescription = cleanText({
  label: "Description",
  maxLength: annotationDescriptionMaxLength,
  multiline: true,
});
const title = annotationTitle;
const description = annotationDescription;
const color = z.enum(annotationColors, {
  message: `Colour must be one of ${annotationColors.join(", ")}`,
});
const categoryId = z.uuid({ message: "That is not a valid category" });

/** As at Google, an annotation marks one day or one range of days: exactly one of the two. */
const bothTargetsMessage = "Give either a date or a date range, not both";

export const createAnnotationRequest = z
  .strictObject({
    title,
    description: description.optional(),
    annotationDate: calendarDate.optional(),
    annotationDateRange: annotationDateRange.optional(),
    color: color.optional(),
    categoryId: categoryId.optional(),
    /**
     * Our identity for this create, chosen by the caller once per intended annotation: the same
     * id sent again (a retry) never makes a second annotation. Absent, the server picks one.
     */
    requestId: z.uuid({ message: "That is not a valid request ID" }).optional(),
  })
  .refine((body) => body.annotationDate !== undefined || body.annotationDateRange !== undefined, {
    message: "Choose a date",
    path: ["annotationDate"],
  })
  .refine((body) => body.annotationDate === undefined || body.annotationDateRange === undefined, {
    message: bothTargetsMessage,
    path: ["annotationDateRange"],
  });
export type CreateAnnotationRequest = z.infer<typeof createAnnotationRequest>;

export const updateAnnotationRequest = z
  .strictObject({
    title: title.optional(),
    description: description.optional(),
    annotationDate: calendarDate.optional(),
    annotationDateRange: annotationDateRange.optional(),
    color: color.optional(),
    categoryId: categoryId.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), "Nothing to change")
  .refine((body) => body.annotationDate === undefined || body.annotationDateRange === undefined, {
    message: bothTargetsMessage,
    path: ["annotationDateRange"],
  });
export type UpdateAnnotationRequest = z.infer<typeof updateAnnotationRequest>;

/**
 * Where an annotation came from: made through Tidemark's table, its assistant, an audit, an
 * import, its API or its suggestion inbox (accepted there by a person or by their rule), or
 * outside Tidemark ("google": in Google Analytics itself, or by another tool writing to it; Google
 * does not say which). Tidemark records it when it makes an annotation.
 */
export const annotationSources = [
  "tidemark",
  "assistant",
  "audit",
  "import",
  "api",
  "google",
  "inbox",
] as const;
export type AnnotationSource = (typeof annotationSources)[number];

/**
 * Tidemark's own fields beside Google's: what GA4 cannot store. The category is each person's
 * own; the source and the day it was added belong to the annotation, the same for everyone who
 * can see it.
 */
export const annotationExtras = z.object({
  /** This person's category for it; null for none. */
  categoryId: z.uuid().nullable(),
  /** Null only for an annotation Tidemark made before it recorded how. */
  source: z.enum(annotationSources).nullable(),
  /** When it was added through Tidemark (ISO 8601); null for annotations made elsewhere. */
  dateAdded: z.iso.datetime().nullable(),
});
export type AnnotationExtras = z.infer<typeof annotationExtras>;

/** The extras a create decides, kept with the create until Google's answer is known. */
export const annotationCreateExtras = annotationExtras.pick({ categoryId: true, source: true });
export type AnnotationCreateExtras = z.infer<typeof annotationCreateExtras>;

/** Google's fields of an annotation, as Tidemark answers them. */
const googleAnnotationFields = z.object({
  annotationId: z.string(),
  /** Google's resource name, properties/{p}/reportingDataAnnotations/{id}. */
  name: z.string(),
  title: z.string(),
  description: z.string(),
  /** The day it marks; for a date range, its first day (so lists sort and filter by the start). */
  annotationDate: calendarDate,
  /** Present, in Google's shape, when the annotation marks a range of days (both inclusive). */
  annotationDateRange: annotationDateRange.optional(),
  color: z.enum([...annotationColors, "ORANGE"] as const),
  /** Made by Google Analytics itself; read-only. */
  systemGenerated: z.boolean(),
});

/**
 * An annotation as the web app and the assistant see it: Google's fields and Tidemark's. The
 * server always sends `source`; it is optional here only because annotations built by hand in the
 * assistant's tests predate it.
 */
export const annotation = googleAnnotationFields
  .extend(annotationExtras.shape)
  .extend({ source: annotationExtras.shape.source.optional() });
export type Annotation = z.infer<typeof annotation>;

export const annotationListResponse = z.object({ reportingDataAnnotations: z.array(annotation) });
export type AnnotationListResponse = z.infer<typeof annotationListResponse>;
