import { datesInTimeZone } from "../../../shared/property-time-zone";
import { useSelectedProperty } from "../../session/selected-property";
import { usePropertyTimeZone } from "../../session/use-property-time-zone";

/**
 * 'Dates in Australia/Sydney': the one place the selected property's time zone is named. Every
 * date on the page (table, dialogs, chart, assistant) is a day on that calendar, as in GA4. Its
 * line is kept while the zone loads, so the page does not move when it arrives.
 */
export function PropertyTimeZoneNote({ className }: { className?: string }) {
  const { propertyId } = useSelectedProperty();
  const timeZone = usePropertyTimeZone(propertyId);
  if (!propertyId) return null;
  return (
    <p className={className ?? "mt-0.5 min-h-4 text-xs text-muted-foreground"}>
      {timeZone ? datesInTimeZone(timeZone) : null}
    </p>
  );
}
