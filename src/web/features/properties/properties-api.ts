import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AnalyticsProperty } from "../../../shared/contracts/google";
import type { SavedPropertyView } from "../../../shared/contracts/properties";
import { apiRequest } from "../../lib/api-client";
import { currentUserQueryKey } from "../../session/current-user";
import { savedPropertiesQueryKey, useSavedProperties } from "../../session/saved-properties";

// Kept in the session (other features name saved properties too); offered here as before.
export { savedPropertiesQueryKey, useSavedProperties };

export const analyticsPropertiesQueryKey = ["/api/ga4/properties"] as const;

/** Only fetched while Google Analytics is connected, never retried (409 means reconnect). */
export function useAnalyticsProperties(connected: boolean) {
  return useQuery({
    queryKey: analyticsPropertiesQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<{ properties: AnalyticsProperty[] }>(analyticsPropertiesQueryKey[0], { signal }),
    meta: { path: analyticsPropertiesQueryKey[0] },
    select: (data) => data.properties,
    enabled: connected,
    retry: false,
  });
}

export function useSaveProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (propertyId: string) =>
      apiRequest<{ property: SavedPropertyView }>(savedPropertiesQueryKey[0], {
        method: "POST",
        body: { propertyId },
      }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: savedPropertiesQueryKey }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]);
    },
  });
}

/** PUT /api/properties/locked: a free plan's one property, changed to another. */
export function useChangeLockedProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (propertyId: string) =>
      apiRequest<{ property: SavedPropertyView }>(`${savedPropertiesQueryKey[0]}/locked`, {
        method: "PUT",
        body: { propertyId },
      }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: savedPropertiesQueryKey }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]);
    },
  });
}

export function useDeleteProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ deleted: true }>(`${savedPropertiesQueryKey[0]}/${encodeURIComponent(id)}`, {
        method: "DELETE",
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedPropertiesQueryKey }),
  });
}
