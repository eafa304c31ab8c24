import { useQuery } from "@tanstack/react-query";
import type { SavedPropertiesResponse } from "../../shared/contracts/properties";
import { apiRequest } from "../lib/api-client";

export const savedPropertiesQueryKey = ["/api/properties"] as const;

/** The person's saved properties, by name: the picker's list, and every feature naming them. */
export function useSavedProperties() {
  return useQuery({
    queryKey: savedPropertiesQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<SavedPropertiesResponse>(savedPropertiesQueryKey[0], { signal }),
    meta: { path: savedPropertiesQueryKey[0] },
    select: (data) => data.properties,
  });
}
