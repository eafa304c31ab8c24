import type { CurrentUser } from "../../shared/contracts/auth";
import { annotationLimitReason } from "../../shared/daily-quota";
import { useHydrated } from "../lib/use-hydrated";
import { useSelectedProperty } from "./selected-property";
import { usePropertyTimeZone } from "./use-property-time-zone";

/**
 * Why this person cannot add an annotation now (the day's allowance is spent), or null. Every
 * create entry point — New Annotation, the chart's Annotate, the assistant's create prompt —
 * disables itself with this reason rather than failing once a form is filled, and the plan card
 * says it. When the allowance resets is named on the selected property's clock, as the server's
 * refusal and the assistant name it. The time is added after hydration, so the page the server
 * drew and the browser's first render agree.
 */
export function useAnnotationLimitReason(user: CurrentUser): string | null {
  const hydrated = useHydrated();
  const { propertyId } = useSelectedProperty();
  const timeZone = usePropertyTimeZone(propertyId);
  return annotationLimitReason(
    { used: user.dailyAnnotationCount, quota: user.annotationQuota },
    hydrated ? new Date() : null,
    timeZone,
  );
}
