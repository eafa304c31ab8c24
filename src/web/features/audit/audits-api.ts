import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { auditPollIntervalMs } from "../../../shared/audit";
import type {
  AuditApplyResponse,
  AuditDetailResponse,
  AuditHistoryResponse,
  AuditSessionResponse,
  AuditSuggestion,
  UpdateSuggestionRequest,
} from "../../../shared/contracts/audits";
import type { Category, CreateCategoryRequest } from "../../../shared/contracts/categories";
import type { SavedPropertiesResponse } from "../../../shared/contracts/properties";
import { apiRequest } from "../../lib/api-client";
import { categoriesQueryKey } from "../../session/categories";

export const auditHistoryQueryKey = ["/api/audits/history"] as const;
export const auditQueryKey = (id: string) => ["/api/audits", id] as const;

export function useAuditHistory() {
  return useQuery({
    queryKey: auditHistoryQueryKey,
    queryFn: ({ signal }) => apiRequest<AuditHistoryResponse>(auditHistoryQueryKey[0], { signal }),
    select: (data) => data.sessions,
    // Opening 'Past Audits' always shows the latest, whatever finished while it was closed.
    refetchOnMount: "always",
  });
}

/**
 * One audit; polled every 2 s while it is queued or running, the only polling in the app. An
 * audit that was never started is not polled: nothing will change until it is started.
 */
export function useAudit(id: string | null) {
  return useQuery({
    queryKey: auditQueryKey(id ?? ""),
    queryFn: ({ signal }) =>
      apiRequest<AuditDetailResponse>(`/api/audits/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => {
      const session = query.state.data?.session;
      const running =
        session?.status === "in_progress" || (session?.status === "pending" && session.started);
      return running ? auditPollIntervalMs : false;
    },
  });
}

export function createAudit(body: {
  propertyId: string;
  startDate?: string;
  endDate?: string;
}): Promise<AuditSessionResponse> {
  return apiRequest<AuditSessionResponse>("/api/audits", { method: "POST", body });
}

export function startAudit(id: string): Promise<AuditSessionResponse> {
  return apiRequest<AuditSessionResponse>(`/api/audits/${encodeURIComponent(id)}/start`, {
    method: "POST",
  });
}

export function useUpdateSuggestion(auditId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { suggestionId: string; change: UpdateSuggestionRequest }) =>
      apiRequest<{ suggestion: AuditSuggestion }>(
        `/api/audits/${encodeURIComponent(auditId)}/suggestions/${encodeURIComponent(input.suggestionId)}`,
        { method: "PATCH", body: input.change },
      ),
    onSuccess: ({ suggestion }) => {
      queryClient.setQueryData<AuditDetailResponse>(auditQueryKey(auditId), (old) =>
        old
          ? {
              ...old,
              suggestions: old.suggestions.map((s) => (s.id === suggestion.id ? suggestion : s)),
            }
          : old,
      );
    },
  });
}

export function useApplyAudit(auditId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<AuditApplyResponse>(`/api/audits/${encodeURIComponent(auditId)}/apply`, {
        method: "POST",
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: auditQueryKey(auditId) }),
  });
}

/** The person's saved properties, for the audit's property select (the same cache as the picker's). */
export function useSavedPropertiesForAudit() {
  return useQuery({
    queryKey: ["/api/properties"],
    queryFn: ({ signal }) => apiRequest<SavedPropertiesResponse>("/api/properties", { signal }),
    select: (data) => data.properties,
  });
}

/** Creates a category the audit suggested, so a suggestion can be linked to it. */
export function useCreateSuggestedCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCategoryRequest) =>
      apiRequest<Category>(categoriesQueryKey[0], { method: "POST", body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}
