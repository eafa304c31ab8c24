import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { GoogleConnectionStatus } from "../../../shared/contracts/google";
import { apiRequest } from "../../lib/api-client";

export const googleStatusQueryKey = ["/api/google/status"] as const;
/** A full page load: the server redirects to Google's consent screen and back to /dashboard?oauth=… */
export const googleAuthorizePath = "/api/google/authorize";

export function useGoogleStatus() {
  return useQuery({
    queryKey: googleStatusQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<GoogleConnectionStatus>(googleStatusQueryKey[0], { signal }),
    retry: false,
  });
}

export function useDisconnectGoogle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ connected: false }>("/api/google/disconnect"),
    onSuccess: () => {
      queryClient.setQueryData<GoogleConnectionStatus>(googleStatusQueryKey, {
        connected: false,
        canWrite: false,
      });
      queryClient.removeQueries({ queryKey: ["/api/ga4/properties"] });
    },
  });
}
