import { useSavedProperties } from "./saved-properties";

/**
 * The saved property's reporting time zone (GA4 dates the property's days in it), or null while
 * it is not known: not saved, not loaded yet, or Google has not told the server.
 */
export function usePropertyTimeZone(propertyId: string): string | null {
  const saved = useSavedProperties();
  if (!propertyId) return null;
  return saved.data?.find((property) => property.propertyId === propertyId)?.timeZone ?? null;
}
