import {
  assistantAllowance,
  countOf,
  dailyAnnotationAllowance,
  tierCapabilities,
  type SubscriptionTier,
} from "../../../shared/plans";

export interface PlanChoice {
  tier: SubscriptionTier;
  name: string;
  /** What the plan includes, in the plans page's words; every number comes from shared/plans.ts. */
  included: string[];
  /** What it leaves out, listed so nobody picks it by mistake. */
  notIncluded: string[];
}

function describe(tier: SubscriptionTier): Pick<PlanChoice, "included" | "notIncluded"> {
  const caps = tierCapabilities[tier];
  const included: string[] = [
    caps.locksFirstProperty
      ? countOf(caps.propertyQuota, "saved property", "saved properties")
      : `Up to ${countOf(caps.propertyQuota, "property", "properties")}`,
    dailyAnnotationAllowance(tier),
  ];
  const notIncluded: string[] = [];

  const canEditAndDelete = caps.canEditAnnotations && caps.canDeleteAnnotations;
  if (canEditAndDelete) included.push("Full CRUD: create, list, edit and delete annotations");
  else {
    included.push("List and create annotations");
    notIncluded.push("Edit or delete annotations");
  }
  (caps.canRunAudit ? included : notIncluded).push("AI annotation audit");
  (caps.canUseCategories ? included : notIncluded).push("Custom categories");
  included.push(
    caps.hasDailyAssistantLimit ? "Agent chat and property table" : "Advanced agent mode",
    assistantAllowance(tier),
  );

  return { included, notIncluded };
}

/** The /plans cards. */
export const planChoices: readonly PlanChoice[] = [
  { tier: "freemium", name: "Freemium", ...describe("freemium") },
  { tier: "premium", name: "Premium", ...describe("premium") },
];
