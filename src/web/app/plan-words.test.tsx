import "../test-support/setup-dom-tests";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { planWords, subscriptionTiers, type SubscriptionTier } from "../../shared/plans";
import { jsonResponse, makeUser, signedInAs, stubApi } from "../test-support/fake-api";
import { renderAppAt } from "../test-support/render-app";

afterEach(() => {
  vi.unstubAllGlobals();
});

const free = makeUser({ subscriptionTier: "freemium" });
const premium = makeUser({ subscriptionTier: "premium", annotationQuota: 50, propertyQuota: 5 });

function itemsOf(list: HTMLElement): string[] {
  return within(list)
    .getAllByRole("listitem")
    .map((item) => item.textContent?.trim() ?? "");
}

/** The first list inside a plan's card, dialog section or account card: what the plan includes. */
function firstList(container: HTMLElement): HTMLElement {
  return within(container).getAllByRole("list")[0]!;
}

/** Each place lists a plan's items; all four must read exactly as shared/plans.ts words them. */
const places: Record<string, (tier: SubscriptionTier) => Promise<string[]>> = {
  "the landing page's pricing": async (tier) => {
    stubApi({});
    renderAppAt("/");
    const card = await screen.findByRole("article", {
      name: tier === "premium" ? "Premium" : "Freemium",
    });
    return itemsOf(firstList(card));
  },
  "/plans": async (tier) => {
    stubApi({ "GET /api/auth/user": signedInAs(free) });
    renderAppAt("/plans");
    const card = await screen.findByRole("article", {
      name: tier === "premium" ? "Premium" : "Freemium",
    });
    return itemsOf(firstList(card));
  },
  "the upgrade dialog": async (tier) => {
    stubApi({
      "GET /api/auth/user": signedInAs(free),
      "GET /api/google/status": () => jsonResponse(200, { connected: false, canWrite: false }),
      "GET /api/properties": () => jsonResponse(200, { properties: [] }),
    });
    renderAppAt("/dashboard");
    const plan = await screen.findByRole("complementary", { name: "Your plan" });
    await userEvent.setup().click(within(plan).getByRole("button", { name: "Upgrade" }));
    const dialog = await screen.findByRole("dialog", { name: "Upgrade to Premium" });
    const section = within(dialog).getByRole("region", {
      name: tier === "premium" ? "Premium" : "Freemium",
    });
    return itemsOf(firstList(section));
  },
  "/account": async (tier) => {
    stubApi({
      // In the audit's beta: the words of the plan itself (outside it, see below).
      "GET /api/auth/user": signedInAs(
        tier === "premium" ? { ...premium, isAuditBetaUser: true } : free,
      ),
      "GET /api/google/status": () => jsonResponse(200, { connected: true, canWrite: true }),
    });
    renderAppAt("/account");
    return itemsOf(await screen.findByRole("list", { name: "Included" }));
  },
};

describe("plan words", () => {
  for (const [place, read] of Object.entries(places)) {
    for (const tier of subscriptionTiers) {
      it(`${place} lists ${tier}'s items in the words of shared/plans.ts`, async () => {
        expect(await read(tier)).toEqual(planWords(tier).included);
      });
    }
  }

  it("words them plainly: no jargon, and Free never reads 'Any GA4 property'", () => {
    const all = subscriptionTiers.flatMap((tier) => [
      ...planWords(tier).included,
      ...planWords(tier).notIncluded,
    ]);
    for (const item of all) expect(item).not.toMatch(/CRUD|Any GA4 property/i);
    expect(planWords("freemium").included.join(" ")).toMatch(/1 GA4 property/);
    // Premium's audit says it is a private beta wherever Premium lists it.
    expect(planWords("premium").included).toContain("AI audit of your annotations (private beta)");
    expect(planWords("freemium").notIncluded).toContain(
      "AI audit of your annotations (private beta)",
    );
  });

  it("tells a Premium person outside the audit's beta, on /account and /plans, that it is not open to them yet", async () => {
    const outside = planWords("premium", premium).included;
    expect(outside).toContain(
      "AI audit of your annotations (private beta, not open to your account yet)",
    );
    expect(outside).not.toContain("AI audit of your annotations (private beta)");

    stubApi({
      "GET /api/auth/user": signedInAs(premium),
      "GET /api/google/status": () => jsonResponse(200, { connected: true, canWrite: true }),
    });
    const { unmount } = renderAppAt("/account");
    expect(itemsOf(await screen.findByRole("list", { name: "Included" }))).toEqual(outside);
    unmount();

    stubApi({ "GET /api/auth/user": signedInAs(premium) });
    renderAppAt("/plans");
    const card = await screen.findByRole("article", { name: "Premium" });
    expect(itemsOf(firstList(card))).toEqual(outside);
    // The free plan's card, and the same plan read by someone else, keep the plan's own words.
    expect(planWords("premium", free).included).toEqual(planWords("premium").included);
  });
});
