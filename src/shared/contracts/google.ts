/** GET /api/google/status */
export interface GoogleConnectionStatus {
  connected: boolean;
  /** False when the person connected without allowing edits: annotations can be read, not written. */
  canWrite: boolean;
}

/** A GA4 property the connected Google account can see (GET /api/ga4/properties). */
export interface AnalyticsProperty {
  propertyId: string;
  displayName: string;
  accountName: string;
  /** Whether the person's Google Analytics role lets them edit this property. */
  canEdit: boolean;
}
