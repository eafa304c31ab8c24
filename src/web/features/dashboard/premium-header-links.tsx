import { Sparkles, Tags } from "lucide-react";
import { Link } from "wouter";
import type { CurrentUser } from "../../../shared/contracts/auth";
import { auditAccessOf } from "../../../shared/audit-access";
import { capabilitiesOf } from "../../../shared/plans";
import { Button } from "../../components/ui/button";
import { routePaths } from "../../lib/route-paths";

/**
 * The dashboard header's Categories and AI Audit buttons, shown only to those who can use them:
 * Categories to Premium, the AI Audit to Premium people in its private beta. They sit with
 * the mode tabs and always say what they are: an icon alone names nothing to someone new.
 */
export function PremiumHeaderLinks({ user }: { user: CurrentUser }) {
  const { canUseCategories } = capabilitiesOf(user.subscriptionTier);
  const canRunAudit = auditAccessOf(user) === "allowed";
  return (
    <>
      {canUseCategories ? (
        <Button asChild variant="ghost" size="sm">
          <Link href={routePaths.categories}>
            <Tags aria-hidden="true" />
            Categories
          </Link>
        </Button>
      ) : null}
      {canRunAudit ? (
        <Button asChild variant="ghost" size="sm">
          <Link href={routePaths.audit}>
            <Sparkles aria-hidden="true" />
            AI Audit
          </Link>
        </Button>
      ) : null}
    </>
  );
}
