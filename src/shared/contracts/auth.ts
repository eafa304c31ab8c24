import { z } from "zod";
import { subscriptionTiers, type SubscriptionTier } from "../plans.js";

/** Trimmed and lower-cased, so "Ada@Example.com " and "ada@example.com" are one person. */
export const emailAddress = z
  .string({ message: "Email is required" })
  .trim()
  .toLowerCase()
  .max(254, "Email is too long")
  .pipe(z.email({ message: "Enter a valid email address" }));

export const lookupRequest = z.object({ email: emailAddress });
export type LookupRequest = z.infer<typeof lookupRequest>;
export interface LookupResponse {
  exists: boolean;
}

export const subscriptionRequest = z.object({
  tier: z.enum(subscriptionTiers, { message: "Choose the freemium or premium plan" }),
});
export type SubscriptionRequest = z.infer<typeof subscriptionRequest>;

/** What GET /api/auth/user returns: the signed-in person and their plan's allowances. */
export interface CurrentUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  subscriptionTier: SubscriptionTier | null;
  annotationQuota: number;
  propertyQuota: number;
  dailyAnnotationCount: number;
  lockedPropertyId: string | null;
  /** Whether this person may choose Premium now (tester allow-list or audit beta). */
  canSelectPremium: boolean;
  /** Whether this person is in the AI audit's private beta. */
  isAuditBetaUser: boolean;
}
