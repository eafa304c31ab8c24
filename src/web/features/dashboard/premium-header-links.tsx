import { Sparkles, Tags } from "lucide-react";
import { Link } from "wouter";
import type { CurrentUser } from "../../../shared/contracts/auth";
import { capabilitiesOf } from "../../../shared/plans";
import { Button } from "../../components/ui/button";
import { routePaths } from "../../lib/route-paths";

/**
 * The dashboard header's Categories and AI Audit buttons, shown to Premium only. They sit with
 * the mode tabs; where everything shares one row (1280 px and wider) they show only their icons.
 */
export function PremiumHeaderLinks({ user }: { user: CurrentUser }) {
  const { canUseCategories, canRunAudit } = capabilitiesOf(user.subscriptionTier);
  return (
    <>
      {canUseCategories ? (
        <Button asChild variant="ghost" size="sm">
          <Link href={routePaths.categories} title="Categories">
            <Tags aria-hidden="true" />
            <span className="xl:sr-only">Categories</span>
          </Link>
        </Button>
      ) : null}
      {canRunAudit ? (
        <Button asChild variant="ghost" size="sm">
          <Link href={routePaths.audit} title="AI Audit">
            <Sparkles aria-hidden="true" />
            <span className="xl:sr-only">AI Audit</span>
          </Link>
        </Button>
      ) : null}
    </>
  );
}
