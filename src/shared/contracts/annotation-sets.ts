import { z } from "zod";
import { annotation, createAnnotationRequest, propertyId } from "./annotations.js";
import { errorCodes } from "./errors.js";

/**
 * One annotation on several properties at once, and its copies changed together (decision 0058).
 * Each property's write goes through the same create, edit or delete as a single one does, so each
 * counts against the day's allowance and each is answered on its own.
 */

/** More than anyone can save: a bound on the work one request can ask for. */
export const maxSetProperties = 50;

export const createOnPropertiesRequest = z.strictObject({
  propertyIds: z
    .array(propertyId, { message: "Choose at least one property" })
    .min(1, "Choose at least one property")
    .max(maxSetProperties, `Choose at most ${maxSetProperties} properties`)
    .refine((ids) => new Set(ids).size === ids.length, "Each property may be chosen once"),
  /**
   * The annotation, as a single create takes it. Its `requestId` names the whole request: each
   * property's create gets an id made from it and the property, so sending the same request again
   * (a retry after a lost answer) never makes a second copy anywhere.
   */
  annotation: createAnnotationRequest,
});
export type CreateOnPropertiesRequest = z.infer<typeof createOnPropertiesRequest>;

/** One annotation of a set, on a property the person has saved. */
export const annotationCopy = z.object({
  propertyId: z.string(),
  /** The property's display name, as the person saved it. */
  propertyName: z.string(),
  annotationId: z.string(),
});
export type AnnotationCopy = z.infer<typeof annotationCopy>;

/** The other annotations made together with this one, on the person's saved properties. */
export const annotationCopiesResponse = z.object({ copies: z.array(annotationCopy) });
export type AnnotationCopiesResponse = z.infer<typeof annotationCopiesResponse>;

/** What became of one property's write. */
export const propertyOutcome = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("done"),
    propertyId: z.string(),
    propertyName: z.string(),
    /** The annotation as written (absent for a delete). */
    annotation: annotation.extend({ changeId: z.uuid().nullable() }).optional(),
    /** The change recorded, for an Undo; null when none was (a repeated request). */
    changeId: z.uuid().nullable(),
  }),
  z.object({
    status: z.literal("failed"),
    propertyId: z.string(),
    propertyName: z.string(),
    code: z.enum(errorCodes),
    /** Why, in the words a single write's error would use. */
    message: z.string(),
  }),
]);
export type PropertyOutcome = z.infer<typeof propertyOutcome>;

/** Every property's outcome, in the order the properties were asked for (this one first). */
export const setWriteResponse = z.object({ outcomes: z.array(propertyOutcome) });
export type SetWriteResponse = z.infer<typeof setWriteResponse>;

/**
 * One line naming each property's outcome: "Added to Shop AU and Shop NZ; Shop UK: daily limit
 * reached". `verb` is the done outcome's word ("Added to", "Changed in", "Deleted from").
 */
export function describeOutcomes(outcomes: readonly PropertyOutcome[], verb: string): string {
  const done = outcomes.filter((outcome) => outcome.status === "done");
  const parts: string[] = [];
  if (done.length > 0) parts.push(`${verb} ${listOf(done.map((outcome) => outcome.propertyName))}`);
  for (const outcome of outcomes) {
    if (outcome.status === "failed")
      parts.push(`${outcome.propertyName}: ${failureWords(outcome.code, outcome.message)}`);
  }
  return parts.join("; ");
}

/**
 * The title over `describeOutcomes`'s line: `allDone` when every property's write landed, "Added
 * to 1 of 2 properties" (the same `verb`) when some failed, "Nothing was changed" when none landed,
 * so a title never says more happened than the line under it.
 */
export function outcomesTitle(
  outcomes: readonly PropertyOutcome[],
  verb: string,
  allDone: string,
): string {
  const done = outcomes.filter((outcome) => outcome.status === "done").length;
  if (done === 0) return "Nothing was changed";
  if (done === outcomes.length) return allDone;
  return `${verb} ${done} of ${outcomes.length} ${outcomes.length === 1 ? "property" : "properties"}`;
}

/** The short reason for the usual refusals; Tidemark's own message otherwise. */
function failureWords(code: string, message: string): string {
  if (code === "daily_limit") return "daily limit reached";
  if (code === "annotation_not_found") return "already gone from Google Analytics";
  return message.replace(/\.$/, "");
}

function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
