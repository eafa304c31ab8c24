import { FeatureSection } from "./components/feature-section";
import { HeroSection } from "./components/hero-section";
import { HowItWorksSection } from "./components/how-it-works-section";
import { PricingSection } from "./components/pricing-section";

/** The signed-out home page. */
export function LandingPage() {
  return (
    <>
      <HeroSection />
      <FeatureSection />
      <HowItWorksSection />
      <PricingSection />
    </>
  );
}
