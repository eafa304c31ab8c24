import type { SubscriptionTier } from "../../../shared/plans";
import type { AuthIntent } from "../auth/auth-intent";

/** What a signed-in person's home does: their plan first, then the mode selection. */
export type SignedInHomeStep =
  /** No tier, but a plan was picked before signing in: apply it, showing the set-up spinner. */
  | { kind: "apply-stored-plan"; plan: SubscriptionTier }
  /** No tier and no stored plan: /plans asks. */
  | { kind: "choose-plan" }
  /** Just signed in (authIntent stored) with a tier: straight to the table (docs/decisions/0006). */
  | { kind: "open-dashboard" }
  /** Any other visit with a tier: the mode-selection screen. */
  | { kind: "choose-mode" };

export interface SignedInHomeFacts {
  tier: SubscriptionTier | null;
  /** The stored authIntent, or null once it has been handled. */
  authIntent: AuthIntent | null;
  storedPlan: SubscriptionTier | null;
}

export function decideSignedInHome({
  tier,
  authIntent,
  storedPlan,
}: SignedInHomeFacts): SignedInHomeStep {
  if (tier === null)
    return storedPlan ? { kind: "apply-stored-plan", plan: storedPlan } : { kind: "choose-plan" };
  return authIntent ? { kind: "open-dashboard" } : { kind: "choose-mode" };
}
