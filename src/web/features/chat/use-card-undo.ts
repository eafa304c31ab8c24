import { useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import type { ChatCard } from "../../../shared/contracts/chat";
import { describeUndo, undoWords } from "../../../shared/undo-words";
import { serverErrorMessage } from "../../lib/api-error-message";
import { newRequestId } from "../../lib/request-id";
import { currentUserQueryKey } from "../../session/current-user";
import { undoChatChange } from "./chat-api";

export type CardUndo =
  | { state: "idle" }
  | { state: "confirming" }
  | { state: "running" }
  | { state: "done"; text: string };

/** Undo on the change card under a reply: asked first for a create, sent once per card. */
export function useCardUndo({
  card,
  propertyId,
  cardUndo,
  setCardUndo,
  setNotice,
}: {
  card: ChatCard | null;
  propertyId: string;
  /** Held with the conversation's turns, which start each new card afresh. */
  cardUndo: CardUndo;
  setCardUndo: (undo: CardUndo) => void;
  setNotice: (notice: string | null) => void;
}) {
  const queryClient = useQueryClient();
  // One id per card: a second click (or a retry) is answered with the first undo's result.
  const undoRequestRef = useRef<{ card: ChatCard; requestId: string } | null>(null);

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

  return undoCard;
}
