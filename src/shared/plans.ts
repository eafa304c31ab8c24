import type { SuggestionSourceKind } from "./suggestion-sources.js";

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
  /**
   * The inbox's sources this tier may use. Holidays and unexplained changes need nothing but the
   * calendar and the traffic Tidemark already reads; webhooks and change history are Premium.
   */
  suggestionSources: readonly SuggestionSourceKind[];
  /**
   * How long after a change the person may still undo it; null for any time. Undoing a create
   * deletes the annotation, which is Premium's; undoing your own change just after making it is
   * not that, so the free plan may, for a while.
   */
  undoWindowMinutes: number | null;
  /** Personal access tokens the person may hold at once (revoked and expired ones do not count). */
  apiTokenLimit: number;
  /** Impact measured on every metric the property reports; otherwise on sessions only. */
  impactOnEveryMetric: boolean;
  /** 'Why did it move?': ranked causes for a change. */
  canExplainChanges: boolean;
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
    suggestionSources: ["holidays", "unexplained-change"],
    undoWindowMinutes: 60,
    apiTokenLimit: 2,
    impactOnEveryMetric: false,
    canExplainChanges: false,
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
    suggestionSources: ["holidays", "unexplained-change", "release-webhook", "change-history"],
    undoWindowMinutes: null,
    apiTokenLimit: 10,
    impactOnEveryMetric: true,
    canExplainChanges: true,
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
  impact:
    "On the free plan Tidemark measures each annotation's impact on sessions. Other metrics are Premium.",
  explain: "'Why did it move?' (ranked causes for a change) is a Premium feature.",
  bulk: "Bulk actions (recolour, category, delete) are a Premium feature. On the free plan you can list and add annotations.",
  undo: `On the free plan a change can be undone for ${tierCapabilities.freemium.undoWindowMinutes} minutes after it was made. Premium can undo older changes.`,
  undoCreate: `On the free plan an annotation you added can be taken back only while it is your latest change, for ${tierCapabilities.freemium.undoWindowMinutes} minutes. Deleting other annotations is a Premium feature.`,
} as const;

/**
 * Why a free plan cannot use a property other than its locked one, naming it; the server's
 * refusal and every place that repeats it.
 */
export function propertyLockedMessage(lockedName: string): string {
  return `On the free plan Tidemark works with one property, and yours is ${lockedName}. Upgrade to Premium to work with up to ${tierCapabilities.premium.propertyQuota}.`;
}

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

/**
 * What a person who has used the day's annotations would have on Premium, wherever the limit is
 * met (the assistant's limit card): 'Premium has 50 annotations per day.'; null on Premium.
 */
export function moreAnnotationsOffer(tier: SubscriptionTier | null): string | null {
  const quota =
    tierCapabilities[isSubscriptionTier(tier) ? tier : defaultTier].dailyAnnotationQuota;
  return tierCapabilities.premium.dailyAnnotationQuota > quota
    ? `${planNames.premium} has ${dailyAnnotationAllowance("premium")}.`
    : null;
}

/** The plan's assistant allowance as plan cards state it: basic, or Premium's fair-use ceiling. */
export function assistantAllowance(tier: SubscriptionTier): string {
  return tierCapabilities[tier].hasDailyAssistantLimit
    ? "Basic AI assistant"
    : `AI assistant: fair use, up to ${countOf(premiumAssistantFairUse.messagesPerDay, "message", "messages")} a day`;
}

/** The plans' names, as every page writes them. */
export const planNames: Record<SubscriptionTier, string> = {
  freemium: "Freemium",
  premium: "Premium",
};

/**
 * Whether Premium can be had by anyone today. While it cannot, pages say so and offer 'Notify me'
 * (which records the interest on the account) instead of a way to buy it; a tester the server
 * lets choose Premium is sent to /plans.
 */
export const premiumForSale = false;

/** The free plan's one property can be changed, but at most once in this many days. */
export const freePropertyChangeDays = 30;

/** What a plan includes and leaves out, item by item, in the words every page uses. */
export interface PlanWords {
  included: string[];
  /** What the plan leaves out (only ever the free plan), so nobody picks it by mistake. */
  notIncluded: string[];
}

/** The Premium items that read the same in both lists, so "included" and "not included" agree. */
const premiumItems = {
  editDelete: "Edit and delete annotations",
  categories: "Categories with naming templates",
  audit: "AI audit of your annotations (private beta)",
  /** The same item for a Premium person the beta has not opened to, as /audit tells them. */
  auditNotOpen: "AI audit of your annotations (private beta, not open to your account yet)",
} as const;

/**
 * The one list of plan words: the landing page's pricing, /plans, the upgrade dialog and /account
 * all draw their items from here, so they cannot drift apart. Numbers come from tierCapabilities.
 * Given the person reading them, the list says what their plan does for them: the audit, in
 * private beta, is said not to be open to a Premium person outside the beta.
 */
export function planWords(
  tier: SubscriptionTier,
  reader?: { subscriptionTier: SubscriptionTier | null; isAuditBetaUser: boolean },
): PlanWords {
  const caps = tierCapabilities[tier];
  const included: string[] = [
    caps.locksFirstProperty
      ? `${countOf(caps.propertyQuota, "GA4 property", "GA4 properties")}, changeable once every ${freePropertyChangeDays} days`
      : `Up to ${countOf(caps.propertyQuota, "GA4 property", "GA4 properties")}`,
    dailyAnnotationAllowance(tier),
    "Add and list annotations",
  ];
  const notIncluded: string[] = [];
  (caps.canEditAnnotations && caps.canDeleteAnnotations ? included : notIncluded).push(
    premiumItems.editDelete,
  );
  (caps.canUseCategories ? included : notIncluded).push(premiumItems.categories);
  const auditClosedToReader =
    reader !== undefined && reader.subscriptionTier === tier && !reader.isAuditBetaUser;
  (caps.canRunAudit ? included : notIncluded).push(
    caps.canRunAudit && auditClosedToReader ? premiumItems.auditNotOpen : premiumItems.audit,
  );
  included.push(
    caps.impactOnEveryMetric
      ? "Measured impact of each annotation on any metric, and why traffic moved"
      : "Measured impact of each annotation on sessions",
    "Agent Mode (chat) and Property View (table)",
    assistantAllowance(tier),
  );
  return { included, notIncluded };
}

/** Each plan's price as every plan card states it, while Premium is not for sale. */
export const planPrices: Record<SubscriptionTier, { price: string; note: string }> = {
  freemium: { price: "$0", note: "Free, forever" },
  premium: { price: "Not for sale yet", note: "Open to invited testers for now" },
};

/** What Premium's card and the upgrade dialog say while Premium cannot be bought. */
export const premiumAvailability = {
  notForSale:
    "Premium isn't for sale yet. Choose 'Notify me' and we'll email you when it opens; nothing is charged.",
  notified: "We'll email you when Premium opens.",
  visitor: "Premium isn't for sale yet. Sign up free to be told when it opens.",
  tester: "You're an invited tester: Premium is free while you test.",
} as const;
