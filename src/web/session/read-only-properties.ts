import { useQuery } from "@tanstack/react-query";
import type { AnalyticsProperty } from "../../shared/contracts/google";
import { readOnlyPropertyReason } from "../../shared/property-access";
import { apiRequest } from "../lib/api-client";
import { usePropertyName } from "./property-label";

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

/**
 * Why annotations cannot be added to or changed on this property (the person's Google role only
 * lets them view it), or null: New Annotation, the chart's Annotate, and each row's edit and
 * delete are disabled with this reason rather than failing once a form is filled.
 */
export function useReadOnlyReason(propertyId: string | null | undefined): string | null {
  const readOnly = useReadOnlyPropertyIds();
  const name = usePropertyName(propertyId);
  return propertyId && readOnly.has(propertyId) ? readOnlyPropertyReason(propertyId, name) : null;
}
