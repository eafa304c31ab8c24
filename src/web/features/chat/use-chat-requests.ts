import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  chatMessageMaxLength,
  confirmButtonLabels,
  type ChatDraftEdits,
  type ChatHistoryResponse,
  type ChatMessageView,
} from "../../../shared/contracts/chat";
import { visibleLength } from "../../../shared/contracts/clean-text";
import { isApiError } from "../../lib/api-client";
import { currentUserQueryKey } from "../../session/current-user";
import {
  browserTimeZone,
  chatHistoryQueryKey,
  clearChatSession,
  sendChatMessage,
  settleChatConfirmation,
} from "./chat-api";
import type { useChatSession } from "./use-chat-session";
import type { useChatTurns } from "./use-chat-turns";

/** Whether `text` may be sent now. */
export function canSendChat(text: string, pending: boolean): boolean {
  return !pending && text.trim() !== "" && visibleLength(text) <= chatMessageMaxLength;
}

export const noMessages: ChatMessageView[] = [];
const noHistory: ChatHistoryResponse = { messages: noMessages, confirmation: null };

/**
 * What the person asks of the conversation: send a message, answer the waiting confirmation, or
 * clear it. One at a time: each is ignored while another is on its way.
 */
export function useChatRequests(
  session: ReturnType<typeof useChatSession>,
  turns: ReturnType<typeof useChatTurns>,
  {
    propertyId,
    propertyKey,
    input,
    setInput,
  }: {
    propertyId: string;
    propertyKey: string;
    input: string;
    setInput: (update: string | ((current: string) => string)) => void;
  },
) {
  const queryClient = useQueryClient();
  const { history, activeSessionId, rememberSession } = session;
  const { pendingRef } = turns;
  const [clearing, setClearing] = useState(false);
  const stored = activeSessionId ? (history.data ?? noHistory) : noHistory;

  function send(text?: string) {
    const message = text ?? input;
    if (!canSendChat(message, pendingRef.current)) return;
    turns.setShownCard(null);
    if (text === undefined) setInput("");
    const sessionId = activeSessionId;
    const previous = sessionId ? (history.data?.messages ?? noMessages) : noMessages;
    const request = { message, propertyId: propertyId || null, timeZone: browserTimeZone() };
    turns.runTurn(
      message,
      async () => {
        try {
          return await sendChatMessage({ ...request, sessionId });
        } catch (error) {
          if (!(isApiError(error, "chat_not_found") && sessionId)) throw error;
          // The conversation no longer exists: this message starts a new one.
          rememberSession(propertyKey, null);
          return await sendChatMessage({ ...request, sessionId: null });
        }
      },
      (response) => (response.sessionId === sessionId ? previous : noMessages),
      (error) => {
        // Nothing was stored: give the words back so they can be sent again.
        if (text === undefined) setInput((current) => (current === "" ? message : current));
        if (isApiError(error, "unauthenticated"))
          void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      },
    );
  }

  function settle(decision: "confirm" | "cancel" | "edit", draft?: ChatDraftEdits) {
    const waiting = stored.confirmation;
    const sessionId = activeSessionId;
    if (!waiting || !sessionId || pendingRef.current) return;
    const label = { confirm: confirmButtonLabels[waiting.kind], cancel: "Cancel", edit: "Edit" }[
      decision
    ];
    const previous = stored.messages;
    turns.runTurn(
      label,
      () =>
        settleChatConfirmation(sessionId, {
          confirmationId: waiting.id,
          decision,
          ...(draft ? { draft } : {}),
        }),
      () => previous,
      // The server says what is waiting now (often nothing): show that, not stale buttons.
      () => void queryClient.invalidateQueries({ queryKey: chatHistoryQueryKey(sessionId) }),
    );
  }

  function clear() {
    if (pendingRef.current || clearing) return;
    turns.setNotice(null);
    turns.setOffered(null);
    const ending = activeSessionId;
    if (!ending) return;
    setClearing(true);
    void clearChatSession(ending)
      .catch(() => undefined)
      .finally(() => {
        queryClient.removeQueries({ queryKey: chatHistoryQueryKey(ending) });
        session.forgetSession(ending);
        rememberSession(propertyKey, null);
        setClearing(false);
      });
  }

  return { stored, send, settle, clear, clearing };
}
