import { propertyLabel } from "./property-label.js";

/** The mark beside a property the person's Google account may view but not edit. */
export const readOnlyMark = "Read-only";

/** A row's edit and delete on such a property, said short enough to sit beside the row. */
export const readOnlyRowReason =
  "Read-only: your Google Analytics role lets you view this property, not change it.";

/** Beside a list of properties to write to, when some of them cannot be chosen. */
export const readOnlyChoiceNote =
  "Read-only properties cannot be chosen: your role in Google Analytics lets you view them, not add annotations.";

/**
 * Why nothing can be added to or changed on a property the person's Google Analytics role lets
 * them only view: the one sentence every create and edit control there shows as its reason.
 */
export function readOnlyPropertyReason(propertyId: string, name: string | null | undefined) {
  return `${propertyLabel(propertyId, name)} is read-only for your Google account: your role in Google Analytics lets you view it, not add or change annotations.`;
}
