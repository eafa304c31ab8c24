import { annotationColorSwatches, isAnnotationColor } from "./annotation-colors.js";
import { formatAnnotationDate } from "./annotation-dates.js";
import type { AnnotationChange, AnnotationFields } from "./contracts/annotation-history.js";

// How an annotation's history reads, entry by entry: the words of the history in the web app and
// of the MCP tool alike. Each entry says what changed from what to what; a create says what it
// held first, a deletion what it held last. Plain functions, no schema library.

export type HistoryField = "title" | "dates" | "colour" | "category" | "description";

/** One field an entry touched: what it read before and after; null where there was none. */
export interface HistoryLine {
  field: HistoryField;
  label: string;
  from: string | null;
  to: string | null;
}

/** The person's names for categories, by id (a category deleted since is absent). */
export type CategoryNames = Readonly<Record<string, string>>;

/** A category the history names whose name is gone with it. */
export const deletedCategoryName = "a deleted category";

const fieldLabels: Record<HistoryField, string> = {
  title: "Title",
  dates: "Dates",
  colour: "Colour",
  category: "Category",
  description: "Description",
};
const fieldOrder: readonly HistoryField[] = ["title", "dates", "colour", "category", "description"];

export function colourName(color: AnnotationFields["color"]): string {
  return isAnnotationColor(color) ? annotationColorSwatches[color].label : "Orange";
}

function categoryText(categoryId: string | null, names: CategoryNames): string | null {
  if (categoryId === null) return null;
  return names[categoryId] ?? deletedCategoryName;
}

/** Each field as it reads, and what decides whether it changed (ids, not names, for a category). */
function readFields(fields: AnnotationFields, names: CategoryNames) {
  return {
    title: { text: fields.title, key: fields.title },
    dates: { text: formatAnnotationDate(fields), key: formatAnnotationDate(fields) },
    colour: { text: colourName(fields.color), key: fields.color },
    category: { text: categoryText(fields.categoryId, names), key: fields.categoryId },
    description: { text: fields.description || null, key: fields.description },
  } satisfies Record<HistoryField, { text: string | null; key: string | null }>;
}

/**
 * What an entry changed, field by field, in the history's order: an edit's changed fields from
 * and to; a create's fields as it made them (from nothing); a deletion's as it took them away.
 * Nothing for an entry recorded before Tidemark kept the fields.
 */
export function historyLines(
  change: Pick<AnnotationChange, "before" | "after">,
  names: CategoryNames,
): HistoryLine[] {
  const before = change.before && readFields(change.before, names);
  const after = change.after && readFields(change.after, names);
  const lines: HistoryLine[] = [];
  for (const field of fieldOrder) {
    const from = before?.[field];
    const to = after?.[field];
    if (from && to && from.key === to.key) continue;
    const line = {
      field,
      label: fieldLabels[field],
      from: from?.text ?? null,
      to: to?.text ?? null,
    };
    if (line.from !== null || line.to !== null) lines.push(line);
  }
  return lines;
}

/** Free text (a title, a description) is quoted, so its own words never read as ours. */
const quoted = (field: HistoryField, text: string | null) =>
  text === null ? "none" : field === "title" || field === "description" ? `“${text}”` : text;

/** One line as a sentence: 'Category: Campaign → Release', or 'Title: “Winter sale”' for a create. */
export function historyLineText(line: HistoryLine, kind: AnnotationChange["kind"]): string {
  if (kind === "created") return `${line.label}: ${quoted(line.field, line.to)}`;
  if (kind === "deleted") return `${line.label}: ${quoted(line.field, line.from)}`;
  return `${line.label}: ${quoted(line.field, line.from)} → ${quoted(line.field, line.to)}`;
}

/**
 * What kind of entry it is. `momentOf` reads another entry's time (the version a restore put
 * back), on the clock the history shows.
 */
export function historyHeadline(
  change: Pick<AnnotationChange, "kind" | "undoes" | "restores">,
  momentOf: (changeId: string) => string | null = () => null,
): string {
  const undo = change.undoes !== null;
  if (change.kind === "created") return undo ? "Restored (undo of a deletion)" : "Created";
  if (change.kind === "deleted") return undo ? "Removed (undo of its creation)" : "Deleted";
  if (change.restores !== null) {
    const at = momentOf(change.restores);
    return at ? `Restored the version of ${at}` : "Restored an earlier version";
  }
  return undo ? "Put back (undo)" : "Edited";
}

/**
 * Whether an entry can be restored now: a deletion not undone yet (it brings the annotation back),
 * or a version that differs from what the annotation holds (`current`, when known). Entries
 * recorded before Tidemark kept their fields cannot.
 */
export function isRestorable(
  change: Pick<AnnotationChange, "kind" | "before" | "after" | "undoneBy">,
  current: AnnotationFields | null,
): boolean {
  if (change.kind === "deleted") return change.before !== null && change.undoneBy === null;
  if (change.after === null) return false;
  return current === null || !sameVersion(change.after, current);
}

/** Whether two versions read the same, field by field (the category by id). */
export function sameVersion(a: AnnotationFields, b: AnnotationFields): boolean {
  return (
    a.title === b.title &&
    a.description === b.description &&
    a.color === b.color &&
    a.categoryId === b.categoryId &&
    formatAnnotationDate(a) === formatAnnotationDate(b)
  );
}
