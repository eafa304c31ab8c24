/** Analytics events the app pushes to the tag manager's data layer. */
export type DataLayerEvent = { event: "agent_mode_click" } | { event: "property_mode_click" };

declare global {
  interface Window {
    /** Google Tag Manager's queue; created here if no tag script made it first. */
    dataLayer?: unknown[];
  }
}

export function pushDataLayerEvent(entry: DataLayerEvent): void {
  window.dataLayer ??= [];
  window.dataLayer.push(entry);
}
