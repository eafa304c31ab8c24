import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type {
  AllAnnotationsKeysResponse,
  AllAnnotationsResponse,
} from "../../../shared/contracts/all-annotations";
import { apiRequest } from "../../lib/api-client";
import { apiSearchOfView, keysSearchOfView, type AllAnnotationsView } from "./all-annotations-view";
import { allAnnotationsQueryKeyRoot } from "./annotations-api";

const basePath = "/api/annotations";
const queryKeyRoot = allAnnotationsQueryKeyRoot;

/**
 * One page of every saved property's annotations. The server reads Google at most once per
 * property for the view and keeps the lists ten minutes, so paging, sorting and filtering ask it
 * again freely; `refresh` makes it read Google again.
 */
export function useAllAnnotations(view: AllAnnotationsView) {
  const client = useQueryClient();
  const search = apiSearchOfView(view);
  const [refreshing, setRefreshing] = useState(false);
  const query = useQuery({
    queryKey: [...queryKeyRoot, search],
    queryFn: ({ signal }) =>
      apiRequest<AllAnnotationsResponse>(`${basePath}?${search}`, { signal }),
    meta: { path: basePath },
    placeholderData: keepPreviousData,
    // The server's cache decides what is fresh; a page seen before is asked for again.
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

  async function refresh(): Promise<void> {
    setRefreshing(true);
    try {
      const fresh = await apiRequest<AllAnnotationsResponse>(`${basePath}?${search}&refresh=1`);
      client.setQueryData([...queryKeyRoot, search], fresh);
      // Other pages and filters were read from the lists just replaced.
      await client.invalidateQueries({
        queryKey: queryKeyRoot,
        predicate: (cached) => cached.queryKey[2] !== search,
        refetchType: "none",
      });
    } finally {
      setRefreshing(false);
    }
  }

  return { ...query, refresh, refreshing };
}

/** Every annotation matching a view's filters (at most the bulk maximum), for "Select all N matching". */
export function fetchMatchingKeys(view: AllAnnotationsView): Promise<AllAnnotationsKeysResponse> {
  return apiRequest<AllAnnotationsKeysResponse>(`${basePath}?${keysSearchOfView(view)}`);
}
