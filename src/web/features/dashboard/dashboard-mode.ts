import { useSearch } from "wouter";
import type { DashboardMode } from "../../lib/route-paths";

export const dashboardModes: readonly { mode: DashboardMode; label: string }[] = [
  { mode: "agent", label: "Agent Mode" },
  { mode: "property", label: "Property View" },
];

/** The `mode` query parameter; anything but "property" means Agent Mode. */
export function parseDashboardMode(search: string): DashboardMode {
  return new URLSearchParams(search).get("mode") === "property" ? "property" : "agent";
}

export function useDashboardMode(): DashboardMode {
  return parseDashboardMode(useSearch());
}

export const dashboardPanelId = "dashboard-panel";

export function dashboardTabId(mode: DashboardMode): string {
  return `dashboard-tab-${mode}`;
}
