import { z } from "zod";
import type { AnnotationColor } from "../annotation-colors.js";
import type { AuditStatus, SuggestionStatus } from "../audit.js";
import { annotationDescription, annotationTitle, propertyId } from "./annotations.js";

const isoDate = z
  .string({ message: "Dates are written YYYY-MM-DD" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Dates are written YYYY-MM-DD")
  .refine((value) => {
    const [year, month, day] = value.split("-").map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return (
      date.getUTCFullYear() === year &&
      date.getUTCMonth() === month - 1 &&
      date.getUTCDate() === day
    );
  }, "That date does not exist");

/** A blank date means "no limit on that side". */
const optionalDate = z
  .union([z.literal(""), z.null(), isoDate])
  .optional()
  .transform((value) => (value ? value : null));

export const createAuditRequest = z
  .strictObject(
    {
      propertyId: z
        .string({ message: "Please select a GA4 property to audit" })
        .min(1, "Please select a GA4 property to audit")
        .pipe(propertyId),
      startDate: optionalDate,
      endDate: optionalDate,
    },
    { message: "The request must be a JSON object" },
  )
  .refine(
    (body) => !body.startDate || !body.endDate || body.startDate <= body.endDate,
    "The start date must be on or before the end date",
  );
export type CreateAuditRequest = z.input<typeof createAuditRequest>;

const suggestionDecision = z.strictObject(
  { status: z.enum(["accepted", "rejected"], { message: "Status must be accepted or rejected" }) },
  { message: "Send either a status or an edit, not both" },
);
const suggestionEdit = z.strictObject(
  {
    modifiedTitle: annotationTitle,
    modifiedDescription: annotationDescription.optional(),
  },
  { message: "Send either a status or an edit, not both" },
);
const suggestionCategory = z.strictObject(
  { modifiedCategoryId: z.uuid({ message: "That category was not found." }).nullable() },
  { message: "Send either a status or an edit, not both" },
);

/**
 * A change to a suggestion is exactly one of: a decision ({status}), an edit of the wording
 * ({modifiedTitle, modifiedDescription}) or another category ({modifiedCategoryId}). The fields
 * sent pick the shape, so each refusal names the field that is wrong.
 */
export const updateSuggestionRequest = z.unknown().transform((body, context) => {
  const keys = body !== null && typeof body === "object" ? Object.keys(body) : [];
  const schema = keys.includes("status")
    ? suggestionDecision
    : keys.includes("modifiedTitle") || keys.includes("modifiedDescription")
      ? suggestionEdit
      : keys.includes("modifiedCategoryId")
        ? suggestionCategory
        : null;
  if (!schema) {
    context.addIssue({
      code: "custom",
      message:
        "Send one of: {status}, {modifiedTitle, modifiedDescription} or {modifiedCategoryId}",
    });
    return z.NEVER;
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    context.addIssue({
      code: "custom",
      message:
        issue.code === "unrecognized_keys"
          ? "Send one of: {status}, {modifiedTitle, modifiedDescription} or {modifiedCategoryId}"
          : issue.message,
    });
    return z.NEVER;
  }
  return parsed.data as
    | z.output<typeof suggestionDecision>
    | z.output<typeof suggestionEdit>
    | z.output<typeof suggestionCategory>;
});
export type UpdateSuggestionRequest =
  | z.input<typeof suggestionDecision>
  | z.input<typeof suggestionEdit>
  | z.input<typeof suggestionCategory>;

export interface AuditSession {
  id: string;
  propertyId: string;
  /** YYYY-MM-DD, or null for no limit. */
  startDate: string | null;
  endDate: string | null;
  status: AuditStatus;
  totalAnnotations: number;
  processedAnnotations: number;
  skippedAnnotations: number;
  lastStep: string | null;
  /**
   * Why it failed, or what a completed audit left out, in the product's words. A failure's stack
   * is kept on the server for diagnosis and never sent.
   */
  errorMessage: string | null;
  /** ISO 8601. */
  createdAt: string;
  completedAt: string | null;
  /** Suggestions made. */
  suggestionCount: number;
  /** Suggestions applied to Google so far. */
  appliedCount: number;
  /** False for an audit created but never started (its start call failed or never came). */
  started: boolean;
}

export interface AuditSuggestion {
  id: string;
  annotationId: string;
  originalTitle: string;
  originalDescription: string | null;
  originalColor: string | null;
  suggestedTitle: string | null;
  suggestedDescription: string | null;
  suggestedColor: AnnotationColor | null;
  suggestedCategoryId: string | null;
  /**
   * A category the person does not have yet, proposed with its description and colour; applying
   * the suggestion makes it (or uses one of that name made since) and links it.
   */
  suggestedCategoryName: string | null;
  suggestedCategoryDescription: string | null;
  suggestedCategoryColor: AnnotationColor | null;
  aiReasoning: string | null;
  status: SuggestionStatus;
  modifiedTitle: string | null;
  modifiedDescription: string | null;
  modifiedCategoryId: string | null;
  /** Why applying it failed, or why an accepted one is not applied yet (Google did not confirm). */
  failureReason: string | null;
  /** False for a suggestion that only points something out (a likely duplicate): nothing to apply. */
  applicable: boolean;
  /** The annotation's day (a range's first day), YYYY-MM-DD; null for audits before it was kept. */
  annotationDate: string | null;
  /** A range's last day, YYYY-MM-DD. */
  annotationEndDate: string | null;
}

export interface AuditSessionResponse {
  session: AuditSession;
}
export interface AuditDetailResponse {
  session: AuditSession;
  suggestions: AuditSuggestion[];
}
export interface AuditHistoryResponse {
  sessions: AuditSession[];
}
export interface AuditApplyResponse {
  applied: number;
  failed: number;
  /** Google did not confirm the change and it is not there now: still accepted, to apply again. */
  unconfirmed: number;
  /** Suggestions another apply (another tab, another instance) is writing right now. */
  stillApplying: number;
}
