import { useQuery } from "@tanstack/react-query";
import type {
  Suggestion,
  SuggestionListResponse,
  SuggestionStatusValue,
} from "../../shared/contracts/suggestions";
import { apiRequest } from "../lib/api-client";

/**
 * The property's suggestion inbox, shared by the inbox tab, the header's badge and the traffic
 * chart's hollow markers (one query, one cache).
 */
export function inboxQueryKey(propertyId: string, status: SuggestionStatusValue = "open") {
  return ["/api/properties/suggestions", propertyId, status] as const;
}

/** Every status of one property's inbox, to refresh after a decision. */
export function inboxQueryPrefix(propertyId: string) {
  return ["/api/properties/suggestions", propertyId] as const;
}

const noSuggestions: Suggestion[] = [];

/**
 * Open suggestions by default. Looked at again every half minute and on focus, so a release
 * delivered meanwhile shows in the badge without a reload.
 */
export function useInbox(propertyId: string, status: SuggestionStatusValue = "open") {
  const path = `/api/properties/${encodeURIComponent(propertyId)}/suggestions?status=${status}`;
  const query = useQuery({
    queryKey: inboxQueryKey(propertyId, status),
    queryFn: ({ signal }) => apiRequest<SuggestionListResponse>(path, { signal }),
    // Drawn with the page (server-render.tsx): the header's badge is hydrated, and asks for the
    // count, before Property View's tab and chart are; an answer the browser fetched in between
    // would reach them while they hydrate and differ from the server's HTML.
    meta: { path },
    enabled: propertyId !== "",
    refetchInterval: 30_000,
    retry: false,
  });
  return {
    suggestions: query.data?.suggestions ?? noSuggestions,
    openCount: query.data?.openCount ?? 0,
    sources: query.data?.sources ?? [],
    isLoading: propertyId !== "" && query.isPending,
    error: query.error,
  };
}
