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
}

export const settleConfirmationRequest = z.strictObject({
  confirmationId: z.uuid({ message: "That confirmation is no longer waiting" }),
  decision: z.enum(["confirm", "cancel"], { message: "Choose confirm or cancel" }),
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
