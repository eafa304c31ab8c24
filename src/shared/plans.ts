/**
 * Subscription tiers and what each one may do. This module is the single source of truth:
 * the web app draws its locks, badges and plan cards from it and the server enforces it.
 */
export const subscriptionTiers = ["freemium", "premium"] as const;
export type SubscriptionTier = (typeof subscriptionTiers)[number];

export interface TierCapabilities {
  /** Annotations that may be created per UTC day. */
  dailyAnnotationQuota: number;
  /** GA4 properties that may be saved at once. */
  propertyQuota: number;
  /** Whether the first saved property becomes the only one the user may work with. */
  locksFirstProperty: boolean;
  canEditAnnotations: boolean;
  canDeleteAnnotations: boolean;
  canUseCategories: boolean;
  canRunAudit: boolean;
  /**
   * Whether assistant messages are capped at the basic daily allowance ("basic AI", its number set
   * by the server's configuration), or held only to `premiumAssistantFairUse`.
   */
  hasDailyAssistantLimit: boolean;
}

export const tierCapabilities: Record<SubscriptionTier, TierCapabilities> = {
  freemium: {
    dailyAnnotationQuota: 5,
    propertyQuota: 1,
    locksFirstProperty: true,
    canEditAnnotations: false,
    canDeleteAnnotations: false,
    canUseCategories: false,
    canRunAudit: false,
    hasDailyAssistantLimit: true,
  },
  premium: {
    dailyAnnotationQuota: 50,
    propertyQuota: 5,
    locksFirstProperty: false,
    canEditAnnotations: true,
    canDeleteAnnotations: true,
    canUseCategories: true,
    canRunAudit: true,
    hasDailyAssistantLimit: false,
  },
};

/** A user who has not chosen a plan yet is held to the free tier's limits. */
export const defaultTier: SubscriptionTier = "freemium";

/** Capabilities for a stored tier; a missing or unknown tier gets the free tier's. */
export function capabilitiesOf(tier: string | null | undefined): TierCapabilities {
  return tierCapabilities[isSubscriptionTier(tier) ? tier : defaultTier];
}

export function isSubscriptionTier(value: unknown): value is SubscriptionTier {
  return typeof value === "string" && (subscriptionTiers as readonly string[]).includes(value);
}

/** What a free user is told when they reach for a Premium feature, wherever they reach for it. */
export const premiumFeatureMessages = {
  edit: "Editing annotations is a Premium feature. On the free plan you can list and add annotations.",
  delete:
    "Deleting annotations is a Premium feature. On the free plan you can list and add annotations.",
  categories: "Categories are a Premium feature.",
} as const;

/** The short form of the same, for the tooltip on a locked control. */
export const premiumTooltips = {
  edit: "Premium feature - Upgrade to edit annotations",
  delete: "Premium feature - Upgrade to delete annotations",
} as const;

/**
 * Premium's assistant has no daily allowance, only fair-use ceilings: far above what a person
 * typing and reading the answers sends (a few messages a minute; even 50 annotations a day, each
 * a handful of messages, stay well under the day's number), low enough that a script or a stuck
 * client cannot send a language model hundreds of calls a minute from one account. The server
 * enforces these numbers unless configured otherwise; /plans states them.
 */
export const premiumAssistantFairUse = {
  messagesPerMinute: 20,
  messagesPerDay: 500,
} as const;

/** "1 annotation", "5 annotations": plan sentences count with this, so numbers and words agree. */
export function countOf(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** "5 annotations per day", from the tier's quota. */
export function dailyAnnotationAllowance(tier: SubscriptionTier): string {
  return `${countOf(tierCapabilities[tier].dailyAnnotationQuota, "annotation", "annotations")} per day`;
}

/** The plan's assistant allowance as plan cards state it: basic, or Premium's fair-use ceiling. */
export function assistantAllowance(tier: SubscriptionTier): string {
  return tierCapabilities[tier].hasDailyAssistantLimit
    ? "Basic AI assistant"
    : `AI assistant: fair use, up to ${countOf(premiumAssistantFairUse.messagesPerDay, "message", "messages")} a day`;
}
