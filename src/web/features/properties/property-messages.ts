import { freePropertyChangeDays } from "../../../shared/plans";

// What the picker says while it has nothing to list stays with the list (on the first screen);
// the rest here is said only once the picker is open or asks to confirm.
export { propertyEmptyMessages } from "./use-property-catalogue";

export function lockConfirmationText(name: string): string {
  return `On the free plan you work with one property. Lock Tidemark to ${name}? You can change it later in this picker, once every ${freePropertyChangeDays} days.`;
}

/** "2026-12-27", the day a free plan's property may next be changed. */
function dayOf(iso: string): string {
  return iso.slice(0, 10);
}

export function changeConfirmationText(from: string, to: string, nextChange: Date): string {
  return `Switch Tidemark from ${from} to ${to}? ${from} leaves your saved properties (its annotations stay in Google Analytics). On the free plan you can change your property once every ${freePropertyChangeDays} days, so the next change will be possible on ${dayOf(nextChange.toISOString())}.`;
}

/**
 * What the picker says beside a property a free plan cannot use now: it may be switched to (once
 * every 30 days), or not before a given day.
 */
export function lockedOptionReason(allowedFrom: string | null): string {
  return allowedFrom
    ? `Free plan: one property. You can change it again on ${dayOf(allowedFrom)}.`
    : `Free plan: one property. Choose to switch to this one (once every ${freePropertyChangeDays} days).`;
}

export function deletePropertyConfirmationText(name: string): string {
  return `Are you sure you want to remove "${name}" from your saved properties? This will not delete any data from Google Analytics.`;
}
