import { isSubscriptionTier, type SubscriptionTier } from "../../../shared/plans";
import {
  readStoredValue,
  removeStoredValue,
  storageKeys,
  writeStoredValue,
} from "../../lib/storage-keys";

/** A plan picked while signed out, applied once the person has signed in. */
export function storeSelectedPlan(tier: SubscriptionTier): void {
  writeStoredValue(storageKeys.selectedPlan, tier);
}

/** The stored plan if it is one of ours; anything else counts as none. */
export function readSelectedPlan(): SubscriptionTier | null {
  const stored = readStoredValue(storageKeys.selectedPlan);
  return isSubscriptionTier(stored) ? stored : null;
}

export function clearSelectedPlan(): void {
  removeStoredValue(storageKeys.selectedPlan);
}
