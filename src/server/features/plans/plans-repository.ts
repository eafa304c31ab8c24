import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { users, type User } from "../../db/schema/index.js";
import type { SubscriptionTier } from "../../../shared/plans.js";

export interface PlanAllowances {
  tier: SubscriptionTier;
  annotationQuota: number;
  propertyQuota: number;
}

export interface PlansRepository {
  /** Sets a person's plan and its allowances; null when the person no longer exists. */
  setPlan(userId: string, plan: PlanAllowances): Promise<User | null>;
  /** Marks the person as wanting to hear once Premium is for sale; null when they no longer exist. */
  notePremiumInterest(userId: string, at: Date): Promise<User | null>;
}

export function createPlansRepository(db: Db): PlansRepository {
  return {
    async setPlan(userId, plan) {
      const [user] = await db
        .update(users)
        .set({
          subscriptionTier: plan.tier,
          annotationQuota: plan.annotationQuota,
          propertyQuota: plan.propertyQuota,
        })
        .where(eq(users.id, userId))
        .returning();
      return user ?? null;
    },

    async notePremiumInterest(userId, at) {
      await db
        .update(users)
        .set({ premiumInterestAt: at })
        .where(and(eq(users.id, userId), isNull(users.premiumInterestAt)));
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      return user ?? null;
    },
  };
}
