import { FlaskConical, Sparkles } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button";
import { routePaths } from "../../lib/route-paths";
import { PremiumFeatureCard } from "../../components/premium-feature-card";

/** /audit without Premium. */
export function AuditPremiumNotice() {
  return (
    <PremiumFeatureCard
      icon={<Sparkles className="size-6" aria-hidden="true" />}
      description="The AI annotation audit is part of Premium: it reviews your annotations and suggests clearer titles, descriptions and categories."
      actions={
        <Button asChild>
          <Link href={routePaths.plans}>Upgrade to Premium</Link>
        </Button>
      }
    />
  );
}

/** /audit for Premium while the audit is in private beta. */
export function AuditPrivateBetaNotice() {
  return (
    <PremiumFeatureCard
      title="Coming Soon for Premium Users"
      icon={<FlaskConical className="size-6" aria-hidden="true" />}
      description="The AI annotation audit is in private beta. It will open to every Premium account soon; nothing is needed from you."
      actions={
        <Button asChild variant="outline">
          <Link href={routePaths.dashboard}>Back to Dashboard</Link>
        </Button>
      }
    />
  );
}
