import { toIsoDate } from "../../../shared/calendar-date.js";
import type { Annotation } from "../../../shared/contracts/annotations.js";
import type { ChatAnnotationView, ChatCard } from "../../../shared/contracts/chat.js";
import type { CarriedOut } from "./assistant-actions.js";
import type { ConversationMemory, PendingConfirmation } from "./conversation-state.js";
import { describeAnnotation, describeWritten } from "./describe-annotation.js";
import { describeUndo, undoWords } from "../../../shared/undo-words.js";

export {
  describeAnnotation,
  describeNewDescription,
  describeWritten,
} from "./describe-annotation.js";

/** What one assistant turn produced, whichever engine ran it. */
export interface AssistantTurn {
  reply: string;
  /** The turn listed or changed annotations. */
  showAnnotations: boolean;
  suggestedInput: string | null;
  /** A confirmation this turn issued (already stored with the session). */
  confirmation?: PendingConfirmation | null;
  /** What the turn changed or offers, as a card under the reply. */
  card?: ChatCard | null;
  /** What the conversation remembers after this turn; undefined leaves it as it was. */
  memory?: ConversationMemory;
  /**
   * The property the message named ("for property 123456789"), which the turn worked on: the
   * engine's reading decides, so the conversation moves to it only when the message meant it.
   */
  propertyId?: string;
}

/** What a carried-out deletion did, annotation by annotation. */
export function describeDeletion(result: {
  deleted: Annotation[];
  skipped: { title: string; reason: "gone" | "changed" }[];
  undone?: true;
}): string {
  const lines: string[] = [];
  if (result.undone && result.deleted.length === 1) {
    // The undo of a create: in the change card's words.
    const title = result.deleted[0]!.title;
    lines.push(
      `${undoWords.done}: ${describeUndo({ change: { kind: "deleted" }, annotation: null }, title)}`,
    );
  } else if (result.deleted.length === 1)
    lines.push(`Deleted ${describeAnnotation(result.deleted[0]!)}.`);
  else if (result.deleted.length > 1)
    lines.push(
      `Deleted ${result.deleted.length} annotations: ${result.deleted.map(describeAnnotation).join(", ")}.`,
    );
  for (const skipped of result.skipped) {
    lines.push(
      skipped.reason === "gone"
        ? `“${skipped.title}” is already gone, so there was nothing to delete.`
        : `“${skipped.title}” changed since I showed it to you, so I didn't delete it. Ask again if you still want to.`,
    );
  }
  return lines.join("\n");
}

/** What a confirmed action did, as the person reads it. */
export function describeCarriedOut(result: CarriedOut): string {
  if (result.kind === "delete") return describeDeletion(result);
  if (result.kind === "create")
    return `Created ${describeWritten(result.created, result.categoryName)}.`;
  if ("skipped" in result)
    return result.skipped.reason === "gone"
      ? `“${result.skipped.title}” is gone, so there was nothing to change.`
      : `“${result.skipped.title}” changed since I showed it to you, so I didn't change it. Ask again if you still want to.`;
  return `Updated ${describeAnnotation(result.before)} → ${describeWritten(result.after, result.categoryName)}.`;
}

/** Whether a confirmed action wrote anything, so the table should refresh. */
export function wroteAnything(result: CarriedOut): boolean {
  if (result.kind === "delete") return result.deleted.length > 0;
  return !("skipped" in result);
}

const listLimit = 20;

/**
 * One line per annotation; `categoryNames` (by id, for a person whose plan includes categories)
 * adds each annotation's category, as the table shows it.
 */
export function describeList(
  annotations: Annotation[],
  scope: string,
  categoryNames: ReadonlyMap<string, string> = new Map(),
  /** How many of the newest were asked for ("the last 5"), which the heading says. */
  latest?: number,
  /** Ids are internal: shown only when the person asked for them. */
  showIds = false,
): string {
  if (annotations.length === 0) return `No annotations found${scope}.`;
  const lines = annotations.slice(0, listLimit).map((a) => {
    const end = a.annotationDateRange ? ` to ${toIsoDate(a.annotationDateRange.endDate)}` : "";
    const category = a.categoryId ? categoryNames.get(a.categoryId) : undefined;
    return `• ${toIsoDate(a.annotationDate)}${end} — ${a.title} (${a.color.toLowerCase()}${category ? `, ${category}` : ""}${a.systemGenerated ? ", by Google" : ""}${showIds ? `, ID ${a.annotationId}` : ""})`;
  });
  const more =
    annotations.length > listLimit
      ? `\n…and ${annotations.length - listLimit} more in the table.`
      : "";
  const count = annotations.length;
  const heading =
    latest === undefined || count < latest
      ? `${count} annotation${count === 1 ? "" : "s"}${scope}`
      : count === 1
        ? `The most recent annotation${scope}`
        : `The ${count} most recent annotations${scope}`;
  return `${heading}:\n${lines.join("\n")}${more}`;
}

/** An annotation as a card shows it. */
export function annotationView(
  annotation: Annotation,
  categoryName: string | null,
): ChatAnnotationView {
  return {
    title: annotation.title,
    description: annotation.description,
    startDate: toIsoDate(annotation.annotationDate),
    ...(annotation.annotationDateRange
      ? { endDate: toIsoDate(annotation.annotationDateRange.endDate) }
      : {}),
    color: annotation.color,
    category: categoryName,
  };
}

function daysOf(view: ChatAnnotationView): string {
  return view.endDate ? `${view.startDate} to ${view.endDate}` : view.startDate;
}

/**
 * A change the assistant made, as a card: the annotation after it and, for an update, each field
 * that changed. Its id travels for Show on chart and is never written into the reply.
 */
export function changeCard(
  /** With the change recorded for it (`changeId`), which the card's Undo reverts. */
  after: Annotation & { changeId?: string | null },
  categoryName: string | null,
  before?: { annotation: Annotation; categoryName: string | null },
): ChatCard {
  const view = annotationView(after, categoryName);
  const changes: string[] = [];
  if (before) {
    const was = annotationView(before.annotation, before.categoryName);
    if (was.title !== view.title) changes.push(`Title: “${was.title}” → “${view.title}”`);
    if (daysOf(was) !== daysOf(view)) changes.push(`Date: ${daysOf(was)} → ${daysOf(view)}`);
    if (was.color !== view.color)
      changes.push(`Colour: ${was.color.toLowerCase()} → ${view.color.toLowerCase()}`);
    if (was.description !== view.description)
      changes.push(
        view.description === ""
          ? "Description: removed"
          : was.description === ""
            ? "Description: added"
            : "Description: changed",
      );
    if (before.annotation.categoryId !== after.categoryId)
      changes.push(
        view.category
          ? `Category: ${was.category ?? "none"} → ${view.category}`
          : "Category: removed",
      );
  }
  return {
    kind: "change",
    action: before ? "updated" : "created",
    annotationId: after.annotationId,
    annotation: view,
    changes,
    undoId: after.changeId ?? null,
  };
}
