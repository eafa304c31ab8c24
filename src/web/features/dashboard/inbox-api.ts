import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AcceptSuggestionRequest,
  BulkSuggestionResponse,
  CreatedHook,
  HolidayCalendar,
  InboxRule,
  InboxSettings,
  Suggestion,
} from "../../../shared/contracts/suggestions";
import type { SuggestionSourceKind } from "../../../shared/suggestion-sources";
import { apiRequest } from "../../lib/api-client";
import { currentUserQueryKey } from "../../session/current-user";
import { inboxQueryPrefix } from "../../session/inbox";
import { annotationsQueryKey } from "../annotations/annotations-api";

const base = (propertyId: string) => `/api/properties/${encodeURIComponent(propertyId)}`;

const settingsKey = (propertyId: string) => ["/api/properties/inbox-settings", propertyId] as const;

function useRefreshAfterDecision(propertyId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: inboxQueryPrefix(propertyId) });
    void queryClient.invalidateQueries({ queryKey: annotationsQueryKey(propertyId) });
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  };
}

export function useAcceptSuggestion(propertyId: string) {
  const refresh = useRefreshAfterDecision(propertyId);
  return useMutation({
    mutationFn: ({ id, edits }: { id: string; edits: AcceptSuggestionRequest }) =>
      apiRequest<Suggestion>(`${base(propertyId)}/suggestions/${id}/accept`, {
        method: "POST",
        body: edits,
      }),
    onSettled: refresh,
  });
}

export function useDismissSuggestion(propertyId: string) {
  const refresh = useRefreshAfterDecision(propertyId);
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<Suggestion>(`${base(propertyId)}/suggestions/${id}/dismiss`, { method: "POST" }),
    onSettled: refresh,
  });
}

/** Undoes a dismissal: the suggestion returns to the open list. */
export function useRestoreSuggestion(propertyId: string) {
  const refresh = useRefreshAfterDecision(propertyId);
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<Suggestion>(`${base(propertyId)}/suggestions/${id}/restore`, { method: "POST" }),
    onSettled: refresh,
  });
}

export function useBulkSuggestions(propertyId: string) {
  const refresh = useRefreshAfterDecision(propertyId);
  return useMutation({
    mutationFn: (body: { action: "accept" | "dismiss"; ids: string[] }) =>
      apiRequest<BulkSuggestionResponse>(`${base(propertyId)}/suggestions/bulk`, {
        method: "POST",
        body,
      }),
    onSettled: refresh,
  });
}

export function useInboxSettings(propertyId: string, enabled: boolean) {
  return useQuery({
    queryKey: settingsKey(propertyId),
    queryFn: ({ signal }) =>
      apiRequest<InboxSettings>(`${base(propertyId)}/inbox-settings`, { signal }),
    enabled: enabled && propertyId !== "",
    retry: false,
  });
}

export function useHolidayChoices(country: string, enabled: boolean) {
  return useQuery({
    queryKey: ["/api/holiday-calendars", country],
    queryFn: ({ signal }) =>
      apiRequest<{ countries: Record<string, string>; regions: Record<string, string> }>(
        `/api/holiday-calendars${country ? `?country=${encodeURIComponent(country)}` : ""}`,
        { signal },
      ),
    enabled,
    staleTime: Infinity,
  });
}

function useSettingsMutation<Input, Output>(
  propertyId: string,
  request: (input: Input) => Promise<Output | null>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: settingsKey(propertyId) });
      void queryClient.invalidateQueries({ queryKey: inboxQueryPrefix(propertyId) });
    },
  });
}

export function useCreateHook(propertyId: string) {
  return useSettingsMutation(propertyId, (name: string) =>
    apiRequest<CreatedHook>(`${base(propertyId)}/hooks`, { method: "POST", body: { name } }),
  );
}

export function useDeleteHook(propertyId: string) {
  return useSettingsMutation(propertyId, (id: string) =>
    apiRequest<{ deleted: true }>(`${base(propertyId)}/hooks/${id}`, { method: "DELETE" }),
  );
}

export function useSetHolidayCalendar(propertyId: string) {
  return useSettingsMutation(propertyId, (calendar: HolidayCalendar | null) =>
    apiRequest<{ holidayCalendar: HolidayCalendar | null }>(
      `${base(propertyId)}/holiday-calendar`,
      { method: "PUT", body: calendar },
    ),
  );
}

export function useCreateRule(propertyId: string) {
  return useSettingsMutation(
    propertyId,
    (rule: { source: SuggestionSourceKind; origin?: string | null }) =>
      apiRequest<InboxRule>(`${base(propertyId)}/inbox-rules`, { method: "POST", body: rule }),
  );
}

export function useDeleteRule(propertyId: string) {
  return useSettingsMutation(propertyId, (id: string) =>
    apiRequest<{ deleted: true }>(`${base(propertyId)}/inbox-rules/${id}`, { method: "DELETE" }),
  );
}
