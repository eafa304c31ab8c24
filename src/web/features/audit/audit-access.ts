import type { CurrentUser } from "../../../shared/contracts/auth";
import { capabilitiesOf } from "../../../shared/plans";

/**
 * What /audit shows a person: the Premium notice without Premium, the private-beta notice for
 * Premium outside the beta, and the audit itself for people in the beta.
 */
export type AuditAccess = "premium_required" | "private_beta" | "full";

export function auditAccessOf(
  user: Pick<CurrentUser, "subscriptionTier" | "isAuditBetaUser">,
): AuditAccess {
  if (!capabilitiesOf(user.subscriptionTier).canRunAudit) return "premium_required";
  return user.isAuditBetaUser ? "full" : "private_beta";
}
