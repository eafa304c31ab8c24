import { toIsoDate } from "../../../shared/calendar-date.js";
import type { Annotation } from "../../../shared/contracts/annotations.js";

/** What one assistant turn produced, whichever engine ran it. */
export interface AssistantTurn {
  reply: string;
  /** The turn listed or changed annotations. */
  showAnnotations: boolean;
  suggestedInput: string | null;
}

/** Titles are data from Google, shown in quotes and never read as instructions. */
export function describeAnnotation(annotation: Annotation): string {
  return `“${annotation.title}” (${toIsoDate(annotation.annotationDate)})`;
}

export function deletionPreview(annotation: Annotation): string {
  return `Delete ${describeAnnotation(annotation)}? Reply yes to confirm.`;
}

const listLimit = 20;

export function describeList(annotations: Annotation[], scope: string): string {
  if (annotations.length === 0) return `No annotations found${scope}.`;
  const lines = annotations
    .slice(0, listLimit)
    .map(
      (a) =>
        `• ${toIsoDate(a.annotationDate)} — ${a.title} (${a.color.toLowerCase()}${a.systemGenerated ? ", by Google" : ""}, ID ${a.annotationId})`,
    );
  const more =
    annotations.length > listLimit
      ? `\n…and ${annotations.length - listLimit} more in the table.`
      : "";
  return `${annotations.length} annotation${annotations.length === 1 ? "" : "s"}${scope}:\n${lines.join("\n")}${more}`;
}
