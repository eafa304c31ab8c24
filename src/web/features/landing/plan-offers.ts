import {
  assistantAllowance,
  countOf,
  dailyAnnotationAllowance,
  tierCapabilities,
  type SubscriptionTier,
} from "../../../shared/plans";

export interface PlanOffer {
  tier: SubscriptionTier;
  name: string;
  price: string;
  priceNote: string;
  summary: string;
  /** What the plan includes, in the product's own wording; every number comes from shared/plans.ts. */
  highlights: string[];
  isMostPopular: boolean;
  isComingSoon: boolean;
}

function propertyAllowance(tier: SubscriptionTier): string {
  const { propertyQuota, locksFirstProperty } = tierCapabilities[tier];
  return locksFirstProperty
    ? `${countOf(propertyQuota, "locked property", "locked properties")}`
    : `Up to ${countOf(propertyQuota, "property", "properties")}`;
}

function dailyAnnotations(tier: SubscriptionTier): string {
  return dailyAnnotationAllowance(tier);
}

function annotationAccess(tier: SubscriptionTier): string {
  const { canEditAnnotations, canDeleteAnnotations } = tierCapabilities[tier];
  return canEditAnnotations && canDeleteAnnotations
    ? "Full CRUD: create, list, edit and delete"
    : "List and add annotations";
}

function premiumExtras(tier: SubscriptionTier): string[] {
  const { canRunAudit, canUseCategories } = tierCapabilities[tier];
  return [
    ...(canRunAudit ? ["AI annotation audit"] : []),
    ...(canUseCategories ? ["Custom categories and naming templates"] : []),
  ];
}

/** The landing page's two plan cards. Premium is public but not yet selectable. */
export const planOffers: readonly PlanOffer[] = [
  {
    tier: "freemium",
    name: "Freemium",
    price: "$0",
    priceNote: "Free, forever",
    summary: "Everything you need to keep one GA4 property annotated.",
    highlights: [
      propertyAllowance("freemium"),
      dailyAnnotations("freemium"),
      annotationAccess("freemium"),
      assistantAllowance("freemium"),
      "Dual mode: Agent Mode and Property View",
    ],
    isMostPopular: false,
    isComingSoon: false,
  },
  {
    tier: "premium",
    name: "Premium",
    price: "Early access",
    priceNote: "Pricing announced at launch",
    summary: "For teams that annotate several properties and want AI to keep them tidy.",
    highlights: [
      propertyAllowance("premium"),
      dailyAnnotations("premium"),
      annotationAccess("premium"),
      ...premiumExtras("premium"),
      assistantAllowance("premium"),
    ],
    isMostPopular: true,
    isComingSoon: true,
  },
];
