import { useQuery } from "@tanstack/react-query";
import type { GoogleConnectionStatus } from "../../shared/contracts/google";
import { apiRequest } from "../lib/api-client";
import { loadServerPage } from "../lib/page-navigation";

export const googleStatusQueryKey = ["/api/google/status"] as const;
/** A full page load: the server redirects to Google's consent screen and back to /dashboard?oauth=… */
export const googleAuthorizePath = "/api/google/authorize";

/** Whether the person's Google Analytics is connected, and with write access: every screen's question. */
export function useGoogleStatus() {
  return useQuery({
    queryKey: googleStatusQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<GoogleConnectionStatus>(googleStatusQueryKey[0], { signal }),
    meta: { path: googleStatusQueryKey[0] },
    retry: false,
  });
}

/** Leaves for Google's consent screen; the dashboard mode comes back with the result. */
export function connectGoogle(): void {
  const mode = new URLSearchParams(window.location.search).get("mode");
  loadServerPage(
    mode === "agent" || mode === "property"
      ? `${googleAuthorizePath}?mode=${mode}`
      : googleAuthorizePath,
  );
}
