import { Check } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/class-names";
import { routePaths } from "../../../lib/route-paths";
import { PremiumAction } from "../../../session/premium-offer";
import type { PlanOffer } from "../plan-offers";

export function PlanCard({ offer }: { offer: PlanOffer }) {
  const titleId = `plan-${offer.tier}-title`;

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        "relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm sm:p-8",
        offer.isMostPopular &&
          "border-primary/50 shadow-xl shadow-primary/10 ring-1 ring-primary/30",
      )}
    >
      {offer.isMostPopular ? (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1 shadow-sm">
          Most Popular
        </Badge>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-xl font-semibold tracking-tight">
          {offer.name}
        </h3>
        {offer.isComingSoon ? <Badge variant="accent">Coming Soon</Badge> : null}
      </div>
      {/* Two lines reserved from md up, so the prices of side-by-side cards line up. */}
      <p className="mt-2 text-sm text-muted-foreground md:min-h-10">{offer.summary}</p>

      <p className="mt-6 flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="text-3xl font-semibold tracking-tight">{offer.price}</span>
        <span className="text-sm text-muted-foreground">{offer.priceNote}</span>
      </p>

      <ul className="mt-6 flex flex-col gap-3 text-sm">
        {offer.highlights.map((highlight) => (
          <li key={highlight} className="flex gap-3">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>{highlight}</span>
          </li>
        ))}
      </ul>

      <div className="mt-auto pt-8">
        {offer.isComingSoon ? (
          // The landing page is drawn for visitors: signed-in people see their own pages at /.
          <PremiumAction user={null} />
        ) : (
          <Button asChild className="w-full">
            <Link href={routePaths.signup}>Get Started Free</Link>
          </Button>
        )}
      </div>
    </article>
  );
}
