import { describe, expect, it } from "vitest";
import { decideSignedInHome } from "./home-decision";

describe("decideSignedInHome", () => {
  it("sends someone without a tier and without a stored plan to /plans", () => {
    expect(decideSignedInHome({ tier: null, authIntent: null, storedPlan: null })).toEqual({
      kind: "choose-plan",
    });
    expect(decideSignedInHome({ tier: null, authIntent: "signup", storedPlan: null })).toEqual({
      kind: "choose-plan",
    });
  });

  it.each(["freemium", "premium"] as const)(
    "applies a stored %s plan for someone without a tier",
    (plan) => {
      expect(decideSignedInHome({ tier: null, authIntent: "login", storedPlan: plan })).toEqual({
        kind: "apply-stored-plan",
        plan,
      });
    },
  );

  it("opens the dashboard in Property View right after sign-in for someone with a tier", () => {
    expect(decideSignedInHome({ tier: "freemium", authIntent: "login", storedPlan: null })).toEqual(
      {
        kind: "open-dashboard",
      },
    );
    expect(
      decideSignedInHome({ tier: "premium", authIntent: "signup", storedPlan: "freemium" }),
    ).toEqual({
      kind: "open-dashboard",
    });
  });

  it("shows mode selection to someone with a tier on any other visit, ignoring a leftover stored plan", () => {
    expect(decideSignedInHome({ tier: "premium", authIntent: null, storedPlan: null })).toEqual({
      kind: "choose-mode",
    });
    expect(
      decideSignedInHome({ tier: "freemium", authIntent: null, storedPlan: "premium" }),
    ).toEqual({
      kind: "choose-mode",
    });
  });
});
