import { describe, expect, it } from "vitest";
import { planWords, premiumForSale } from "../../../shared/plans";
import { planOffers } from "./plan-offers";

function offerFor(tier: "freemium" | "premium") {
  const offer = planOffers.find((candidate) => candidate.tier === tier);
  if (!offer) throw new Error(`No offer for ${tier}`);
  return offer;
}

describe("planOffers", () => {
  it("lists each plan's items in the shared plan words", () => {
    expect(offerFor("freemium").highlights).toEqual(planWords("freemium").included);
    expect(offerFor("premium").highlights).toEqual(planWords("premium").included);
  });

  it("never marks a plan that cannot be bought as most popular", () => {
    expect(premiumForSale).toBe(false);
    expect(offerFor("premium")).toMatchObject({ isMostPopular: false, isComingSoon: true });
    expect(offerFor("freemium")).toMatchObject({ isMostPopular: false, isComingSoon: false });
  });
});
