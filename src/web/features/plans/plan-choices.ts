import { planNames, planWords, type SubscriptionTier } from "../../../shared/plans";

export interface PlanChoice {
  tier: SubscriptionTier;
  name: string;
  /** What the plan includes, in the words of shared/plans.ts (the same on every page). */
  included: string[];
  /** What it leaves out, listed so nobody picks it by mistake. */
  notIncluded: string[];
}

/** The /plans cards. */
export const planChoices: readonly PlanChoice[] = (["freemium", "premium"] as const).map(
  (tier) => ({ tier, name: planNames[tier], ...planWords(tier) }),
);
