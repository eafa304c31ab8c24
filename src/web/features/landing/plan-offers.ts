import {
  planNames,
  planPrices,
  planWords,
  premiumForSale,
  type SubscriptionTier,
} from "../../../shared/plans";

export interface PlanOffer {
  tier: SubscriptionTier;
  name: string;
  price: string;
  priceNote: string;
  summary: string;
  /** What the plan includes, in the words of shared/plans.ts (the same on every page). */
  highlights: string[];
  /** Only a plan that can be bought is marked as the one most people choose. */
  isMostPopular: boolean;
  isComingSoon: boolean;
}

function offer(tier: SubscriptionTier, summary: string): PlanOffer {
  const forSale = tier === "freemium" || premiumForSale;
  return {
    tier,
    name: planNames[tier],
    price: planPrices[tier].price,
    priceNote: planPrices[tier].note,
    summary,
    highlights: planWords(tier).included,
    isMostPopular: tier === "premium" && forSale,
    isComingSoon: !forSale,
  };
}

/** The landing page's two plan cards. */
export const planOffers: readonly PlanOffer[] = [
  offer("freemium", "Everything you need to keep one GA4 property annotated."),
  offer("premium", "For teams that annotate several properties and want AI to keep them tidy."),
];
