import { useQuery } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { isApiError } from "../../lib/api-client";
import { useHydrated } from "../../lib/use-hydrated";
import {
  chatHistoryQueryKey,
  fetchChatHistory,
  readStoredChatSession,
  writeStoredChatSession,
} from "./chat-api";

/**
 * The conversation kept for each property in this tab (`propertyKey` is the one shown) and its
 * stored history.
 */
export function useChatSession(propertyKey: string) {
  const [sessions, setSessions] = useState<Record<string, string | null>>({});
  // The tab's kept conversation is this browser's alone; a page drawn on the server shows none.
  const hydrated = useHydrated();
  const sessionId =
    propertyKey in sessions
      ? (sessions[propertyKey] ?? null)
      : hydrated
        ? readStoredChatSession(propertyKey)
        : null;

  const rememberSession = useCallback((key: string, id: string | null) => {
    writeStoredChatSession(key, id);
    setSessions((previous) => ({ ...previous, [key]: id }));
  }, []);

  /** Forgets a cleared conversation under every property that kept it. */
  const forgetSession = useCallback((ending: string) => {
    setSessions((previous) => {
      const next = { ...previous };
      for (const key of Object.keys(next)) if (next[key] === ending) next[key] = null;
      return next;
    });
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
  return { history, activeSessionId, rememberSession, forgetSession };
}
