import { Check, Crown } from "lucide-react";
import { useState } from "react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import {
  planNames,
  planPrices,
  planWords,
  premiumAvailability,
  type SubscriptionTier,
} from "../../../shared/plans";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { useAnnotationLimitReason } from "../../session/annotation-allowance";
import { PremiumAction } from "../../session/premium-offer";

export function remainingMessage(remaining: number): string {
  return `${remaining} annotation${remaining === 1 ? "" : "s"} remaining today`;
}

const tiers: readonly SubscriptionTier[] = ["freemium", "premium"];

/**
 * The upgrade dialog: both plans in the words every page uses (shared/plans.ts), and what can be
 * done about Premium today — never a button to buy what is not for sale.
 */
function UpgradeDialog({
  user,
  open,
  onOpenChange,
}: {
  user: CurrentUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Upgrade to Premium"
      description={
        user.canSelectPremium ? premiumAvailability.tester : "Premium isn't for sale yet."
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {tiers.map((tier) => (
          <section key={tier} aria-label={planNames[tier]} className="rounded-lg border p-4">
            <h3 className="font-semibold">{planNames[tier]}</h3>
            <p className="mt-1 text-lg font-semibold">{planPrices[tier].price}</p>
            <p className="text-xs text-muted-foreground">{planPrices[tier].note}</p>
            <ul className="mt-3 flex flex-col gap-1.5 text-sm">
              {planWords(tier).included.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                  {feature}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <PremiumAction user={user} />
    </Dialog>
  );
}

/** The subscription card: the tier, today's annotations against the quota, and the upgrade offer. */
export function SubscriptionCard({ user }: { user: CurrentUser }) {
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const isPremium = user.subscriptionTier === "premium";
  const used = Math.min(user.dailyAnnotationCount, user.annotationQuota);
  const remaining = Math.max(user.annotationQuota - user.dailyAnnotationCount, 0);
  const limitReason = useAnnotationLimitReason(user);
  const percent = user.annotationQuota > 0 ? Math.round((used / user.annotationQuota) * 100) : 100;

  return (
    <aside
      aria-labelledby="plan-summary-title"
      className="self-start rounded-xl border bg-card p-5 shadow-sm"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="plan-summary-title" className="font-semibold">
          Your plan
        </h2>
        <Badge variant={isPremium ? "default" : "accent"}>
          {isPremium ? <Crown aria-hidden="true" /> : null}
          {planNames[isPremium ? "premium" : "freemium"]}
        </Badge>
      </div>
      <div className="mt-4 flex items-center justify-between text-sm">
        <span className="text-muted-foreground" id="daily-annotations-label">
          Daily Annotations
        </span>
        <span className="font-medium tabular-nums">
          {user.dailyAnnotationCount} / {user.annotationQuota}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="daily-annotations-label"
        aria-valuemin={0}
        aria-valuemax={user.annotationQuota}
        aria-valuenow={used}
        className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p
        className={
          limitReason
            ? "mt-2 text-sm font-medium text-destructive"
            : "mt-2 text-sm text-muted-foreground"
        }
      >
        {limitReason ?? remainingMessage(remaining)}
      </p>
      {isPremium ? null : (
        <>
          <Button className="mt-4 w-full" size="sm" onClick={() => setUpgradeOpen(true)}>
            <Crown aria-hidden="true" />
            Upgrade
          </Button>
          <UpgradeDialog user={user} open={upgradeOpen} onOpenChange={setUpgradeOpen} />
        </>
      )}
    </aside>
  );
}
