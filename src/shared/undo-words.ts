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

/**
 * The Undo button's label, and what the question before undoing a create says — on the change
 * card, in Property View's dialog, and when "undo" is typed to the assistant alike.
 */
export const undoWords = {
  label: "Undo",
  done: "Undone",
  failed: "The change could not be undone. Try again.",
  createTitle: "Undo the new annotation?",
  createDescription: (title: string) => `Undoing removes "${title}" from Google Analytics.`,
  createConfirm: "Remove it",
  createKeep: "Keep it",
} as const;

/** The assistant's question before undoing a create: the title, then what it does. */
export function undoCreateQuestion(title: string): string {
  return `${undoWords.createTitle}\n${undoWords.createDescription(title)}`;
}
