import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { users, type User } from "../../db/schema/index.js";
import type { SubscriptionTier } from "../../../shared/plans.js";

export interface UsersRepository {
  findById(id: string): Promise<User | null>;
  existsByEmail(email: string): Promise<boolean>;
  setSubscription(
    id: string,
    plan: { tier: SubscriptionTier; annotationQuota: number; propertyQuota: number },
  ): Promise<User | null>;
}

export function createUsersRepository(db: Db): UsersRepository {
  return {
    async findById(id) {
      const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return user ?? null;
    },
    async existsByEmail(email) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return row !== undefined;
    },
    async setSubscription(id, plan) {
      const [user] = await db
        .update(users)
        .set({
          subscriptionTier: plan.tier,
          annotationQuota: plan.annotationQuota,
          propertyQuota: plan.propertyQuota,
        })
        .where(eq(users.id, id))
        .returning();
      return user ?? null;
    },
  };
}
