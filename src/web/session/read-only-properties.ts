import { useQuery } from "@tanstack/react-query";
import type { AnalyticsProperty } from "../../shared/contracts/google";
import { apiRequest } from "../lib/api-client";

/** The same list the property picker reads (and caches) from Google. */
const analyticsPropertiesPath = "/api/ga4/properties";

const none: ReadonlySet<string> = new Set();

/**
 * The property ids the person's Google Analytics role lets them view but not edit, as the property
 * picker marks them "Read-only": every write to them fails, so the pages that write mark them
 * and do not offer them. Empty while Google has not answered (or cannot: nothing is assumed).
 */
export function useReadOnlyPropertyIds(): ReadonlySet<string> {
  const query = useQuery({
    queryKey: [analyticsPropertiesPath] as const,
    queryFn: ({ signal }) =>
      apiRequest<{ properties: AnalyticsProperty[] }>(analyticsPropertiesPath, { signal }),
    meta: { path: analyticsPropertiesPath },
    select: (data) =>
      new Set(
        data.properties.filter((p) => !p.canEdit).map((p) => p.propertyId),
      ) as ReadonlySet<string>,
    retry: false,
  });
  return query.data ?? none;
}
