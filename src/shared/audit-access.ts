import { capabilitiesOf } from "./plans.js";

// Who may use the AI audit, in a module of its own: the dashboard's header asks it on every first
// screen, which need none of the audit's other rules (audit.ts).

/** What the /audit page shows a person: the Premium notice, the private-beta notice, or the audit. */
export type AuditAccess = "premium_required" | "beta_only" | "allowed";

export function auditAccessOf(user: {
  subscriptionTier: string | null | undefined;
  isAuditBetaUser: boolean;
}): AuditAccess {
  if (!capabilitiesOf(user.subscriptionTier).canRunAudit) return "premium_required";
  return user.isAuditBetaUser ? "allowed" : "beta_only";
}

export const auditAccessMessages = {
  premium_required: "The AI audit is a Premium feature.",
  beta_only: "The AI audit is in private beta and not open to your account yet.",
} as const;
