import { useSavedProperties } from "../properties/properties-api";
import { useSelectedProperty } from "../../session/selected-property";
import { dashboardModes, useDashboardMode } from "./dashboard-mode";

/**
 * The dashboard's document title names the mode and the property, so a tab or a history entry
 * says where it leads: "Property View · wingtiptoys.com · Tidemark". The property's name is the
 * one the picker shows; its id stands in until the name is known, and no property leaves it out.
 */
export function dashboardTitle(modeLabel: string, property: string | null): string {
  return [modeLabel, property, "Tidemark"].filter(Boolean).join(" · ");
}

export function DashboardTitle() {
  const mode = useDashboardMode();
  const { propertyId } = useSelectedProperty();
  const saved = useSavedProperties();
  const label = dashboardModes.find((entry) => entry.mode === mode)!.label;
  const name = propertyId
    ? saved.data?.find((property) => property.propertyId === propertyId)?.name || propertyId
    : null;
  return <title>{dashboardTitle(label, name)}</title>;
}
