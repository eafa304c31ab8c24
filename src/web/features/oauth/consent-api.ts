import { useMutation, useQuery } from "@tanstack/react-query";
import type {
  ConsentDecisionRequest,
  ConsentDecisionResult,
  ConsentDetails,
} from "../../../shared/contracts/oauth";
import { mcpOAuthPaths } from "../../../shared/oauth";
import { apiRequest } from "../../lib/api-client";

/** Who is asking and for what; only for the signed-in person. */
export function useConsentDetails(uid: string, enabled: boolean) {
  return useQuery({
    queryKey: [mcpOAuthPaths.consentDetails, uid],
    queryFn: ({ signal }) =>
      apiRequest<ConsentDetails>(`${mcpOAuthPaths.consentDetails}?uid=${encodeURIComponent(uid)}`, {
        signal,
      }),
    enabled: enabled && uid !== "",
    retry: false,
    staleTime: Infinity,
  });
}

export function useConsentDecision() {
  return useMutation({
    mutationFn: (request: ConsentDecisionRequest) =>
      apiRequest<ConsentDecisionResult>(mcpOAuthPaths.consentDecision, {
        method: "POST",
        body: request,
      }),
  });
}
