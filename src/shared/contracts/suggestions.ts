import { z } from "zod";
import { annotationColors, type AnnotationColor } from "../annotation-colors.js";
import type { CalendarDate } from "../calendar-date.js";
import type { CategoryPreset } from "../categories.js";
import { suggestionSourceKinds, type SuggestionSourceKind } from "../suggestion-sources.js";
import {
  annotationDateRange,
  annotationDescription,
  annotationTitle,
  calendarDate,
} from "./annotations.js";
import { cleanText } from "./clean-text.js";

export const suggestionStatusValues = ["open", "accepted", "dismissed"] as const;
export type SuggestionStatusValue = (typeof suggestionStatusValues)[number];

/** One suggestion in a property's inbox, as the API answers it. */
export interface Suggestion {
  id: string;
  propertyId: string;
  source: SuggestionSourceKind;
  /** The day it marks; for a range, its first day. */
  annotationDate: CalendarDate;
  annotationDateRange?: { startDate: CalendarDate; endDate: CalendarDate };
  /** The title as it would be written: the mapped category's naming template applied. */
  title: string;
  description: string;
  color: AnnotationColor;
  /** The category preset the source maps to; `categoryId` is the asker's own category for it. */
  categoryPreset: CategoryPreset["key"];
  categoryId: string | null;
  status: SuggestionStatusValue;
  /** Set once accepted: the annotation it became. */
  annotationId: string | null;
  /** "rule" when a rule accepted it without asking. */
  decidedHow: "person" | "rule" | null;
  decidedAt: string | null;
  createdAt: string;
}

export interface SuggestionListResponse {
  suggestions: Suggestion[];
  /** Open suggestions, whatever the filter: the badge's number. */
  openCount: number;
  /** Sources the property's inbox can use on the asker's plan, and those it cannot. */
  sources: { kind: SuggestionSourceKind; available: boolean }[];
}

export const suggestionListQuery = z.strictObject({
  status: z
    .enum(suggestionStatusValues, {
      message: `Status must be one of ${suggestionStatusValues.join(", ")}`,
    })
    .default("open"),
});

export const suggestionIdParam = z.uuid({ message: "That suggestion was not found." });

/** Accept as suggested, or with the create dialog's edits. */
export const acceptSuggestionRequest = z
  .strictObject({
    title: annotationTitle.optional(),
    description: annotationDescription.optional(),
    annotationDate: calendarDate.optional(),
    annotationDateRange: annotationDateRange.optional(),
    color: z
      .enum(annotationColors, { message: `Colour must be one of ${annotationColors.join(", ")}` })
      .optional(),
    categoryId: z.uuid({ message: "That is not a valid category" }).nullable().optional(),
  })
  .refine((body) => body.annotationDate === undefined || body.annotationDateRange === undefined, {
    message: "Give either a date or a date range, not both",
    path: ["annotationDateRange"],
  });
export type AcceptSuggestionRequest = z.infer<typeof acceptSuggestionRequest>;

/** Most suggestions one bulk request may decide. */
export const bulkSuggestionLimit = 100;

export const bulkSuggestionRequest = z.strictObject({
  action: z.enum(["accept", "dismiss"], { message: "Choose accept or dismiss" }),
  ids: z
    .array(suggestionIdParam)
    .min(1, "Choose at least one suggestion")
    .max(bulkSuggestionLimit, `Choose at most ${bulkSuggestionLimit} suggestions at once`),
});
export type BulkSuggestionRequest = z.infer<typeof bulkSuggestionRequest>;

/** Each suggestion's outcome: accepted or dismissed, or why not (an error's code and sentence). */
export interface BulkSuggestionResponse {
  results: (
    | { id: string; ok: true; suggestion: Suggestion }
    | { id: string; ok: false; code: string; error: string }
  )[];
}

export const createHookRequest = z.strictObject({
  name: cleanText({ label: "Name", maxLength: 100, required: true }),
});

/** A webhook as listed: never its secret. */
export interface Hook {
  id: string;
  name: string;
  url: string;
  createdAt: string;
}

/** The answer to creating a webhook: the only time the secret is shown. */
export interface CreatedHook extends Hook {
  secret: string;
}

export const holidayCalendarRequest = z
  .strictObject({
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, "Choose a country by its two-letter code, like US or DE")
      .transform((code) => code.toUpperCase()),
    region: z
      .string()
      .regex(/^[A-Za-z0-9]{1,10}$/, "That is not a region code, like CA or BY")
      .transform((code) => code.toUpperCase())
      .nullable()
      .optional(),
  })
  .nullable();
export type HolidayCalendarRequest = z.infer<typeof holidayCalendarRequest>;

export interface HolidayCalendar {
  country: string;
  region: string | null;
}

export const createRuleRequest = z.strictObject({
  source: z.enum(suggestionSourceKinds, { message: "Choose a source" }),
  /** A webhook's id to accept only that hook's releases; absent for the whole source. */
  origin: z.uuid({ message: "That webhook was not found." }).nullable().optional(),
  categoryId: z.uuid({ message: "That is not a valid category" }).nullable().optional(),
});
export type CreateRuleRequest = z.infer<typeof createRuleRequest>;

export interface InboxRule {
  id: string;
  source: SuggestionSourceKind;
  origin: string | null;
  categoryId: string | null;
  createdAt: string;
}

/** Everything the inbox's settings show: webhooks, the holiday calendar and the rules. */
export interface InboxSettings {
  hooks: Hook[];
  holidayCalendar: HolidayCalendar | null;
  rules: InboxRule[];
}

/** The plain release a pipeline may post instead of a GitHub event. */
export const plainReleaseDelivery = z.strictObject({
  title: cleanText({ label: "Title", maxLength: 100, required: true }),
  description: annotationDescription.optional(),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "The date is written YYYY-MM-DD")
    .optional(),
});
