import { Check, LoaderCircle, X } from "lucide-react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import { planPrices } from "../../../shared/plans";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/class-names";
import { PremiumAction } from "../../session/premium-offer";
import type { PlanChoice } from "./plan-choices";

export interface PlanCardState {
  /** Whether this person may pick the plan now. */
  selectable: boolean;
  isCurrent: boolean;
  /** This plan is being applied. */
  isPending: boolean;
  /** Another plan is being applied, so this one waits. */
  isBlocked: boolean;
}

interface CardCopy {
  badge: string | null;
  price: string;
  priceNote: string;
  action: string;
}

function cardCopy(choice: PlanChoice, selectable: boolean): CardCopy {
  if (choice.tier === "freemium") {
    return { badge: null, ...priceOf("freemium"), action: "Get Started Free" };
  }
  return selectable
    ? {
        badge: "Tester Access",
        price: "$0",
        priceNote: "Free while you test",
        action: "Choose Premium",
      }
    : { badge: "Coming Soon", ...priceOf("premium"), action: "" };
}

function priceOf(tier: PlanChoice["tier"]): Pick<CardCopy, "price" | "priceNote"> {
  return { price: planPrices[tier].price, priceNote: planPrices[tier].note };
}

export function PlanChoiceCard({
  choice,
  state,
  user,
  onChoose,
}: {
  choice: PlanChoice;
  state: PlanCardState;
  /** The signed-in person (null for a visitor): a plan that cannot be chosen offers 'Notify me'. */
  user: CurrentUser | null;
  onChoose: () => void;
}) {
  const { badge, price, priceNote, action } = cardCopy(choice, state.selectable);
  const titleId = `plan-choice-${choice.tier}-title`;
  const clickable = state.selectable && !state.isBlocked && !state.isPending;

  return (
    <article
      aria-labelledby={titleId}
      aria-busy={state.isPending || undefined}
      className={cn(
        "relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm transition-[border-color,box-shadow] sm:p-8",
        clickable &&
          "focus-within:ring-3 focus-within:ring-ring/30 hover:border-primary/50 hover:shadow-md",
        choice.tier === "premium" && state.selectable && "border-primary/50 ring-1 ring-primary/30",
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-xl font-semibold tracking-tight">
          {choice.name}
        </h2>
        <div className="flex flex-wrap gap-2">
          {state.isCurrent ? <Badge variant="outline">Current plan</Badge> : null}
          {badge ? <Badge variant="accent">{badge}</Badge> : null}
        </div>
      </div>

      <p className="mt-4 flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="text-3xl font-semibold tracking-tight">{price}</span>
        <span className="text-sm text-muted-foreground">{priceNote}</span>
      </p>

      <h3 className="mt-6 text-sm font-medium">Included</h3>
      <ul className="mt-3 flex flex-col gap-3 text-sm">
        {choice.included.map((item) => (
          <li key={item} className="flex gap-3">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
      {choice.notIncluded.length > 0 ? (
        <>
          <h3 className="mt-6 text-sm font-medium">Not included</h3>
          <ul className="mt-3 flex flex-col gap-3 text-sm text-muted-foreground">
            {choice.notIncluded.map((item) => (
              <li key={item} className="flex gap-3">
                <X className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <div className="mt-auto flex flex-col gap-3 pt-8">
        {state.selectable ? (
          <Button
            size="lg"
            // Stretched over the card so the whole card is the target, with one accessible name.
            className={cn(
              "w-full outline-none",
              clickable && "after:absolute after:inset-0 after:rounded-2xl",
            )}
            // Busy rather than disabled while a plan is applied, so a focused button keeps focus.
            aria-disabled={state.isPending || state.isBlocked || undefined}
            onClick={onChoose}
          >
            {state.isPending ? (
              <>
                <LoaderCircle
                  className="animate-spin motion-reduce:animate-none"
                  aria-hidden="true"
                />
                Applying plan...
              </>
            ) : (
              action
            )}
          </Button>
        ) : (
          <PremiumAction user={user} />
        )}
      </div>
    </article>
  );
}
