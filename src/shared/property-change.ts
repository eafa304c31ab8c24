import { freePropertyChangeDays } from "./plans.js";

const dayMs = 24 * 60 * 60 * 1000;

/**
 * When a free plan's one property may next be changed: null when it may be changed now (never
 * changed yet, or the last change is `freePropertyChangeDays` days old). Both sides ask this, so
 * the picker's lock and the server's refusal agree.
 */
export function propertyChangeAllowedFrom(lastChangedAt: Date | null, now: Date): Date | null {
  if (!lastChangedAt) return null;
  const from = new Date(lastChangedAt.getTime() + freePropertyChangeDays * dayMs);
  return from.getTime() > now.getTime() ? from : null;
}
