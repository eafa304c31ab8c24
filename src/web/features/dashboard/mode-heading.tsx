import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useReadOnlyReason } from "../../session/read-only-properties";
import { useSelectedProperty } from "../../session/selected-property";
import { ModeHeading, PropertyHint, useDashboardReadiness } from "./mode-parts";

/** The selected property, whether a mode can show it yet, and why it may only be viewed. */
export function useModeProperty() {
  const { propertyId } = useSelectedProperty();
  const readiness = useDashboardReadiness();
  const ready = readiness === "ready";
  // A property the person may only view says so up front, and offers nothing that can only fail.
  const readOnlyReason = useReadOnlyReason(ready ? propertyId : null);
  return { propertyId, readiness, ready, readOnlyReason };
}

export type ModeProperty = ReturnType<typeof useModeProperty>;

/**
 * A mode's heading: its line names the property being worked on once it is ready (and says when
 * it is read-only), and says what the mode does until then.
 */
export function PropertyModeHeading({
  icon,
  heading,
  before,
  fallback,
  mode,
}: {
  icon: LucideIcon;
  heading: string;
  /** The words before the property's name. */
  before: string;
  /** The line while there is no property to name. */
  fallback: ReactNode;
  mode: ModeProperty;
}) {
  return (
    <ModeHeading
      icon={icon}
      heading={heading}
      hint={
        mode.propertyId && mode.ready ? (
          <PropertyHint
            before={before}
            propertyId={mode.propertyId}
            readOnlyReason={mode.readOnlyReason}
          />
        ) : (
          fallback
        )
      }
    />
  );
}
