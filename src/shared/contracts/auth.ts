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
  /**
   * When the free plan's locked property may next be changed (ISO time); null when it may be
   * changed now, or nothing is locked.
   */
  propertyChangeAllowedFrom: string | null;
  /** Whether this person asked to be told once Premium is for sale. */
  wantsPremiumNotice: boolean;
  /** Whether this person may choose Premium now (tester allow-list or audit beta). */
  canSelectPremium: boolean;
  /** Whether this person is in the AI audit's private beta. */
  isAuditBetaUser: boolean;
}

/** The one-time token of a sign-in link, as the continue page read it from its address. */
const signInLinkToken = z
  .string({ message: "The sign-in link is incomplete. Request a new one." })
  .min(1, "The sign-in link is incomplete. Request a new one.")
  // Tokens are URL-safe letters and digits; anything else is a mangled link, refused as such.
  .regex(/^[A-Za-z0-9_-]{1,512}$/, "That sign-in link is not valid. Request a new one.");

export const signInLinkPreviewQuery = z.object({ token: signInLinkToken });

/**
 * Signing in with a link: the token travels in the body of a same-origin POST, never in the
 * address. `switchAccount` says the person chose to leave the account this browser is signed in
 * to; without it, a link for someone else is refused rather than silently replacing the session.
 */
export const signInLinkRequest = z
  .object({
    token: signInLinkToken,
    switchAccount: z.boolean({ message: "switchAccount must be true or false" }).optional(),
  })
  .strict();
export type SignInLinkRequest = z.infer<typeof signInLinkRequest>;

/**
 * What the continue page shows before anyone signs in, with both addresses in full: the link is
 * itself a way into its account, so its address is no secret from the link's holder, and only
 * full addresses tell two accounts apart ("victoria@…" and "vincent@…").
 */
export interface SignInLinkPreview {
  /** The account the link signs in to. */
  email: string;
  /** True when no account has this address yet: continuing creates it. */
  newAccount: boolean;
  /** Who this browser is signed in as now, if anyone (shown only to this browser's session). */
  signedIn: { email: string; sameAccount: boolean } | null;
}

/** The answer to a successful sign-in with a link: where the app goes next. */
export interface SignInLinkResult {
  redirectTo: string;
}
