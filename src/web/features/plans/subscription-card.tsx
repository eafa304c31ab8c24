import { errorMessages } from "../../../shared/contracts/errors";
import { Check, Crown } from "lucide-react";
import { useState } from "react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import {
  assistantAllowance,
  dailyAnnotationAllowance,
  tierCapabilities,
  type SubscriptionTier,
} from "../../../shared/plans";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";

export const dailyLimitReachedMessage = errorMessages.dailyLimit;

export function remainingMessage(remaining: number): string {
  if (remaining <= 0) return dailyLimitReachedMessage;
  return `${remaining} annotation${remaining === 1 ? "" : "s"} remaining today`;
}

/** The upgrade dialog's short list; every number and capability comes from shared/plans.ts. */
function featuresOf(tier: SubscriptionTier): string[] {
  const caps = tierCapabilities[tier];
  return [
    "Any GA4 property",
    dailyAnnotationAllowance(tier),
    caps.canEditAnnotations && caps.canDeleteAnnotations
      ? "Full create, edit and delete"
      : "List and add only",
    ...(caps.canRunAudit ? ["AI annotation audit"] : []),
    ...(caps.canUseCategories ? ["Custom categories"] : []),
    assistantAllowance(tier),
  ];
}

const plans = [
  { name: "Freemium", price: "Free", period: "forever", features: featuresOf("freemium") },
  {
    name: "Premium",
    price: "Coming Soon",
    period: "early access",
    features: featuresOf("premium"),
  },
] as const;

function UpgradeDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Upgrade to Premium"
      description="Compare the plans. Premium is coming soon."
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {plans.map((plan) => (
          <section key={plan.name} aria-label={plan.name} className="rounded-lg border p-4">
            <h3 className="font-semibold">{plan.name}</h3>
            <p className="mt-1 text-lg font-semibold">{plan.price}</p>
            <p className="text-xs text-muted-foreground">{plan.period}</p>
            <ul className="mt-3 flex flex-col gap-1.5 text-sm">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                  {feature}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <Button disabled className="w-full">
        Coming Soon
      </Button>
    </Dialog>
  );
}

/** The subscription card: the tier, today's annotations against the quota, and the upgrade offer. */
export function SubscriptionCard({ user }: { user: CurrentUser }) {
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const isPremium = user.subscriptionTier === "premium";
  const used = Math.min(user.dailyAnnotationCount, user.annotationQuota);
  const remaining = Math.max(user.annotationQuota - user.dailyAnnotationCount, 0);
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
          {isPremium ? "Premium" : "Freemium"}
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
          remaining === 0
            ? "mt-2 text-sm font-medium text-destructive"
            : "mt-2 text-sm text-muted-foreground"
        }
      >
        {remainingMessage(remaining)}
      </p>
      {isPremium ? null : (
        <>
          <p className="mt-3 text-xs text-muted-foreground">
            List &amp; Add only (no editing/deleting)
          </p>
          <Button className="mt-4 w-full" size="sm" onClick={() => setUpgradeOpen(true)}>
            <Crown aria-hidden="true" />
            Upgrade
          </Button>
          <UpgradeDialog open={upgradeOpen} onOpenChange={setUpgradeOpen} />
        </>
      )}
    </aside>
  );
}
