/**
 * Stage 5 of the offline engine: the request read against the property's annotations. "it",
 * "that one" and "the last one" are the annotation the previous turn was about; a title names
 * one annotation or, when several match, becomes a question listing them; a deletion of "all
 * the … from last week" becomes the list of what matches.
 */
import { toIsoDate } from "../../../../shared/calendar-date.js";
import type { Annotation } from "../../../../shared/contracts/annotations.js";
import { findReferenced, type AnnotationReference } from "../annotation-reference.js";
import type { AssistantActions } from "../assistant-actions.js";
import type { Focus } from "../conversation-state.js";
import type { Understanding } from "./slots.js";

export type Resolution =
  | { kind: "ready"; understanding: Understanding; annotations: Annotation[] }
  | { kind: "choose"; understanding: Understanding; candidates: Annotation[] }
  | { kind: "failed"; message: string };

/** The reference a request makes, with "it" and "the last one" read as the annotation in focus. */
export function referenceOf(
  understanding: Understanding,
  focus: Focus | undefined,
): AnnotationReference | undefined {
  const target = understanding.target;
  if (focus && (understanding.pointsBack || target?.kind === "last"))
    return { kind: "id", annotationId: focus.annotationId };
  return target;
}

export async function resolve(
  understanding: Understanding,
  focus: Focus | undefined,
  actions: AssistantActions,
): Promise<Resolution> {
  if (understanding.intent !== "update" && understanding.intent !== "delete")
    return { kind: "ready", understanding, annotations: [] };

  if (understanding.everyMatch) {
    const result = await actions.listAnnotations({
      ...(understanding.dateRange
        ? { startDate: understanding.dateRange.start, endDate: understanding.dateRange.end }
        : {}),
      ...(understanding.titleContains ? { titleContains: understanding.titleContains } : {}),
      ...(understanding.color ? { color: understanding.color } : {}),
    });
    if (!result.ok) return { kind: "failed", message: result.error };
    const deletable = result.value.annotations.filter((a) => !a.systemGenerated);
    if (deletable.length === 0)
      return {
        kind: "failed",
        message: "No annotations of yours match that, so there is nothing to delete.",
      };
    return { kind: "ready", understanding, annotations: deletable };
  }

  const reference = referenceOf(understanding, focus);
  if (!reference) return { kind: "ready", understanding, annotations: [] };
  const listed = await actions.listAnnotations({});
  if (!listed.ok) return { kind: "failed", message: listed.error };
  const match = findReferenced(listed.value.annotations, reference);
  if (match.kind === "found")
    return {
      kind: "ready",
      understanding: {
        ...understanding,
        target: { kind: "id", annotationId: match.annotation.annotationId },
      },
      annotations: [match.annotation],
    };
  if (match.kind === "ambiguous")
    return { kind: "choose", understanding, candidates: match.candidates.slice(0, 5) };
  const described =
    reference.kind === "title"
      ? `called “${reference.title}”`
      : reference.kind === "id"
        ? `with ID ${reference.annotationId}`
        : "to change";
  return {
    kind: "failed",
    message: `I couldn't find an annotation ${described} on property ${listed.value.propertyId}.`,
  };
}

export function describeCandidates(candidates: readonly Annotation[]): string {
  return candidates
    .map(
      (a, index) =>
        `${index + 1}. “${a.title}” (${toIsoDate(a.annotationDate)}, ID ${a.annotationId})`,
    )
    .join("\n");
}
