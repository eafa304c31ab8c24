import type { UndoChangeResponse } from "../../../shared/contracts/annotation-history";
import type {
  ChatHistoryResponse,
  SendChatRequest,
  SendChatResponse,
  SettleConfirmationRequest,
} from "../../../shared/contracts/chat";
import { apiRequest } from "../../lib/api-client";

export function chatHistoryQueryKey(sessionId: string) {
  return ["/api/chat", sessionId] as const;
}

function sessionPath(sessionId: string): string {
  return `/api/chat/${encodeURIComponent(sessionId)}`;
}

/** The browser's IANA time zone, so 'yesterday' is the person's yesterday; undefined if unknown. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function sendChatMessage(request: SendChatRequest): Promise<SendChatResponse> {
  return apiRequest<SendChatResponse>("/api/chat", { method: "POST", body: request });
}

export async function fetchChatHistory(
  sessionId: string,
  signal?: AbortSignal,
): Promise<ChatHistoryResponse> {
  const response = await apiRequest<ChatHistoryResponse>(
    sessionPath(sessionId),
    signal ? { signal } : {},
  );
  return { messages: response.messages, confirmation: response.confirmation ?? null };
}

/** The person's Confirm or Cancel for the action the assistant prepared. */
export function settleChatConfirmation(
  sessionId: string,
  request: SettleConfirmationRequest,
): Promise<SendChatResponse> {
  return apiRequest<SendChatResponse>(`${sessionPath(sessionId)}/confirmation`, {
    method: "POST",
    body: request,
  });
}

/**
 * Undo on a change card: the annotations' own undo of that change (as the toasts' Undo), with a
 * request id of its own so a second click gets the first one's answer. A create is undone only
 * with `confirm` (it deletes the annotation), after the person said yes.
 */
export function undoChatChange(
  propertyId: string,
  changeId: string,
  request: { requestId: string; confirm?: boolean },
): Promise<UndoChangeResponse> {
  return apiRequest<UndoChangeResponse>(
    `/api/annotations/${encodeURIComponent(propertyId)}/changes/${encodeURIComponent(changeId)}/undo`,
    {
      method: "POST",
      body: { requestId: request.requestId, ...(request.confirm ? { confirm: true } : {}) },
    },
  );
}

export function clearChatSession(sessionId: string): Promise<unknown> {
  return apiRequest(sessionPath(sessionId), { method: "DELETE" });
}

/**
 * The conversation's id, kept per property for this browser tab (sessionStorage), so switching
 * modes or reloading continues the same conversation. Storage failures only cost that convenience.
 */
const sessionKeyPrefix = "chatSession:";

export function readStoredChatSession(propertyKey: string): string | null {
  try {
    return window.sessionStorage.getItem(sessionKeyPrefix + propertyKey);
  } catch {
    return null;
  }
}

export function writeStoredChatSession(propertyKey: string, sessionId: string | null): void {
  try {
    if (sessionId) window.sessionStorage.setItem(sessionKeyPrefix + propertyKey, sessionId);
    else window.sessionStorage.removeItem(sessionKeyPrefix + propertyKey);
  } catch {
    // The in-memory id still applies for this visit.
  }
}
