/**
 * What an undo did, in the words of Property View's toasts and the assistant's change cards alike:
 * one sentence, from the undo's answer (the change it made, and the annotation as Google holds it).
 */
export function describeUndo(
  { change, annotation }: { change: { kind: string }; annotation: { title: string } | null },
  title: string,
): string {
  if (change.kind === "deleted") return `"${title}" has been removed from GA4.`;
  if (change.kind === "created") return `"${annotation?.title ?? title}" is back in GA4.`;
  return `"${annotation?.title ?? title}" is back as it was in GA4.`;
}

/** The Undo button's label, and what the question before undoing a create says. */
export const undoWords = {
  label: "Undo",
  done: "Undone",
  failed: "The change could not be undone. Try again.",
  createTitle: "Undo the new annotation?",
  createDescription: (title: string) => `Undoing removes "${title}" from Google Analytics.`,
  createConfirm: "Remove it",
} as const;
