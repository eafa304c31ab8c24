import { drawnWhenNear, landingSectionIds } from "../landing-section-ids";
import { planOffers } from "../plan-offers";
import { PlanCard } from "./plan-card";
import { SectionHeading } from "./section-heading";

export function PricingSection() {
  return (
    <section
      id={landingSectionIds.pricing}
      aria-labelledby="pricing-title"
      // Focusable so "View Pricing" can hand keyboard focus to the section it scrolls to.
      tabIndex={-1}
      className={`scroll-mt-16 border-t border-border/70 bg-muted/40 py-20 outline-none sm:py-24 ${drawnWhenNear}`}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="pricing-title" eyebrow="Pricing" title="Start free, grow into Premium">
          Freemium is free, forever. Premium isn't for sale yet: sign up free to be told when it
          opens.
        </SectionHeading>
        <div className="mx-auto mt-14 grid max-w-4xl gap-8 md:grid-cols-2 md:gap-6">
          {planOffers.map((offer) => (
            <PlanCard key={offer.tier} offer={offer} />
          ))}
        </div>
      </div>
    </section>
  );
}
