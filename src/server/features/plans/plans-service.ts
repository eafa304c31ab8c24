import { errorMessages } from "../../../shared/contracts/errors.js";
import type { User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import type { CurrentUser } from "../../../shared/contracts/auth.js";
import { countForToday } from "../../../shared/daily-quota.js";
import { propertyChangeAllowedFrom } from "../../../shared/property-change.js";
import {
  isSubscriptionTier,
  tierCapabilities,
  type SubscriptionTier,
} from "../../../shared/plans.js";
import type { PlansRepository } from "./plans-repository.js";

export interface PlanAccessLists {
  premiumTesterEmails: string[];
  auditBetaEmails: string[];
}

export const premiumNotAvailableMessage =
  "Premium is coming soon. For now it is open to invited testers only; the free plan is available to everyone.";

export function createPlansService(deps: {
  repository: PlansRepository;
  /** Reads the person again (an identity read, owned by auth). */
  findUser: (userId: string) => Promise<User | null>;
  access: PlanAccessLists;
  /** Brings saved properties in line with the free plan's one property. */
  keepOnePropertyForFreePlan: (user: User) => Promise<void>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const testers = new Set(deps.access.premiumTesterEmails.map((email) => email.toLowerCase()));
  const auditBeta = new Set(deps.access.auditBetaEmails.map((email) => email.toLowerCase()));

  const isAuditBetaUser = (email: string) => auditBeta.has(email.toLowerCase());
  const canSelectPremium = (email: string) =>
    testers.has(email.toLowerCase()) || isAuditBetaUser(email);

  return {
    canSelectPremium,
    isAuditBetaUser,

    /** Sets the plan and the allowances that come with it. */
    async choosePlan(user: User, tier: SubscriptionTier): Promise<User> {
      if (tier === "premium" && !canSelectPremium(user.email)) {
        throw new AppError("premium_not_available", premiumNotAvailableMessage);
      }
      const capabilities = tierCapabilities[tier];
      const updated = await deps.repository.setPlan(user.id, {
        tier,
        annotationQuota: capabilities.dailyAnnotationQuota,
        propertyQuota: capabilities.propertyQuota,
      });
      if (!updated) throw new AppError("unauthenticated", errorMessages.signInAgain);
      if (capabilities.locksFirstProperty) {
        await deps.keepOnePropertyForFreePlan(updated);
        return (await deps.findUser(user.id)) ?? updated;
      }
      return updated;
    },

    /**
     * Records that the person wants to hear once Premium is for sale (the first time they asked
     * is kept). The flag lives on the account: exported with it and deleted with it.
     */
    async notePremiumInterest(user: User): Promise<User> {
      const updated = await deps.repository.notePremiumInterest(user.id, now());
      if (!updated) throw new AppError("unauthenticated", errorMessages.signInAgain);
      return updated;
    },

    /** The signed-in person as the web app sees them. */
    toCurrentUser(user: User): CurrentUser {
      return {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        profileImageUrl: user.profileImageUrl,
        subscriptionTier: isSubscriptionTier(user.subscriptionTier) ? user.subscriptionTier : null,
        annotationQuota: user.annotationQuota,
        propertyQuota: user.propertyQuota,
        dailyAnnotationCount: countForToday(
          user.dailyAnnotationCount,
          user.dailyCountResetAt,
          now(),
        ),
        lockedPropertyId: user.lockedPropertyId,
        propertyChangeAllowedFrom:
          user.lockedPropertyId === null
            ? null
            : (propertyChangeAllowedFrom(user.lockedPropertyChangedAt, now())?.toISOString() ??
              null),
        wantsPremiumNotice: user.premiumInterestAt !== null,
        canSelectPremium: canSelectPremium(user.email),
        isAuditBetaUser: isAuditBetaUser(user.email),
      };
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
