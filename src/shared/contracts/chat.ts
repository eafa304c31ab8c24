import { errorMessages } from "./errors.js";
import { z } from "zod";
import { propertyId } from "./annotations.js";
import { cleanText } from "./clean-text.js";

export const chatMessageMaxLength = 4000;
export const chatTooLongMessage = `Messages can be at most ${chatMessageMaxLength} characters`;

/** A message as typed: kept as written (not trimmed), tabs and line breaks allowed. */
export const chatMessageText = cleanText({
  label: "Message",
  maxLength: chatMessageMaxLength,
  multiline: true,
  trim: false,
  required: "Type a message first",
  tooLongMessage: chatTooLongMessage,
  allowDirectionControls: true,
});

export const sendChatRequest = z.strictObject({
  message: chatMessageText,
  propertyId: propertyId.nullish(),
  sessionId: z.uuid({ message: errorMessages.chatNotFound }).nullish(),
  /** The browser's IANA time zone, so "yesterday" means the person's yesterday; UTC when absent. */
  timeZone: z.string().max(64).refine(isKnownTimeZone, "Unknown time zone").optional(),
});
export type SendChatRequest = z.infer<typeof sendChatRequest>;

/** An annotation as a card in the conversation shows it; dates as YYYY-MM-DD. */
export interface ChatAnnotationView {
  title: string;
  description: string;
  startDate: string;
  /** The last day, for an annotation that covers several. */
  endDate?: string;
  color: string;
  /** The category's name, for a person whose plan includes categories. */
  category: string | null;
}

/**
 * A create or a change as the annotation dialogs would start from it (Edit on a preview,
 * Annotate on an unexplained change): the annotation it changes, if any, and its fields after.
 */
export interface ChatDraft extends ChatAnnotationView {
  /** The annotation a change is to (absent for a create). */
  annotationId?: string;
  categoryId?: string | null;
}

/**
 * An action the assistant prepared and that runs only when the person confirms it, with the
 * Confirm button or a clear "yes". Issued by the server; no model output can confirm it.
 */
export interface ChatConfirmation {
  id: string;
  /** What will happen, e.g. 'Delete “Black Friday” (2025-11-28)?'. */
  summary: string;
  /** How many annotations it touches. */
  count: number;
  /** What it does; a create or a change is a preview card, with Edit. */
  kind: "delete" | "create" | "update";
  /** A create or a change: what the dialog opens with on Edit. */
  draft?: ChatDraft;
  /**
   * A deletion that is the undo of a create ("undo" typed after it): asked in the undo's words
   * (`src/shared/undo-words.ts`), with Remove it and Keep it.
   */
  undo?: true;
}

/**
 * What a turn did or offers, as a card under the reply: a change made (with Show on chart and
 * Undo), or an unexplained change in the traffic with its Annotate button.
 */
export type ChatCard =
  | {
      kind: "change";
      /** What was done: created or changed. */
      action: "created" | "updated";
      /** The annotation, for Show on chart (never shown as text). */
      annotationId: string;
      annotation: ChatAnnotationView;
      /** What changed, field by field ("Date: 2026-11-03 → 2026-11-05"); empty for a create. */
      changes: string[];
      /** The change the card's Undo reverts (the annotations' undo); null when none was recorded. */
      undoId: string | null;
    }
  | {
      kind: "unexplained";
      /** What the traffic did, e.g. "Sessions up 42% on Tue, Nov 12". */
      headline: string;
      /** The annotation the Annotate button opens the create dialog with. */
      draft: ChatDraft;
    };

export const settleConfirmationRequest = z.strictObject({
  confirmationId: z.uuid({ message: "That confirmation is no longer waiting" }),
  /** Edit withdraws a preview too: the person finishes it in the create or edit dialog. */
  decision: z.enum(["confirm", "cancel", "edit"], { message: "Choose confirm, cancel or edit" }),
});
export type SettleConfirmationRequest = z.infer<typeof settleConfirmationRequest>;

export interface SendChatResponse {
  sessionId: string;
  /** The turn listed or changed annotations: the table should refresh and show. */
  showAnnotations: boolean;
  /** A property id written in the message, for the property picker to select. */
  detectedPropertyId: string | null;
  /** A completed request to offer in the input when something was missing. */
  suggestedInput: string | null;
  /** The assistant's answer (also stored in the conversation). */
  reply: string;
  /** An action waiting for the person's Confirm or Cancel, shown as buttons. */
  confirmation: ChatConfirmation | null;
  /** What the turn changed or offers, shown as a card under the reply. */
  card: ChatCard | null;
}

export interface ChatMessageView {
  id: string;
  role: "user" | "assistant";
  content: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
}

export interface ChatHistoryResponse {
  messages: ChatMessageView[];
  /** The action still waiting for the person's Confirm or Cancel, if any. */
  confirmation: ChatConfirmation | null;
}

function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}
