import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { GoogleConnectionStatus } from "../../../shared/contracts/google";
import { apiRequest } from "../../lib/api-client";
import { googleStatusQueryKey } from "../../session/google-connection-status";

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
