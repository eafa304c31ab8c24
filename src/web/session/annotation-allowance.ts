import type { CurrentUser } from "../../shared/contracts/auth";
import { annotationLimitReason } from "../../shared/daily-quota";
import { useHydrated } from "../lib/use-hydrated";

/**
 * Why this person cannot add an annotation now (the day's allowance is spent), or null. Every
 * create entry point — New Annotation, the chart's Annotate, the assistant's create prompt —
 * disables itself with this reason rather than failing once a form is filled. The time left until
 * the reset is added after hydration, so the page the server drew and the browser's first render
 * agree.
 */
export function useAnnotationLimitReason(user: CurrentUser): string | null {
  const hydrated = useHydrated();
  return annotationLimitReason(
    { used: user.dailyAnnotationCount, quota: user.annotationQuota },
    hydrated ? new Date() : null,
  );
}
