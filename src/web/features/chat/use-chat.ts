import { useCallback, useState, type RefObject } from "react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import {
  chatTooLongMessage,
  type ChatCard,
  type ChatConfirmation,
  type ChatDraft,
  type ChatDraftEdits,
  type ChatMessageView,
} from "../../../shared/contracts/chat";
import { useSelectedProperty } from "../../session/selected-property";
import { useCardUndo, type CardUndo } from "./use-card-undo";
import { useChatInput } from "./use-chat-input";
import { useChatSession } from "./use-chat-session";
import { useChatTurns } from "./use-chat-turns";
import { useChatRequests } from "./use-chat-requests";

export { chatFailureMessage } from "./use-chat-turns";
export type { CardUndo } from "./use-card-undo";
export { canSendChat } from "./use-chat-requests";
export { chatTooLongMessage };

/** A bubble on screen: a stored message, or the one just sent and not yet answered. */
export type ChatBubble = Pick<ChatMessageView, "id" | "role" | "content">;

export interface ChatController {
  /** The person the conversation is with (what their plan offers shows in its cards). */
  user: CurrentUser;
  messages: ChatBubble[];
  /** A message is on its way: 'Thinking...' shows and sending is blocked. */
  pending: boolean;
  /** The last send failed (e.g. the free plan's daily limit); shown in the conversation, never stored. */
  notice: string | null;
  input: string;
  setInput: (value: string) => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** Sends `text`, or the input when omitted. Empty, too long, or while pending: ignored. */
  send: (text?: string) => void;
  /** Puts `text` in the input and focuses it, the caret inside the first "" when there is one. */
  fill: (text: string) => void;
  /**
   * A request the assistant proposed for this conversation, offered as a button: it reaches the
   * input only when the person chooses it (`acceptSuggestion`), never on its own.
   */
  suggestion: string | null;
  /** Puts the offered request in the input (not sent), and stops offering it. */
  acceptSuggestion: () => void;
  clear: () => void;
  clearing: boolean;
  /** An action waiting for the person's Confirm or Cancel, issued by the server. */
  confirmation: ChatConfirmation | null;
  /** Presses Confirm, Cancel or (on a preview) Edit on the waiting action. */
  /** The card's buttons; a draft confirmed after editing its fields in place carries them. */
  settle: (decision: "confirm" | "cancel" | "edit", draft?: ChatDraftEdits) => void;
  /** What the last turn changed or offers, shown as a card under its reply. */
  card: ChatCard | null;
  /** Shows a changed annotation on the chart and in the table. */
  showOnChart: (annotationId: string, date: string) => void;
  /**
   * Opens the create or edit dialog filled in from a preview's draft; null where no dialog is
   * at hand (the Edit button is then not shown).
   */
  edit: ((draft: ChatDraft) => void) | null;
  /**
   * Undo on the change card: where it stands. "confirming" asks first (undoing a create removes
   * the annotation from Google Analytics); "done" carries what the undo did, in words.
   */
  cardUndo: CardUndo;
  /** Undo on the change card; for a create, the first press asks and `confirmed` goes on. */
  undoCard: (confirmed?: boolean) => void;
  /** Keeps the change (closes the create's undo question). */
  keepCard: () => void;
}

/** A preview's draft as the annotation dialogs take it (Edit on a preview card). */
export interface DialogDraft {
  /** The annotation a change is to; absent for a create. */
  annotationId?: string;
  title: string;
  description: string;
  /** YYYY-MM-DD */
  date: string;
  endDate?: string;
  color: string;
  categoryId?: string | null;
}

export function dialogDraftOf(draft: ChatDraft): DialogDraft {
  return {
    ...(draft.annotationId ? { annotationId: draft.annotationId } : {}),
    title: draft.title,
    description: draft.description,
    date: draft.startDate,
    ...(draft.endDate ? { endDate: draft.endDate } : {}),
    color: draft.color,
    ...(draft.categoryId !== undefined ? { categoryId: draft.categoryId } : {}),
  };
}

/**
 * Edit on a preview card, for a page that shows the annotations' dialogs: `onEdit` for the chat,
 * `openDraft` for the annotations manager (a new id each time, so the same draft opens again).
 */
export function useDraftOpener() {
  const [openDraft, setOpenDraft] = useState<{ id: number; draft: DialogDraft } | null>(null);
  const onEdit = useCallback((draft: ChatDraft) => {
    setOpenDraft((previous) => ({ id: (previous?.id ?? 0) + 1, draft: dialogDraftOf(draft) }));
  }, []);
  return { openDraft, onEdit };
}

/**
 * One conversation with the GA4 Assistant. The session is created by
 * the first message; its id is kept per property for this tab. A reply can refresh and reveal the
 * annotations (`onShowAnnotations`), select a property, or propose a completed request in the input.
 */
export function useChat({
  user,
  onShowAnnotations,
  onShowAnnotation,
  onEdit,
}: {
  user: CurrentUser;
  onShowAnnotations?: () => void;
  /** Show on chart: the annotation a change card is about. */
  onShowAnnotation?: (annotationId: string, date: string) => void;
  /** Edit on a preview card: the dialog, filled in. */
  onEdit?: (draft: ChatDraft) => void;
}): ChatController {
  const { propertyId, setPropertyId } = useSelectedProperty();
  const propertyKey = propertyId || "none";
  const session = useChatSession(propertyKey);
  const { input, setInput, textareaRef, fill } = useChatInput();
  const turns = useChatTurns({
    user,
    propertyKey,
    propertyId,
    setPropertyId,
    session,
    onShowAnnotations,
  });
  const { pendingText, notice, setNotice, setOffered } = turns;
  const { stored, send, settle, clear, clearing } = useChatRequests(session, turns, {
    propertyId,
    propertyKey,
    input,
    setInput,
  });
  const { activeSessionId } = session;

  const { shownCard, offered } = turns;
  const card =
    pendingText === null && shownCard !== null && shownCard.sessionId === activeSessionId
      ? shownCard.card
      : null;
  const undoCard = useCardUndo({
    card,
    propertyId,
    cardUndo: turns.cardUndo,
    setCardUndo: turns.setCardUndo,
    setNotice,
  });

  // Offered in the conversation it was made in only (another property has its own).
  const suggestion =
    offered !== null && offered.sessionId === activeSessionId ? offered.text : null;
  function acceptSuggestion() {
    if (suggestion === null) return;
    setOffered(null);
    fill(suggestion);
  }

  const messages: ChatBubble[] =
    pendingText === null
      ? stored.messages
      : [...stored.messages, { id: "pending-user-message", role: "user", content: pendingText }];

  return {
    user,
    messages,
    pending: pendingText !== null,
    notice,
    input,
    setInput,
    textareaRef,
    send,
    fill,
    suggestion: pendingText === null ? suggestion : null,
    acceptSuggestion,
    clear,
    clearing,
    confirmation: pendingText === null ? stored.confirmation : null,
    settle,
    card,
    showOnChart: (annotationId, date) => {
      onShowAnnotations?.();
      onShowAnnotation?.(annotationId, date);
    },
    edit: onEdit ?? null,
    cardUndo: turns.cardUndo,
    undoCard,
    keepCard: () => turns.setCardUndo({ state: "idle" }),
  };
}
