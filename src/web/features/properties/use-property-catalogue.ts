import { isApiError } from "../../lib/api-client";
import { useGoogleStatus } from "../../session/google-connection-status";
import { useAnalyticsProperties, useSavedProperties } from "./properties-api";

/** What the picker says while it has nothing to list: loading, not connected, or none at all. */
export const propertyEmptyMessages = {
  loading: "Loading your GA4 properties...",
  notConnected: "Connect Google Analytics to see your properties",
  none: "No GA4 properties found",
} as const;

/**
 * Everything the picker lists: the saved properties, the Google properties not saved yet (only
 * while Google Analytics is connected), the selected one's name, and what to say when there is
 * nothing to list.
 */
export function usePropertyCatalogue(selectedId: string) {
  const google = useGoogleStatus();
  const connected = google.data?.connected === true;
  const saved = useSavedProperties();
  const analytics = useAnalyticsProperties(connected);

  const savedList = saved.data ?? [];
  const savedIds = new Set(savedList.map((entry) => entry.propertyId));
  const analyticsList = (analytics.data ?? []).filter((entry) => !savedIds.has(entry.propertyId));
  // Whose Google role lets them only view it: marked wherever the picker names it.
  const readOnlyIds: ReadonlySet<string> = new Set(
    (analytics.data ?? []).filter((entry) => !entry.canEdit).map((entry) => entry.propertyId),
  );
  const selectedName =
    savedList.find((entry) => entry.propertyId === selectedId)?.name ??
    analytics.data?.find((entry) => entry.propertyId === selectedId)?.displayName;
  const needsReconnect =
    isApiError(analytics.error, "google_reconnect") ||
    isApiError(analytics.error, "google_not_connected");

  let emptyMessage: string | null = null;
  if (savedList.length === 0 && analyticsList.length === 0) {
    if (saved.isPending || google.isPending || (connected && analytics.isPending)) {
      emptyMessage = propertyEmptyMessages.loading;
    } else if (!connected || needsReconnect) {
      emptyMessage = propertyEmptyMessages.notConnected;
    } else {
      emptyMessage = propertyEmptyMessages.none;
    }
  }

  return {
    savedList,
    analyticsList,
    selectedName,
    readOnlyIds,
    emptyMessage,
    /** The connection expired or was never made: the picker offers to reconnect. */
    reconnectError: needsReconnect ? analytics.error : null,
  };
}
