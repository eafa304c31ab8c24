import { isApiError } from "../../lib/api-client";
import { useGoogleStatus } from "../../session/google-connection-status";
import { propertyEmptyMessages } from "./property-messages";
import { useAnalyticsProperties, useSavedProperties } from "./properties-api";

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
    emptyMessage,
    /** The connection expired or was never made: the picker offers to reconnect. */
    reconnectError: needsReconnect ? analytics.error : null,
  };
}
