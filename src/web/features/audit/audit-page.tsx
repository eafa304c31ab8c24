import type { CurrentUser } from "../../../shared/contracts/auth";
import { auditAccessOf } from "./audit-access";
import { AuditPremiumNotice, AuditPrivateBetaNotice } from "./audit-notices";

/**
 * /audit. Until the audit screen itself ships, people in the beta see the private-beta notice
 * like every other Premium account.
 */
export function AuditPage({ user }: { user: CurrentUser }) {
  if (auditAccessOf(user) === "premium_required") return <AuditPremiumNotice />;
  return <AuditPrivateBetaNotice />;
}
