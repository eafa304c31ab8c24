import { describe, expect, it } from "vitest";
import { premiumAssistantFairUse, tierCapabilities } from "../../../shared/plans";
import { planOffers } from "./plan-offers";

function offerFor(tier: "freemium" | "premium") {
  const offer = planOffers.find((candidate) => candidate.tier === tier);
  if (!offer) throw new Error(`No offer for ${tier}`);
  return offer;
}

describe("planOffers", () => {
  it("lists Freemium's allowances from the shared plan rules", () => {
    const { propertyQuota, dailyAnnotationQuota } = tierCapabilities.freemium;

    expect(offerFor("freemium").highlights).toEqual([
      `${propertyQuota} locked property`,
      `${dailyAnnotationQuota} annotations per day`,
      "List and add annotations",
      "Basic AI assistant",
      "Dual mode: Agent Mode and Property View",
    ]);
  });

  it("lists Premium's allowances from the shared plan rules", () => {
    const { propertyQuota, dailyAnnotationQuota } = tierCapabilities.premium;

    expect(offerFor("premium").highlights).toEqual([
      `Up to ${propertyQuota} properties`,
      `${dailyAnnotationQuota} annotations per day`,
      "Full CRUD: create, list, edit and delete",
      "AI annotation audit",
      "Custom categories and naming templates",
      `AI assistant: fair use, up to ${premiumAssistantFairUse.messagesPerDay} messages a day`,
    ]);
  });

  it("marks Premium, and only Premium, as most popular and coming soon", () => {
    expect(offerFor("premium")).toMatchObject({ isMostPopular: true, isComingSoon: true });
    expect(offerFor("freemium")).toMatchObject({ isMostPopular: false, isComingSoon: false });
  });
});
