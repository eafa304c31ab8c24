/** What the picker says while it has nothing to list: loading, not connected, or none at all. */
export const propertyEmptyMessages = {
  loading: "Loading your GA4 properties...",
  notConnected: "Connect Google Analytics to see your properties",
  none: "No GA4 properties found",
} as const;

export function lockConfirmationText(name: string): string {
  return `On the free plan you work with one property. Lock Tidemark to ${name}?`;
}

export function deletePropertyConfirmationText(name: string): string {
  return `Are you sure you want to remove "${name}" from your saved properties? This will not delete any data from Google Analytics.`;
}
