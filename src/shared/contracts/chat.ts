import { errorMessages } from "./errors.js";
import { z } from "zod";
import { annotationColors } from "../annotation-colors.js";
import { parseIsoDate } from "../calendar-date.js";
import { annotationDescription, annotationTitle, propertyId } from "./annotations.js";
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

/** The fields of a draft card, each read from the person's words or left to the product's default. */
export type DraftField = "title" | "date" | "color" | "category" | "description";

/**
 * Where a draft's field came from: the words of the person's message it was read from (null: not
 * said, so the product's default stands, as today for the day), and whether the reading is sure
 * of it. A field the reading doubts is shown to be checked before anything is written.
 */
export interface DraftFieldSource {
  words: string | null;
  sure: boolean;
  /** Why the reading is unsure of it, in the reply's words ("“friday” may be part of the title"). */
  doubt?: string;
}
export type DraftSources = Partial<Record<DraftField, DraftFieldSource>>;

/**
 * A create or a change as the annotation dialogs would start from it (Edit on a preview,
 * Annotate on an unexplained change): the annotation it changes, if any, and its fields after.
 */
export interface ChatDraft extends ChatAnnotationView {
  /** The annotation a change is to (absent for a create). */
  annotationId?: string;
  categoryId?: string | null;
  /** Where the assistant's reading of the person's words put each field; absent when not read. */
  sources?: DraftSources;
}

/**
 * An action the assistant prepared and that runs only when the person confirms it, with the
 * Confirm button or a clear "yes". Issued by the server; no model output can confirm it.
 */
export interface ChatConfirmation {
  id: string;
  /** What will happen, e.g. 'Delete “Black Friday” (2025-11-28)?'. */
  summary: string;
  /**
   * The words the assistant's reply used for it: the summary, then that nothing has happened yet
   * and how to answer. While the card is shown they are said on the card only, not in the reply's
   * bubble as well (the stored reply keeps them, for the conversation read later).
   */
  said: string;
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

/** The button that carries a waiting action out, as its card and the reply's words name it. */
export const confirmButtonLabels = { create: "Create", update: "Save", delete: "Confirm" } as const;

/**
 * What a turn did or offers, as a card under the reply: a change made (with Show on chart and
 * Undo), an unexplained change in the traffic with its Annotate button, or the way past the
 * day's limit.
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
    }
  | {
      /**
       * The day's annotations are all used on a plan Premium would give more: the reply says
       * when the allowance resets; the card offers the way to more (Premium, or 'Notify me'
       * while it is not for sale), as the plan card does.
       */
      kind: "limit";
      /** What Premium would give, in the plans' words ('Premium has 50 annotations per day.'). */
      offer: string;
    };

const draftDay = z
  .string({ message: "Choose a date" })
  .refine(
    (text) => parseIsoDate(text) !== null,
    "Write the date as YYYY-MM-DD, for example 2026-11-20.",
  );

/**
 * A draft card's fields as the person left them after editing them in place: the whole
 * annotation as it should be written, dates as YYYY-MM-DD. `categoryId` is sent only when the
 * person chose another category (null: none); absent, the draft's own stands.
 */
export const chatDraftEdits = z
  .strictObject({
    title: annotationTitle,
    description: annotationDescription,
    startDate: draftDay,
    /** The last day of a range; absent or empty for one day. */
    endDate: z.union([z.literal(""), draftDay]).optional(),
    color: z.enum(annotationColors, {
      message: `Colour must be one of ${annotationColors.join(", ")}`,
    }),
    categoryId: z.uuid({ message: "That is not a valid category" }).nullable().optional(),
  })
  .refine((draft) => !draft.endDate || draft.endDate >= draft.startDate, {
    message: "The end date must be on or after the start date",
    path: ["endDate"],
  });
export type ChatDraftEdits = z.infer<typeof chatDraftEdits>;

export const settleConfirmationRequest = z
  .strictObject({
    confirmationId: z.uuid({ message: "That confirmation is no longer waiting" }),
    /** Edit withdraws a preview too: the person finishes it in the create or edit dialog. */
    decision: z.enum(["confirm", "cancel", "edit"], { message: "Choose confirm, cancel or edit" }),
    /** Confirm on a draft card whose fields were edited in place: what to write instead. */
    draft: chatDraftEdits.optional(),
  })
  .refine((request) => !request.draft || request.decision === "confirm", {
    message: "Only a confirmed draft carries edited fields",
    path: ["draft"],
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
