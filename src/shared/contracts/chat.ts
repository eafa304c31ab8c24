import { z } from "zod";
import { propertyId } from "./annotations.js";

export const chatMessageMaxLength = 4000;

export const sendChatRequest = z.strictObject({
  message: z
    .string({ message: "Type a message first" })
    .refine((text) => text.trim().length > 0, "Type a message first")
    .refine(
      (text) => text.length <= chatMessageMaxLength,
      `Messages can be at most ${chatMessageMaxLength} characters`,
    ),
  propertyId: propertyId.nullish(),
  sessionId: z.uuid({ message: "That conversation was not found" }).nullish(),
  /** The browser's IANA time zone, so "yesterday" means the person's yesterday; UTC when absent. */
  timeZone: z.string().max(64).refine(isKnownTimeZone, "Unknown time zone").optional(),
});
export type SendChatRequest = z.infer<typeof sendChatRequest>;

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
}

function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}
