/** Anchor ids of the landing page's sections; "View Pricing" scrolls to one of them. */
export const landingSectionIds = {
  features: "features",
  howItWorks: "how-it-works",
  pricing: "pricing",
} as const;
