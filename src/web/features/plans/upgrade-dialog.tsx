import { Check } from "lucide-react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import {
  planNames,
  planPrices,
  planWords,
  premiumAvailability,
  type SubscriptionTier,
} from "../../../shared/plans";
import { Dialog } from "../../components/ui/dialog";
import { PremiumAction } from "../../session/premium-offer";

const tiers: readonly SubscriptionTier[] = ["freemium", "premium"];

/**
 * The upgrade dialog: both plans in the words every page uses (shared/plans.ts), and what can be
 * done about Premium today — never a button to buy what is not for sale.
 */
export function UpgradeDialog({
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
