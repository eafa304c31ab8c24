import { z } from "zod";
import { annotationColors, type AnnotationColor } from "../annotation-colors.js";
import { isRealDate, type CalendarDate } from "../calendar-date.js";
import { cleanText } from "./clean-text.js";

export const annotationTitleMaxLength = 100;
export const annotationDescriptionMaxLength = 1000;

/** GA4 property ids are numbers (properties/123456789); measurement ids like G-XXXX are not. */
export const propertyIdPattern = /^\d{1,20}$/;
export const propertyId = z
  .string()
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

export const createAnnotationRequest = z.strictObject({
  title,
  description: description.optional(),
  annotationDate: calendarDate,
  color: color.optional(),
  categoryId: categoryId.optional(),
});
export type CreateAnnotationRequest = z.infer<typeof createAnnotationRequest>;

export const updateAnnotationRequest = z
  .strictObject({
    title: title.optional(),
    description: description.optional(),
    annotationDate: calendarDate.optional(),
    color: color.optional(),
    categoryId: categoryId.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), "Nothing to change");
export type UpdateAnnotationRequest = z.infer<typeof updateAnnotationRequest>;

/** An annotation as the web app and the assistant see it. */
export interface Annotation {
  annotationId: string;
  /** Google's resource name, properties/{p}/reportingDataAnnotations/{id}. */
  name: string;
  title: string;
  description: string;
  /** The day it marks; for a date range, its first day. */
  annotationDate: CalendarDate;
  /** Present when the annotation spans several days. */
  annotationEndDate?: CalendarDate;
  color: AnnotationColor | "ORANGE";
  /** When it was added through Tidemark (ISO 8601); null for annotations made elsewhere. */
  dateAdded: string | null;
  categoryId: string | null;
  /** Made by Google Analytics itself; read-only. */
  systemGenerated: boolean;
}

export interface AnnotationListResponse {
  reportingDataAnnotations: Annotation[];
}
