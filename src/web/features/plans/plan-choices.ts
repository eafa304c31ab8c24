import type { CurrentUser } from "../../../shared/contracts/auth";
import { planNames, planWords, type SubscriptionTier } from "../../../shared/plans";

export interface PlanChoice {
  tier: SubscriptionTier;
  name: string;
  /** What the plan includes, in the words of shared/plans.ts (the same on every page). */
  included: string[];
  /** What it leaves out, listed so nobody picks it by mistake. */
  notIncluded: string[];
}

/** The /plans cards, in the words of the plan's own reader when one is signed in. */
export function planChoicesFor(reader: CurrentUser | null): readonly PlanChoice[] {
  return (["freemium", "premium"] as const).map((tier) => ({
    tier,
    name: planNames[tier],
    ...planWords(tier, reader ?? undefined),
  }));
}
