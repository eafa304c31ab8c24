import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from "react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import {
  chatMessageMaxLength,
  chatTooLongMessage,
  confirmButtonLabels,
  type ChatCard,
  type ChatConfirmation,
  type ChatDraft,
  type ChatDraftEdits,
  type ChatHistoryResponse,
  type ChatMessageView,
  type SendChatResponse,
} from "../../../shared/contracts/chat";
import { visibleLength } from "../../../shared/contracts/clean-text";
import { capabilitiesOf } from "../../../shared/plans";
import { describeUndo, undoWords } from "../../../shared/undo-words";
import { isApiError } from "../../lib/api-client";
import { serverErrorMessage } from "../../lib/api-error-message";
import { newRequestId } from "../../lib/request-id";
import { useHydrated } from "../../lib/use-hydrated";
import { currentUserQueryKey } from "../../session/current-user";
import { useSelectedProperty } from "../../session/selected-property";
import {
  browserTimeZone,
  chatHistoryQueryKey,
  clearChatSession,
  fetchChatHistory,
  readStoredChatSession,
  sendChatMessage,
  settleChatConfirmation,
  undoChatChange,
  writeStoredChatSession,
} from "./chat-api";

export const chatFailureMessage = "Something went wrong. Please try again.";
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

export type CardUndo =
  | { state: "idle" }
  | { state: "confirming" }
  | { state: "running" }
  | { state: "done"; text: string };

/** Whether `text` may be sent now. */
export function canSendChat(text: string, pending: boolean): boolean {
  return !pending && text.trim() !== "" && visibleLength(text) <= chatMessageMaxLength;
}

function caretFor(text: string): number {
  const quotes = text.indexOf('""');
  return quotes === -1 ? text.length : quotes + 1;
}

const noMessages: ChatMessageView[] = [];
const noHistory: ChatHistoryResponse = { messages: noMessages, confirmation: null };

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
  const queryClient = useQueryClient();
  const { propertyId, setPropertyId } = useSelectedProperty();
  const propertyKey = propertyId || "none";
  const [sessions, setSessions] = useState<Record<string, string | null>>({});
  // The tab's kept conversation is this browser's alone; a page drawn on the server shows none.
  const hydrated = useHydrated();
  const sessionId =
    propertyKey in sessions
      ? (sessions[propertyKey] ?? null)
      : hydrated
        ? readStoredChatSession(propertyKey)
        : null;
  const [input, setInput] = useState("");
  const [pendingText, setPendingText] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [offered, setOffered] = useState<{ sessionId: string; text: string } | null>(null);
  const [shownCard, setShownCard] = useState<{ sessionId: string; card: ChatCard } | null>(null);
  const [cardUndo, setCardUndo] = useState<CardUndo>({ state: "idle" });
  // One id per card: a second click (or a retry) is answered with the first undo's result.
  const undoRequestRef = useRef<{ card: ChatCard; requestId: string } | null>(null);
  const [clearing, setClearing] = useState(false);
  const pendingRef = useRef(false);
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  const caretRef = useRef<number | null>(null);

  const rememberSession = useCallback((key: string, id: string | null) => {
    writeStoredChatSession(key, id);
    setSessions((previous) => ({ ...previous, [key]: id }));
  }, []);

  const history = useQuery({
    queryKey: chatHistoryQueryKey(sessionId ?? ""),
    queryFn: ({ signal }) => fetchChatHistory(sessionId ?? "", signal),
    enabled: sessionId !== null,
    retry: false,
  });

  // The kept conversation is gone (cleared elsewhere, or another account's): the next message starts afresh.
  const historyGone = isApiError(history.error, "chat_not_found");
  const activeSessionId = historyGone ? null : sessionId;

  // Applies a requested caret position once the new input value is on screen.
  useLayoutEffect(() => {
    const caret = caretRef.current;
    const element = textareaRef.current;
    if (caret === null || !element) return;
    caretRef.current = null;
    element.focus();
    element.setSelectionRange(caret, caret);
  }, [input]);

  const fill = useCallback((text: string) => {
    caretRef.current = caretFor(text);
    setInput(text);
    // Same text again: no re-render would move the caret, so do it here.
    const element = textareaRef.current;
    if (element && element.value === text) {
      caretRef.current = null;
      element.focus();
      element.setSelectionRange(caretFor(text), caretFor(text));
    }
  }, []);

  function applyResponse(
    response: SendChatResponse,
    text: string,
    previous: readonly ChatMessageView[],
  ) {
    const now = Date.now();
    // The reply is in the response: show it at once, then settle on the stored history.
    queryClient.setQueryData<ChatHistoryResponse>(
      chatHistoryQueryKey(response.sessionId),
      (cached) => ({
        messages: [
          ...(cached?.messages ?? previous),
          { id: `local-user-${now}`, role: "user", content: text, timestamp: now },
          {
            id: `local-assistant-${now}`,
            role: "assistant",
            content: response.reply,
            timestamp: now,
          },
        ],
        confirmation: response.confirmation ?? null,
      }),
    );
    void queryClient.invalidateQueries({ queryKey: chatHistoryQueryKey(response.sessionId) });
    rememberSession(propertyKey, response.sessionId);

    if (response.showAnnotations) {
      void queryClient.invalidateQueries({ queryKey: ["/api/annotations"] });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      onShowAnnotations?.();
    }
    const detected = response.detectedPropertyId;
    const lockedElsewhere =
      capabilitiesOf(user.subscriptionTier).locksFirstProperty &&
      user.lockedPropertyId !== null &&
      user.lockedPropertyId !== detected;
    if (detected && detected !== propertyId && !lockedElsewhere) {
      // The conversation follows the property it is about.
      rememberSession(detected, response.sessionId);
      setPropertyId(detected);
    }
    setShownCard(response.card ? { sessionId: response.sessionId, card: response.card } : null);
    setCardUndo({ state: "idle" });
    // Offered, never typed for them: what goes into the box is the person's choice.
    setOffered(
      response.suggestedInput
        ? { sessionId: response.sessionId, text: response.suggestedInput }
        : null,
    );
  }

  function send(text?: string) {
    const message = text ?? input;
    if (!canSendChat(message, pendingRef.current)) return;
    pendingRef.current = true;
    setPendingText(message);
    setNotice(null);
    setOffered(null);
    setShownCard(null);
    if (text === undefined) setInput("");
    const sessionId = activeSessionId;
    const previous = sessionId ? (history.data?.messages ?? noMessages) : noMessages;
    const request = { message, propertyId: propertyId || null, timeZone: browserTimeZone() };

    void (async () => {
      try {
        let response: SendChatResponse;
        try {
          response = await sendChatMessage({ ...request, sessionId });
        } catch (error) {
          if (!(isApiError(error, "chat_not_found") && sessionId)) throw error;
          // The conversation no longer exists: this message starts a new one.
          rememberSession(propertyKey, null);
          response = await sendChatMessage({ ...request, sessionId: null });
        }
        applyResponse(response, message, response.sessionId === sessionId ? previous : noMessages);
      } catch (error) {
        setNotice(serverErrorMessage(error) ?? chatFailureMessage);
        // Nothing was stored: give the words back so they can be sent again.
        if (text === undefined) setInput((current) => (current === "" ? message : current));
        if (isApiError(error, "unauthenticated"))
          void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      } finally {
        pendingRef.current = false;
        setPendingText(null);
      }
    })();
  }

  function clear() {
    if (pendingRef.current || clearing) return;
    setNotice(null);
    setOffered(null);
    const ending = activeSessionId;
    if (!ending) return;
    setClearing(true);
    void clearChatSession(ending)
      .catch(() => undefined)
      .finally(() => {
        queryClient.removeQueries({ queryKey: chatHistoryQueryKey(ending) });
        setSessions((previous) => {
          const next = { ...previous };
          for (const key of Object.keys(next)) if (next[key] === ending) next[key] = null;
          return next;
        });
        rememberSession(propertyKey, null);
        setClearing(false);
      });
  }

  const stored = activeSessionId ? (history.data ?? noHistory) : noHistory;
  function settle(decision: "confirm" | "cancel" | "edit", draft?: ChatDraftEdits) {
    const waiting = stored.confirmation;
    const sessionId = activeSessionId;
    if (!waiting || !sessionId || pendingRef.current) return;
    pendingRef.current = true;
    const label = { confirm: confirmButtonLabels[waiting.kind], cancel: "Cancel", edit: "Edit" }[
      decision
    ];
    setPendingText(label);
    setNotice(null);
    setOffered(null);
    const previous = stored.messages;
    void (async () => {
      try {
        const response = await settleChatConfirmation(sessionId, {
          confirmationId: waiting.id,
          decision,
          ...(draft ? { draft } : {}),
        });
        applyResponse(response, label, previous);
      } catch (error) {
        setNotice(serverErrorMessage(error) ?? chatFailureMessage);
        // The server says what is waiting now (often nothing): show that, not stale buttons.
        void queryClient.invalidateQueries({ queryKey: chatHistoryQueryKey(sessionId) });
      } finally {
        pendingRef.current = false;
        setPendingText(null);
      }
    })();
  }

  const card =
    pendingText === null && shownCard !== null && shownCard.sessionId === activeSessionId
      ? shownCard.card
      : null;

  function undoCard(confirmed = false) {
    if (!card || card.kind !== "change" || !card.undoId || !propertyId) return;
    if (cardUndo.state === "running" || cardUndo.state === "done") return;
    if (card.action === "created" && !confirmed) {
      setCardUndo({ state: "confirming" });
      return;
    }
    if (undoRequestRef.current?.card !== card)
      undoRequestRef.current = { card, requestId: newRequestId() };
    const { requestId } = undoRequestRef.current;
    const title = card.annotation.title;
    setCardUndo({ state: "running" });
    setNotice(null);
    void undoChatChange(propertyId, card.undoId, {
      requestId,
      ...(card.action === "created" ? { confirm: true } : {}),
    }).then(
      (answer) => {
        setCardUndo({ state: "done", text: describeUndo(answer, title) });
        void queryClient.invalidateQueries({ queryKey: ["/api/annotations"] });
        void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      },
      (error: unknown) => {
        setCardUndo({ state: "idle" });
        setNotice(serverErrorMessage(error) ?? undoWords.failed);
      },
    );
  }

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
    cardUndo,
    undoCard,
    keepCard: () => setCardUndo({ state: "idle" }),
  };
}
