import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import type {
  ChatCard,
  ChatHistoryResponse,
  ChatMessageView,
  SendChatResponse,
} from "../../../shared/contracts/chat";
import { capabilitiesOf } from "../../../shared/plans";
import { serverErrorMessage } from "../../lib/api-error-message";
import { currentUserQueryKey } from "../../session/current-user";
import { chatHistoryQueryKey } from "./chat-api";
import type { CardUndo } from "./use-card-undo";

export const chatFailureMessage = "Something went wrong. Please try again.";

/** The reply is in the response: show it at once, then settle on the stored history. */
function showReplyAtOnce(
  queryClient: ReturnType<typeof useQueryClient>,
  response: SendChatResponse,
  text: string,
  previous: readonly ChatMessageView[],
) {
  const now = Date.now();
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
}

/** Whether the person's plan holds them to another property than the one a reply is about. */
function lockedElsewhere(user: CurrentUser, detected: string | undefined | null): boolean {
  return (
    capabilitiesOf(user.subscriptionTier).locksFirstProperty &&
    user.lockedPropertyId !== null &&
    user.lockedPropertyId !== detected
  );
}

/**
 * The conversation's turns: the words on their way, the last failure, and what the last reply
 * offers (a request to send next, a card and its undo). A reply can refresh and reveal the
 * annotations and move the conversation to the property it is about.
 */
export function useChatTurns({
  user,
  propertyKey,
  propertyId,
  setPropertyId,
  session: { rememberSession },
  onShowAnnotations,
}: {
  user: CurrentUser;
  propertyKey: string;
  propertyId: string;
  setPropertyId: (propertyId: string) => void;
  session: { rememberSession: (key: string, id: string | null) => void };
  onShowAnnotations?: () => void;
}) {
  const queryClient = useQueryClient();
  const [pendingText, setPendingText] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [offered, setOffered] = useState<{ sessionId: string; text: string } | null>(null);
  const [shownCard, setShownCard] = useState<{ sessionId: string; card: ChatCard } | null>(null);
  const [cardUndo, setCardUndo] = useState<CardUndo>({ state: "idle" });
  const pendingRef = useRef(false);

  function applyResponse(
    response: SendChatResponse,
    text: string,
    previous: readonly ChatMessageView[],
  ) {
    showReplyAtOnce(queryClient, response, text, previous);
    rememberSession(propertyKey, response.sessionId);
    if (response.showAnnotations) {
      void queryClient.invalidateQueries({ queryKey: ["/api/annotations"] });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      onShowAnnotations?.();
    }
    const detected = response.detectedPropertyId;
    if (detected && detected !== propertyId && !lockedElsewhere(user, detected)) {
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

  /**
   * One turn: `text` shows as sent until `call` answers; the answer is shown on top of the
   * messages `previousFor` gives for it. A failure is said in the notice, then `onError` runs.
   */
  function runTurn(
    text: string,
    call: () => Promise<SendChatResponse>,
    previousFor: (response: SendChatResponse) => readonly ChatMessageView[],
    onError: (error: unknown) => void,
  ) {
    pendingRef.current = true;
    setPendingText(text);
    setNotice(null);
    setOffered(null);
    void (async () => {
      try {
        const response = await call();
        applyResponse(response, text, previousFor(response));
      } catch (error) {
        setNotice(serverErrorMessage(error) ?? chatFailureMessage);
        onError(error);
      } finally {
        pendingRef.current = false;
        setPendingText(null);
      }
    })();
  }

  return {
    pendingText,
    pendingRef,
    notice,
    setNotice,
    offered,
    setOffered,
    shownCard,
    setShownCard,
    cardUndo,
    setCardUndo,
    runTurn,
  };
}
