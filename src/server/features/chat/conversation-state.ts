/**
 * What a conversation carries from one turn to the next, kept with the chat session in the
 * database so that any instance, after any restart, continues it: the action waiting for the
 * person's confirmation, the question the assistant asked, and the annotation in focus.
 */
import { randomUUID } from "node:crypto";
import { toIsoDate } from "../../../shared/calendar-date.js";
import type { Annotation } from "../../../shared/contracts/annotations.js";
import type { ChatConfirmation } from "../../../shared/contracts/chat.js";
import { describeAnnotation } from "./assistant-reply.js";

/** An annotation as the person saw it in a preview. */
export interface AnnotationSnapshot {
  title: string;
  description: string;
  color: string;
  date: string;
  /** The last day, for a date range. */
  endDate?: string;
}

/**
 * A destructive or multi-annotation action, issued by the server with its own id. It runs only on
 * the person's Confirm (the button, or a clear yes typed as their very next message), once, and
 * only while every annotation is still exactly as previewed.
 */
export interface PendingConfirmation {
  id: string;
  kind: "delete";
  propertyId: string;
  summary: string;
  items: { annotationId: string; snapshot: AnnotationSnapshot }[];
  /** ISO 8601; an older confirmation is dropped unused. */
  expiresAt: string;
}

/** A piece the offline engine asked for, and what the person had already said. */
export type AskedFor = "title" | "date" | "target" | "change" | "choice" | "category";

export interface PendingQuestion {
  intent: "create" | "update" | "delete" | "list";
  asked: AskedFor;
  /** The pieces given so far; dates as YYYY-MM-DD. */
  known: {
    title?: string;
    description?: string;
    date?: string;
    endDate?: string;
    color?: string;
    categoryName?: string;
    /** A list's period and filters, while "which category?" waits. */
    rangeStart?: string;
    rangeEnd?: string;
    titleContains?: string;
    newTitle?: string;
    newDescription?: string;
    targetId?: string;
    targetTitle?: string;
    /** The day that names the annotation ("yesterday's note"). */
    targetDate?: string;
  };
  /** For a choice: the candidates offered, in the order shown. */
  options?: { annotationId: string; title: string; date: string }[];
  /** For "which category?": the category names offered, in the order shown. */
  categoryOptions?: string[];
}

/** The annotation the previous turn was about: what "it", "that one" and "the last one" mean. */
export interface Focus {
  propertyId: string;
  annotationId: string;
  title: string;
}

export interface ConversationMemory {
  question?: PendingQuestion;
  focus?: Focus;
}

/** How long a previewed action may wait for its confirmation. */
export const confirmationLifetimeMs = 5 * 60_000;

export function snapshotOf(annotation: Annotation): AnnotationSnapshot {
  return {
    title: annotation.title,
    description: annotation.description,
    color: annotation.color,
    date: toIsoDate(annotation.annotationDate),
    ...(annotation.annotationDateRange
      ? { endDate: toIsoDate(annotation.annotationDateRange.endDate) }
      : {}),
  };
}

export function unchangedSince(snapshot: AnnotationSnapshot, current: Annotation): boolean {
  const now = snapshotOf(current);
  const fields = new Set([...Object.keys(now), ...Object.keys(snapshot)]);
  return [...fields].every(
    (field) =>
      now[field as keyof AnnotationSnapshot] === snapshot[field as keyof AnnotationSnapshot],
  );
}

export function deletionSummary(annotations: readonly Annotation[]): string {
  if (annotations.length === 1) return `Delete ${describeAnnotation(annotations[0]!)}?`;
  const shown = annotations.slice(0, 10).map((a) => `• ${describeAnnotation(a)}`);
  const more = annotations.length > 10 ? [`…and ${annotations.length - 10} more`] : [];
  return [`Delete these ${annotations.length} annotations?`, ...shown, ...more].join("\n");
}

export function issueDeletion(
  propertyId: string,
  annotations: readonly Annotation[],
  now: Date,
): PendingConfirmation {
  return {
    id: randomUUID(),
    kind: "delete",
    propertyId,
    summary: deletionSummary(annotations),
    items: annotations.map((annotation) => ({
      annotationId: annotation.annotationId,
      snapshot: snapshotOf(annotation),
    })),
    expiresAt: new Date(now.getTime() + confirmationLifetimeMs).toISOString(),
  };
}

/** A stored confirmation that can still be carried out (older rows without an id never can). */
export function isLive(
  pending: PendingConfirmation | null | undefined,
  now: Date,
): pending is PendingConfirmation {
  return (
    !!pending &&
    typeof pending.id === "string" &&
    Array.isArray(pending.items) &&
    pending.items.length > 0 &&
    Date.parse(pending.expiresAt) > now.getTime()
  );
}

export function toChatConfirmation(pending: PendingConfirmation): ChatConfirmation {
  return { id: pending.id, summary: pending.summary, count: pending.items.length };
}

/** The words that follow every preview: how to confirm, and that nothing has happened yet. */
export function confirmationPrompt(pending: PendingConfirmation): string {
  const what = pending.items.length === 1 ? "it" : "them";
  return `${pending.summary}\nNothing is deleted yet. Press Confirm or reply yes to delete ${what}; Cancel keeps ${what}.`;
}

export type TypedDecision = "confirm" | "cancel" | "agreement" | "other";

// A clear yes: "yes", "yes please", "yes, delete it", "confirm". Never "ok", "sure" or
// "go ahead": those are what a steered model asks people to type, and they read as politeness.
const CLEAR_YES =
  /^(?:yes|yes please|yes,? (?:please )?(?:delete|remove) (?:it|them|both|all|all of them|those|these|that|this)(?: please)?|yes,? (?:do it|confirm(?:ed)?|i confirm|i'm sure|i am sure)|confirm(?:ed)?|i confirm)$/;
const NO =
  /^(?:n|no|nope|nah|cancel|cancel (?:it|that|this)|never ?mind|nvm|stop|don't|dont|do not|abort|keep (?:it|them)|no,? (?:thanks|thank you|cancel|don't|keep (?:it|them)|stop|never ?mind)|don't delete (?:it|them)|leave (?:it|them))$/;
const AGREEMENT =
  /^(?:ok|okay|k|kk|sure|go ahead|go for it|yep|yeah|yup|ya|yea|do it|proceed|fine|alright|all right|please do|sounds good|of course|absolutely|affirmative|👍)(?:,? (?:please|then|thanks|mate|do it|go ahead|sure))*$/u;

/** How a typed reply settles a waiting confirmation. */
export function readTypedDecision(message: string): TypedDecision {
  const text = message
    .trim()
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(/[\s.!]+$/, "")
    .replace(/\s+/g, " ");
  if (CLEAR_YES.test(text)) return "confirm";
  if (NO.test(text)) return "cancel";
  if (AGREEMENT.test(text)) return "agreement";
  return "other";
}
