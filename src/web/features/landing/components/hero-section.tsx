import { ArrowRight, Sparkles } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { routePaths } from "../../../lib/route-paths";
import { landingSectionIds } from "../landing-section-ids";
import { scrollToSection } from "../scroll-to-section";
import { ProductPreview } from "./product-preview";

export function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60%_50%_at_15%_0%,color-mix(in_oklch,var(--brand-gradient-from)_18%,transparent),transparent),radial-gradient(45%_45%_at_95%_30%,color-mix(in_oklch,var(--brand-gradient-to)_16%,transparent),transparent)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 pt-14 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-[1.05fr_1fr] lg:gap-10 lg:pt-24 lg:pb-28">
        <div className="flex flex-col items-start">
          <Badge variant="accent" className="px-3 py-1">
            <Sparkles aria-hidden="true" />
            Annotations for Google Analytics 4
          </Badge>
          <h1
            id="hero-title"
            className="mt-6 text-4xl leading-[1.08] font-semibold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Every spike in your analytics,{" "}
            <span className="bg-linear-to-r from-brand-from to-brand-to bg-clip-text text-transparent">
              explained.
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-muted-foreground">
            Tidemark keeps dated annotations on your GA4 properties: launches, deploys, outages and
            campaigns. Ask the AI assistant in Agent Mode, or work through a table in Property View.
          </p>
          <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg">
              <Link href={routePaths.signup}>
                Get Started for Free
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button
              size="lg"
              variant="outline"
              // The pre-rendered page's own script finds it by this (it is not hydrated).
              data-scroll-to={landingSectionIds.pricing}
              onClick={() => scrollToSection(landingSectionIds.pricing)}
            >
              View Pricing
            </Button>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">
            Freemium is free, forever. Premium is coming soon.
          </p>
        </div>
        {/* Below the text up to lg, so laid out only as it comes near (see drawnWhenNear); beside it
            on a wide screen, where its glow must not be clipped. */}
        <div className="min-w-0 max-lg:[content-visibility:auto] max-lg:[contain-intrinsic-size:auto_440px]">
          <ProductPreview />
        </div>
      </div>
    </section>
  );
}
