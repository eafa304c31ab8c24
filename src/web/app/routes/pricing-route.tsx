import { PricingSection } from "../../features/landing/components/pricing-section";

/** /pricing: the landing page's pricing section as a page of its own, for links and bookmarks. */
export function PricingRoute() {
  return (
    <>
      <title>Pricing · Tidemark</title>
      <h1 className="sr-only">Pricing</h1>
      <PricingSection />
    </>
  );
}

export default PricingRoute;
